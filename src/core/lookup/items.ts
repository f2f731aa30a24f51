// What a lookup pass is given and what it answers, key by key.
import type { ApiError, CallOutcome, ClientConfig } from '../api/outcome';
import { DOCUMENTED_PACE, type Pacer, type SharedPacer } from '../api/pacing';
import type { EnrichmentRequest } from '../api/wire';
import type { BudgetDeps } from '../billing/budget';
import type { Buyer } from '../billing/buyer';
import { cacheResolver } from '../billing/resolve';
import type { CachedAnswer } from '../cache/entries';
import type { ResultCache } from '../cache/result-cache';
import type { JobRecord } from '../jobs/registry';
import type { Operation } from '../operations/types';
import { HELD_LOCK } from '../platform/locked-section';
import type { BatchStorePort, LockPort, SheetStorePort, TtlCachePort } from '../platform/ports';

export interface LookupItem {
  key: string;
  op: Operation;
  request: EnrichmentRequest;
  /** The cell or run this lookup serves (`Sheet1!B2`), for its purchase's record. */
  served?: string;
}

/**
 * `lent`: the saved answer the memory across the user's spreadsheets gave (cache/user-memory.ts),
 * which this document does not hold yet: a run keeps it as the document's own (bulk/slice/lent.ts).
 */
export type LookupResult =
  | { kind: 'found'; result: unknown; cached: boolean; credits: number; job?: JobRecord; lent?: CachedAnswer }
  | { kind: 'miss'; cached: boolean; credits: number; lent?: CachedAnswer }
  | { kind: 'pending'; job: JobRecord }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'expired'; job: JobRecord }
  | { kind: 'refused'; message: string }
  | ({ kind: 'deferred' } & Deferral);

/**
 * Why a lookup was not bought now, though nothing is wrong: it only waits its turn and costs
 * nothing yet. A formula queues it for the add-on's own executions, a bulk slice defers it.
 */
export type Deferral =
  /** Another execution is buying this answer right now; it will be in the cache shortly. */
  | { reason: 'buying-elsewhere' }
  /** The document's lock was busy: nothing was claimed or reserved (the message says so). */
  | { reason: 'lock-busy'; message: string }
  /** No time or room at the pace was left to send it (api/client.ts); the message says which. */
  | { reason: 'not-sent'; message: string };

export interface LookupDeps {
  client: ClientConfig;
  cache: ResultCache;
  /** Document properties: the job registry and the spend ledger live here. */
  store: BatchStorePort;
  lock: LockPort;
  /**
   * Shares the API's rate limit with the document's other executions; without it, paces alone.
   * A shared pacer's first turn is booked in the pass's locked booking (booking.ts).
   */
  pacer?: Pacer | SharedPacer;
  /** The Edit trigger's note (platform/edit-note.ts), where a started job tells the collector's drivers. */
  editNote?: TtlCachePort;
  /**
   * The hidden ledger sheet, in an execution that may write it (never a formula's): bookings that
   * fill the record's waiting pages move them there (BudgetDeps.sheet).
   */
  purchaseSheet?: SheetStorePort;
}

export interface LookupContext {
  /**
   * Who buys, as the record of purchases and a job's record name it; whose budget follows from it:
   * formulas are capped a day, the rest is confirmed by the user.
   */
  buyer: Buyer;
  /**
   * Saved answers paid before this time (clock ms) do not answer: Buy again and a bulk run's
   * refresh buy them anew, and the new answers replace them. Absent: every saved answer counts.
   */
  paidAfter?: number;
  spreadsheetId: string;
  /** The spreadsheet's calendar day, for the ledger. */
  day: string;
  deadline: number;
  formulaDailyCap: number;
  retryServerErrors: boolean;
  maxRequestsPerSecond?: number;
  /** Poll 202s inline until the deadline (formulas), or hand them to the job collector at once. */
  pollJobs: boolean;
  /**
   * Why this pass may buy nothing (an editor's formula and the owner's own key, server/api-key.ts),
   * asked once before anything is claimed: what it would buy is refused with it, saved answers
   * still answer.
   */
  refusal?: () => string | null;
  /**
   * A trigger's execution, which Google may stop at any instant for the day's trigger-time quota:
   * paid answers are kept batch by batch (keep-batches.ts). A watch's step says so of its slices.
   */
  stoppable?: boolean;
  /** Work the user watches as it goes (a bulk run's slice): told of each answer, asked to stop. */
  live?: LiveWork;
}

/** What the user sees of work while it sends (a bulk run's progress, its Pause and Cancel). */
export interface LiveWork {
  /** The user stopped the work meanwhile (a bulk run's Pause or Cancel): nothing more is sent. */
  stopAsked(): boolean;
  /** A lookup came back answered, at this cost. */
  answered(credits: number): void;
}

/**
 * The budget's ports. `section`: the store of a locked section the caller holds, which the budget
 * then reads and writes without asking for the lock again. Where the execution may write sheets,
 * pages of purchases that fill their slots go to the hidden record's sheet rather than being folded.
 */
export const budgetDeps = (deps: LookupDeps, section?: BatchStorePort): BudgetDeps => ({
  store: section ?? deps.store,
  lock: section ? HELD_LOCK : deps.lock,
  clock: deps.client.clock,
  resolve: cacheResolver(deps.cache),
  ...(deps.purchaseSheet ? { sheet: deps.purchaseSheet } : {}),
});

/** Whether a saved answer (paid at `at`) answers this pass; see LookupContext.paidAfter. */
export const answersPass = (ctx: Pick<LookupContext, 'paidAfter'>, at: number): boolean =>
  ctx.paidAfter === undefined || at >= ctx.paidAfter;

/** Whether a job record stands for this pass: one still running, or one finished after paidAfter. */
export const jobServesPass = (ctx: Pick<LookupContext, 'paidAfter'>, job: JobRecord): boolean =>
  job.state === 'processing' || answersPass(ctx, job.updatedAt);

export function fromCache(answer: CachedAnswer): LookupResult {
  const credits = answer.credits ?? 0;
  const lent = answer.boughtIn === undefined ? {} : { lent: answer };
  return answer.kind === 'found'
    ? { kind: 'found', result: answer.result, cached: true, credits, ...lent }
    : { kind: 'miss', cached: true, credits, ...lent };
}

/** What a call's outcome answers; a call the client never sent (`not_sent`) only waits its turn. */
export function fresh(outcome: CallOutcome, credits: number): LookupResult | null {
  if (outcome.kind === 'found') return { kind: 'found', result: outcome.result, cached: false, credits };
  if (outcome.kind === 'miss') return { kind: 'miss', cached: false, credits };
  if (outcome.kind === 'failed')
    return outcome.error.code === 'not_sent'
      ? { kind: 'deferred', reason: 'not-sent', message: outcome.error.message }
      : { kind: 'failed', error: outcome.error };
  return null;
}

export const now = (deps: LookupDeps) => deps.client.clock.now();

/**
 * The pace to plan on now: the pacer's latest (it learns while this execution sends), else the one
 * the execution found when it started, else the documented start.
 */
export const paceNow = (deps: LookupDeps, ctx: Pick<LookupContext, 'maxRequestsPerSecond'>): number =>
  deps.pacer?.seen() ?? ctx.maxRequestsPerSecond ?? DOCUMENTED_PACE;

/**
 * How many of `wanted` lookups to take on for `ms` of sending: twice what the pace sends now,
 * since it may double once meanwhile, or for more than that (a run's, not a formula's, whose
 * queued cells promise times) what the pace may reach climbing (api/pace-log.ts), which costs a
 * read of it. What does not go out is let go, costing nothing.
 */
export function lookupsThatFit(
  deps: LookupDeps,
  ctx: Pick<LookupContext, 'maxRequestsPerSecond' | 'buyer'>,
  ms: number,
  wanted: number,
): number {
  const twice = Math.max(1, Math.floor((2 * paceNow(deps, ctx) * ms) / 1000));
  if (ctx.buyer === 'formula' || wanted <= twice) return twice;
  return deps.pacer?.reach(now(deps), ms) ?? twice;
}

/**
 * Sending stops this long before the deadline: storing the answers, the closing section (the
 * lock, one read, one write) and the cells' rendering are round trips too, and a formula that
 * passes its 30 s loses every row it bought.
 */
const AFTER_SENDING_MS = 2_000;

/** When the last POST of the pass may go. */
export const sendingDeadline = (ctx: LookupContext) => ctx.deadline - AFTER_SENDING_MS;
