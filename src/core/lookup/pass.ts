// One paid lookup pass, shared by formulas and bulk runs. The order is what keeps credits safe:
//   1. answers already paid for (the result cache)        -> free
//      and, for formulas, provider errors paid lately     -> shown again, free (cache/held-failures.ts)
//   2. jobs already started for the same query (registry) -> collected, never re-posted
//   3. the spending guard grants what fits the budget     -> the rest is refused, not sent
//   4. the API, batched and paced with the document's     -> paid answers stored before returning
//      other executions (api/pacing.ts)

import type { LookUpOptions } from '../cache/layered-read';
import { readJobs } from '../jobs/registry';
import { LOCK_BUSY_MESSAGE, NOT_SENT_BARE, OUT_OF_TIME_MESSAGE } from '../text/catalogue/queue';
import { claimAndReserve, closeSection, type Settlement } from './booking';
import { attachDeliveries } from './deliveries';
import {
  answersPass,
  fromCache,
  jobServesPass,
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  type LookupResult,
  lookupsThatFit,
  sendingDeadline,
} from './items';
import { collectKnownJobs } from './known-jobs';
import { awaitOthers, takeAnsweredSince } from './others';
import { OUT_OF_CREDITS_PROPERTY, sendNew } from './send';

/**
 * Looks up every item, each distinct key at most once, and answers by key. Paid answers are in
 * the cache and the spend in the ledger before this returns; a job still running is registered.
 */
export function lookupMany(
  deps: LookupDeps,
  items: readonly LookupItem[],
  ctx: LookupContext,
): Map<string, LookupResult> {
  const results = new Map<string, LookupResult>();
  const unique = [...new Map(items.map((item) => [item.key, item])).values()];
  if (unique.length === 0) return results;

  // Read document properties at most once before the locked steps: the cache's durable layer
  // and the job registry live in the same store, and every read counts against a daily quota. A
  // formula read them already, with its settings: the store holds that read in hand.
  const inHand = deps.store.takeInHand?.();
  let snapshot = inHand;
  const readStore = () => {
    snapshot ??= deps.store.getAll();
    return snapshot;
  };
  takeSaved(deps, unique, ctx, inHand ?? readStore, results);
  const uncached = unique.filter((item) => !results.has(item.key));
  const lists = unique.filter((item) => item.op.shape === 'employees');
  if (uncached.length === 0 && lists.length === 0) return results;

  const stored = readStore();
  const jobs = readJobs(deps.store, stored).filter((job) => jobServesPass(ctx, job));
  const known = new Map(jobs.map((job) => [job.key, job]));
  const withJob = uncached.filter((item) => known.has(item.key));
  collectKnownJobs(deps, withJob, known, ctx, results);
  const unsent = uncached.filter((item) => !known.has(item.key));
  const refusal = unsent.length > 0 ? (ctx.refusal?.() ?? null) : null;
  // Refused whole: what is left unsent would be queued for the add-on's executions to buy.
  const room =
    refusal === null ? Math.min(sendingRoom(deps, ctx, unsent.length), deps.cache.durableRoom(stored)) : 0;
  for (const item of unsent.slice(room))
    results.set(item.key, refusal === null ? NO_TIME_LEFT : { kind: 'refused', message: refusal });
  const sendable = unsent.slice(0, room);
  if (sendable.length > 0) buyUnsent(deps, sendable, ctx, OUT_OF_CREDITS_PROPERTY in stored, results);
  attachDeliveries(deps, lists, known, results, ctx);
  // Every key is answered: one the pass could not settle was not sent, and waits its turn.
  for (const item of unsent) if (!results.has(item.key)) results.set(item.key, NOT_SENT);
  return results;
}

/** What a lookup the deadline leaves no room for says; the formula queues it, a bulk slice defers it. */
const NO_TIME_LEFT: LookupResult = { kind: 'deferred', reason: 'not-sent', message: OUT_OF_TIME_MESSAGE };
const NOT_SENT: LookupResult = { kind: 'deferred', reason: 'not-sent', message: NOT_SENT_BARE.text };

/**
 * How many lookups the pace can send before the deadline (and, where no sheet is written, the
 * properties can keep: ResultCache.durableRoom): only these are claimed and reserved,
 * so that 5,000 new inputs do not write 5,000 claims (past the store's 9 KB a value) for lookups
 * that could never go out in one execution. The rest wait, costing nothing.
 */
function sendingRoom(deps: LookupDeps, ctx: LookupContext, wanted: number): number {
  return lookupsThatFit(deps, ctx, sendingDeadline(ctx) - deps.client.clock.now(), wanted);
}

/** Answers already paid for: the cache, and for formulas the provider errors paid lately. */
function takeSaved(
  deps: LookupDeps,
  unique: readonly LookupItem[],
  ctx: LookupContext,
  store: LookUpOptions['store'],
  results: Map<string, LookupResult>,
): void {
  const { answers, held } = deps.cache.lookUp(
    unique.map((item) => item.key),
    {
      store,
      // Held in the document properties, read in the same round trip as its answers.
      heldFailures: ctx.buyer === 'formula',
    },
  );
  for (const [key, answer] of answers) {
    if (answersPass(ctx, answer.at)) results.set(key, fromCache(answer));
  }
  for (const [key, error] of held) results.set(key, { kind: 'failed', error });
}

/**
 * Claims and reserves the keys nobody answered, sends what was granted, closes the section, and
 * waits for what another execution is buying: never buys a key twice.
 */
function buyUnsent(
  deps: LookupDeps,
  unsent: readonly LookupItem[],
  ctx: LookupContext,
  flaggedOutOfCredits: boolean,
  results: Map<string, LookupResult>,
): void {
  const booked = claimAndReserve(deps, unsent, ctx);
  if (booked === null) {
    for (const item of unsent)
      results.set(item.key, { kind: 'deferred', reason: 'lock-busy', message: LOCK_BUSY_MESSAGE });
    return;
  }
  const { claimed } = booked;
  takeAnsweredSince(deps, claimed.all, unsent, ctx, results);
  let settlement: Settlement | null = null;
  try {
    // For the answers' first save to take (platform/execution-store.ts); let go of at the end,
    // whether a save took it or not: no later step may plan on it.
    deps.store.hold?.(booked.view);
    if (booked.items.length > 0) settlement = sendNew(deps, booked, ctx, results, flaggedOutOfCredits);
  } finally {
    // Claims kept in the reservation end with it.
    closeSection(deps, ctx, settlement, claimed.inShards ? claimed.mine : []);
    deps.store.takeInHand?.();
  }
  const taken = unsent.filter((item) => claimed.taken.includes(item.key));
  // Buy again asks for an answer newer than its start. Another execution's claim is most often a
  // formula that bought the key moments ago and keeps its claim until its deadline: its answer
  // would not serve, so waiting it out only holds the sidebar. The key is said to be busy at once.
  if (ctx.buyer === 'buyAgain') {
    for (const item of taken) results.set(item.key, { kind: 'deferred', reason: 'buying-elsewhere' });
    return;
  }
  awaitOthers(deps, taken, ctx, results);
}
