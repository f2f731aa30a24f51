// The API's real pace, three ways (issue 29). The vendor documents single lookups as held to about
// one a second per key, whatever the plan table says; the add-on starts there and learns upwards,
// and Credit settings' "Most requests a second" is only a ceiling. Each headline scenario runs:
//  (a) the key held to 1 a second (the fake API's default), every setting at its default;
//  (b) a key that really allows 10 a second, no setting touched: the add-on must learn it;
//  (c) the ceiling set to 10 in Credit settings while the key is held to 1 a second.
// The other scenarios run on a plan of 10 a second, the pace already learned (`onPlan`), so that
// their figures stay comparable with the naive baseline's and with earlier runs.
import { performance } from 'node:perf_hooks';
import { createWorld, saveSettings, type World } from '../test/bundle/harness';

export type WayId = 'a' | 'b' | 'c';

export interface Way {
  id: WayId;
  label: string;
  /** What the fake API really allows the key, POSTs a second. */
  keyRate: number;
  /** Credit settings' "Most requests a second", when the user set it. */
  ceiling?: number;
}

export const WAYS: readonly Way[] = [
  { id: 'a', label: 'key held to 1/s, every setting at its default', keyRate: 1 },
  { id: 'b', label: 'key allows 10/s, no setting touched (learned)', keyRate: 10 },
  { id: 'c', label: 'ceiling set to 10/s, key held to 1/s', keyRate: 1, ceiling: 10 },
];

/** The plan the comparable scenarios run on: 10 a second, learned before they start. */
export const PLAN_PER_SECOND = 10;
export const LATENCY_MS = 300;

type WorldOptions = NonNullable<Parameters<typeof createWorld>[0]>;

/**
 * Every benchmark world runs its clock triggers as late as Google may (platform-assumptions T5:
 * an hourly trigger up to an hour after its time), so a figure that waits on one is a bound.
 */
function latest(options: WorldOptions): WorldOptions {
  return { ...options, emulator: { clockTriggerDelay: 'latest', ...options.emulator } };
}

/** A world whose key the fake API holds to the way's pace, with the way's settings. */
export function wayWorld(way: Way, options: WorldOptions): World {
  const world = createWorld(latest({ ...options, api: { ...options.api, rateLimitPerSecond: way.keyRate } }));
  if (way.ceiling !== undefined) saveSettings(world, { requestsPerSecond: way.ceiling });
  return world;
}

/** A world on a plan of 10 a second: the key allows it, the ceiling says it, the pace is learned. */
export function onPlan(options: WorldOptions): World {
  return createWorld(latest({ ...options, plan: PLAN_PER_SECOND }));
}

/** POSTs the API refused with 429, from its ledger. */
export const refused = (world: World) =>
  world.api.callsFor(world.key).filter((call) => call.method.toUpperCase() === 'POST' && call.status === 429)
    .length;

/**
 * The lookups the work needed: distinct (type, input) among the POSTs the API took, and what
 * they cost bought once each (the first charge of each), the least the work could cost.
 */
export function distinctLookups(world: World): { lookups: number; credits: number } {
  const id = (item: { type: string | null; input: string | null }) => `${item.type}\u0000${item.input}`;
  const posted = world.api
    .callsFor(world.key)
    .filter((call) => call.method.toUpperCase() === 'POST' && call.status !== 429);
  const charged = new Map<string, number>();
  for (const charge of world.api.chargesFor(world.key)) {
    if (!charged.has(id(charge))) charged.set(id(charge), charge.credits);
  }
  return {
    lookups: new Set(posted.map(id)).size,
    credits: [...charged.values()].reduce((sum, credits) => sum + credits, 0),
  };
}

/** What each headline scenario reports, each way. */
export interface PaceFigures {
  /** Simulated seconds from the start until the last row was answered (or the scenario ended). */
  seconds: number;
  /** The least time the key's real pace allows: the lookups needed over its requests a second. */
  boundSeconds: number;
  /** POSTs the API refused with 429. */
  refused: number;
  credits: number;
  minimumCredits: number;
  /** Rows with no answer when the scenario ended. */
  unanswered: number;
}

export interface PaceResults<T> {
  way: WayId;
  figures: T;
}

/** Runs `scenario` each way, timing it in real seconds (printed, so a slow way shows). */
export function eachWay<T>(name: string, scenario: (way: Way) => T): PaceResults<T>[] {
  return WAYS.map((way) => {
    const started = performance.now();
    const figures = scenario(way);
    console.log(`  ${name} (${way.id}): ${Math.round((performance.now() - started) / 1000)} s real`);
    return { way: way.id, figures };
  });
}
