// What a slice's run keeps of the answers it did not buy. An answer the memory across the user's
// spreadsheets lent (another spreadsheet bought it, or this one did and its own copy went with a
// deleted hidden sheet or rows of it) becomes the document's own: the memory keeps only the most
// recent answers, and once it lets one go the document would buy it again. And a run that ends
// while the hidden sheet is missing (deleted during the run, or rows of it) says so.
import type { PaidEntry } from '../../cache/entries';
import type { ResultCache } from '../../cache/result-cache';
import type { LookupResult } from '../../lookup/items';
import type { BatchStorePort } from '../../platform/ports';
import { lostResultsText } from '../../text/catalogue/lost';
import { BULK_ANSWERS } from '../../text/catalogue/sidebar/bulk-answers';
import type { BulkRun } from '../run';

/**
 * Saves the lent answers in the document's layers, as they were paid (when, for how much).
 * `opening`: the read of the store a formula opened with, which plans the save when every answer
 * was saved already (nothing was written since): one call fewer.
 */
export function keepLent(
  cache: ResultCache,
  results: ReadonlyMap<string, LookupResult>,
  opening?: { store: BatchStorePort; read: Record<string, string> },
): void {
  // A loop, not callbacks: a formula's every answer passes here, and a hit should enter no more.
  const lent: PaidEntry[] = [];
  let allSaved = true;
  for (const [key, result] of results) {
    if (result.kind !== 'found' && result.kind !== 'miss') allSaved = false;
    else if (!result.cached) allSaved = false;
    if ((result.kind !== 'found' && result.kind !== 'miss') || !result.lent) continue;
    const { at, credits, boughtIn: _elsewhere, ...outcome } = result.lent;
    lent.push({ key, outcome, at, ...(credits === undefined ? {} : { credits }) });
  }
  if (lent.length === 0) return;
  if (allSaved) opening?.store.hold?.(opening.read);
  cache.putMany(lent);
}

/** A run done while the hidden sheet's answers are missing says what was lost, once, at its end. */
export function sayLostSheet(cache: ResultCache, run: BulkRun): BulkRun {
  if (run.state !== 'done' || run.message !== null) return run;
  const lost = cache.lostSheet();
  return lost ? { ...run, message: BULK_ANSWERS.lostDuringRun.say(lostResultsText(lost)) } : run;
}
