// The hidden sheet of saved answers, or rows of it, deleted by a user: what they held is really
// gone (the sheet's record knows how many rows the add-on wrote). The add-on says so, in the words
// of text/catalogue/lost.ts, with what buying it again would cost, before anything is bought
// again: a formula that misses the faster layers refuses with these words, the bulk preview and
// Saved results show them, until the user chooses to go on (starting a run at the price shown, or
// Saved results).
import type { LostSheet } from '../platform/ports';
import { lostResultsText } from '../text/catalogue/lost';

/**
 * A preview (a bulk run's, a recipe's) that also says what the deleted sheet lost: the rows it
 * answered are counted to buy again, and buying anything (`cost` above 0) then needs the user's
 * confirmation at the price shown.
 */
export function withLostResults<P extends { needsConfirmation: boolean }>(
  preview: P,
  lost: LostSheet | null,
  cost: number,
): P & { lostResults?: string } {
  if (!lost) return preview;
  return {
    ...preview,
    lostResults: lostResultsText(lost),
    needsConfirmation: preview.needsConfirmation || cost > 0,
  };
}
