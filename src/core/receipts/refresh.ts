// Buy again as a refresh within a budget (issue 41): the selection's formulas' lookups, bought again
// oldest saved answer first (one never saved counts oldest) while the budget pays, and what the new
// answers changed. The formulas show them free once entered again (server/receipt-api.ts).
import type { RefreshCounts } from '../../shared/bulk-rpc';
import type { CachedAnswer } from '../cache/entries';
import type { LookupResult } from '../lookup/items';
import { RECEIPT_ANSWERS } from '../text/catalogue/sidebar/receipt-answers';
import { priceOf, type SelectedLookup } from './selection';

/** The lookups `budget` pays for, the oldest saved answers first; throws when it pays for none. */
export function oldestWithin(
  lookups: readonly SelectedLookup[],
  saved: ReadonlyMap<string, CachedAnswer>,
  budget: number,
): SelectedLookup[] {
  const at = (lookup: SelectedLookup) => saved.get(lookup.key)?.at ?? Number.NEGATIVE_INFINITY;
  const ordered = [...lookups].sort((a, b) => at(a) - at(b));
  let left = budget;
  const taken = ordered.filter((lookup) => {
    const { credits } = priceOf([lookup]);
    if (credits > left + 1e-9) return false;
    left -= credits;
    return true;
  });
  if (taken.length === 0)
    throw new Error(RECEIPT_ANSWERS.budgetBuysNothing.say(budget, priceOf(ordered.slice(0, 1)).credits));
  return taken;
}

/** How many answers bought again changed, stayed the same, or are now not found. */
export function refreshCounts(
  saved: ReadonlyMap<string, CachedAnswer>,
  results: ReadonlyMap<string, LookupResult>,
): RefreshCounts {
  const counts: RefreshCounts = { changed: 0, same: 0, notFound: 0 };
  for (const [key, result] of results) {
    if ((result.kind !== 'found' && result.kind !== 'miss') || result.cached) continue;
    const before = saved.get(key);
    const now = result.kind === 'found' ? JSON.stringify(result.result) : null;
    const was = before?.kind === 'found' ? JSON.stringify(before.result) : null;
    if (now === was) counts.same++;
    else if (now === null) counts.notFound++;
    else counts.changed++;
  }
  return counts;
}
