// What a network blip costs under each way of sending POSTs. Apps Script's fetchAll throws for a
// whole batch when one request fails at the network level, and the answers of the batch's POSTs
// the API already charged are lost with it; the API has no idempotency keys, so an answer lost
// after its charge can only be bought again. This scenario sends 10,000 distinct 1-credit
// lookups through the add-on's own client (src/core/api/client.ts) against the fake API, on a virtual
// clock, with each request failing at the network level with probability 1/1,000 (half of the
// failures before the request reaches the API, half after it was charged), and counts the
// credits spent beyond one per lookup, the answers never obtained, and the simulated time.

import { enrichMany } from '../src/core/api/client';
import type { CallOptions } from '../src/core/api/outcome';
import { localPacer } from '../src/core/api/pacing';
import type { ClockPort, HttpPort, HttpRequest, HttpResponse } from '../src/core/platform/ports';
import { FakeApi } from '../tools/fake-api/fake-api';
import { sized } from './mode';

export interface BlipStrategy {
  name: string;
  /** POSTs per fetchAll: a number, or undefined for the client's default (one round trip's worth). */
  maxBatch?: number;
  /** Whether the client sends a lost POST once more (flagged, booked as possibly charged twice). */
  resendLost: boolean;
  /** The adapter before this change: on a failed batch it re-sent every request, one by one. */
  adapterResendsAll?: boolean;
}

export const BLIP_STRATEGIES: readonly BlipStrategy[] = [
  {
    name: 'batches of 10, adapter re-sends the batch (before)',
    maxBatch: 10,
    resendLost: false,
    adapterResendsAll: true,
  },
  { name: 'batches of 10, lost POSTs re-sent alone and booked', maxBatch: 10, resendLost: true },
  { name: 'batches of 5, lost POSTs re-sent alone and booked', maxBatch: 5, resendLost: true },
  { name: 'what is due at the rate (4 at most), re-sent alone and booked (ours)', resendLost: true },
  { name: 'what is due at the rate (4 at most), never re-sent', resendLost: false },
  { name: 'one POST a fetch, re-sent alone and booked', maxBatch: 1, resendLost: true },
];

export interface BlipFigures {
  strategy: string;
  lookups: number;
  /** Mean over the seeds. */
  blips: number;
  /** Credits that bought no answer the user got. */
  creditsWasted: number;
  /** Lookups left without an answer (a user must buy them again). */
  answersLost: number;
  /** Resends the ledger books as possibly charged twice. */
  resendsBooked: number;
  simulatedSeconds: number;
  /** Worst seed: credits wasted. */
  worstCreditsWasted: number;
}

export interface BlipConditions {
  lookups: number;
  blipRate: number;
  latencyMs: number;
  ratePerSecond: number;
  seeds: number;
}

export const BLIP_CONDITIONS: BlipConditions = {
  lookups: sized(10_000, 2_000),
  blipRate: 1 / 1000,
  latencyMs: 300,
  ratePerSecond: 10,
  seeds: 5,
};

/** Deterministic, so a strategy's figures can be compared run to run (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Clock implements ClockPort {
  time = Date.UTC(2026, 10, 22);
  now = () => this.time;
  sleep = (ms: number) => {
    this.time += Math.max(0, ms);
  };
}

const LOST = Symbol('lost');

/** fetchAll as Apps Script does it, over the fake API, where any request may meet a blip. */
function blippyHttp(api: FakeApi, clock: Clock, chance: () => number, c: BlipConditions, s: BlipStrategy) {
  let blips = 0;
  const one = (request: HttpRequest): HttpResponse | typeof LOST => {
    const blip = chance() < c.blipRate;
    if (blip) blips += 1;
    if (blip && chance() < 0.5) return LOST;
    const answer = api.handle({
      method: request.method.toUpperCase(),
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
    });
    return blip ? LOST : { status: answer.status, body: answer.body };
  };
  const http: HttpPort = {
    fetchAll(requests) {
      const answers = requests.map(one);
      clock.sleep(c.latencyMs);
      if (!answers.includes(LOST)) return answers as HttpResponse[];
      if (!s.adapterResendsAll) return requests.map(() => ({ status: 0, body: 'Connection reset' }));
      return requests.map((request) => {
        const again = one(request);
        clock.sleep(c.latencyMs);
        return again === LOST ? { status: 0, body: 'Connection reset' } : again;
      });
    },
  };
  return { http, blips: () => blips };
}

function runOnce(strategy: BlipStrategy, c: BlipConditions, seed: number) {
  const clock = new Clock();
  const api = new FakeApi({ clock, rateLimitPerSecond: c.ratePerSecond });
  const key = api.createAccount({ credits: 10 * c.lookups });
  const { http, blips } = blippyHttp(api, clock, random(seed), c, strategy);
  const cfg = { baseUrl: 'https://api.enrichment.example/', apiKey: key, http, clock };
  const requests = Array.from({ length: c.lookups }, (_, i) => ({
    type: 'company_name_to_website' as const,
    input_data: `Blip Company ${seed}-${i}`,
  }));
  const started = clock.now();
  const options: CallOptions = {
    deadline: Number.POSITIVE_INFINITY,
    retryServerErrors: true,
    maxRequestsPerSecond: c.ratePerSecond,
    resendLost: strategy.resendLost,
    ...(strategy.maxBatch === undefined ? {} : { maxBatch: strategy.maxBatch }),
  };
  const outcomes = enrichMany(cfg, requests, { ...options, pacer: localPacer(c.ratePerSecond) });
  const answersLost = outcomes.filter((outcome) => outcome.kind === 'failed').length;
  return {
    blips: blips(),
    // Each answer costs 1 credit (company_name_to_website, in the spec): any other credit bought
    // nothing the user got. A lost answer is still to be bought, on top of this.
    creditsWasted: api.spent(key) - (c.lookups - answersLost),
    answersLost,
    resendsBooked: outcomes.filter((outcome) => outcome.resent).length,
    seconds: (clock.now() - started) / 1000,
  };
}

export function measureBlips(c: BlipConditions = BLIP_CONDITIONS): BlipFigures[] {
  return BLIP_STRATEGIES.map((strategy) => {
    const runs = Array.from({ length: c.seeds }, (_, seed) => runOnce(strategy, c, seed + 1));
    const mean = (pick: (run: (typeof runs)[number]) => number) =>
      Math.round((runs.reduce((sum, run) => sum + pick(run), 0) / runs.length) * 10) / 10;
    return {
      strategy: strategy.name,
      lookups: c.lookups,
      blips: mean((run) => run.blips),
      creditsWasted: mean((run) => run.creditsWasted),
      answersLost: mean((run) => run.answersLost),
      resendsBooked: mean((run) => run.resendsBooked),
      simulatedSeconds: mean((run) => run.seconds),
      worstCreditsWasted: Math.max(...runs.map((run) => run.creditsWasted)),
    };
  });
}
