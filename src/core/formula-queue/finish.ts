// Finishing a formula's queued lookups from an execution with 6 minutes: its inputs are read again
// from its own argument cells, answers already paid are skipped, and the rest is bought through
// the one lookup pass in slices a formula's lifetime long, so claims, budget holds and the pace
// behave exactly as for the formula itself (each slice's holds settle well inside their 45 s).

import type { CachedAnswer } from '../cache/entries';
import { formulaRows } from '../formulas/formula-rows';
import type { Prepared } from '../formulas/request';
import {
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  type LookupResult,
  lookupsThatFit,
} from '../lookup/items';
import { lookupMany } from '../lookup/pass';

/** A slice is bought like one formula execution: 25 s of sending, then its answers are stored. */
const SLICE_MS = 25_000;
/** A slice is not started with less time left than this: its writes need a few seconds. */
const MIN_SLICE_MS = 8_000;
/**
 * After a slice that bought nothing (the pace had no turn before its deadline: a long Retry-After,
 * a storm of refusals), the next waits this long: a refusal never ends work there is time for.
 */
const NO_PROGRESS_WAIT_MS = 10_000;

export interface FinishOutcome {
  /** The keys of the lookups still not bought. */
  left: Set<string>;
  /** Why buying stopped for good (the daily budget, a refused key, no credits); null otherwise. */
  stopped: string | null;
  /** The stop is the day's formula budget: the next day may buy the rest. */
  forTheDay: boolean;
  bought: number;
}

/**
 * The distinct lookups `=NAME(args…)` needs, keyed as the formula keys them; `servedAt(i)` names
 * the cell of the formula's row i, for the record of purchases.
 */
export function formulaItems(
  functionName: string,
  args: readonly unknown[],
  keyOf: (request: Extract<Prepared, { kind: 'request' }>['request']) => string,
  servedAt?: (index: number) => string,
): LookupItem[] {
  const rows = formulaRows(functionName, args);
  if (!rows.ok) return [];
  const items = new Map<string, LookupItem>();
  rows.rows.forEach((row, index) => {
    if (row.prepared.kind !== 'request' || !row.op) return;
    const key = keyOf(row.prepared.request);
    const served = servedAt?.(index);
    if (!items.has(key))
      items.set(key, { key, op: row.op, request: row.prepared.request, ...(served ? { served } : {}) });
  });
  return [...items.values()];
}

/**
 * Buys what `items` still lack, slice after slice, until all are answered, something stops the
 * buying, no slice makes progress, or `until` comes. Answers already paid cost nothing.
 */
export function finishLookups(
  deps: LookupDeps,
  items: readonly LookupItem[],
  ctx: Omit<LookupContext, 'deadline'>,
  until: number,
): FinishOutcome {
  const { clock } = deps.client;
  const saved: Map<string, CachedAnswer> = deps.cache.getMany(items.map((item) => item.key));
  let remaining = items.filter((item) => !saved.has(item.key));
  let bought = 0;
  while (remaining.length > 0 && clock.now() + MIN_SLICE_MS <= until) {
    // Sized at the pace as last seen: it is learned as the slices go.
    const slice = remaining.slice(0, lookupsThatFit(deps, ctx, SLICE_MS, remaining.length));
    const deadline = Math.min(clock.now() + SLICE_MS + 2_000, until);
    const results = lookupMany(deps, slice, { ...ctx, deadline });
    const waiting = slice.filter((item) => results.get(item.key)?.kind === 'deferred');
    // What the budget refused is still to buy, the next day.
    const refused = slice.filter((item) => results.get(item.key)?.kind === 'refused');
    const stopped = stopReason(slice, results);
    bought += slice.length - waiting.length - refused.length;
    remaining = [...waiting, ...refused, ...remaining.slice(slice.length)];
    if (stopped !== null) return { left: keysOf(remaining), ...stopped, bought };
    if (waiting.length < slice.length) continue;
    if (clock.now() + NO_PROGRESS_WAIT_MS + MIN_SLICE_MS > until) break;
    clock.sleep(NO_PROGRESS_WAIT_MS);
  }
  return { left: keysOf(remaining), stopped: null, forTheDay: false, bought };
}

const keysOf = (items: readonly LookupItem[]) => new Set(items.map((item) => item.key));

/**
 * The daily budget (the one refusal a collector's lookups meet), a refused key or no credits:
 * buying more now would only be refused again.
 */
function stopReason(slice: readonly LookupItem[], results: Map<string, LookupResult>) {
  for (const item of slice) {
    const result = results.get(item.key);
    if (result?.kind === 'refused') return { stopped: result.message, forTheDay: true };
    if (result?.kind === 'failed' && result.error.fatal)
      return { stopped: result.error.message, forTheDay: false };
  }
  return null;
}
