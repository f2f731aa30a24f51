// The hidden sheet of saved answers, deleted by a user: what it held is really gone. The add-on
// says so, with what buying it again would cost, before anything is bought again: a formula that
// misses the faster layers refuses with these words, the bulk preview and Saved results show them,
// until the user chooses to go on (starting a run at the price shown, or Saved results).
import type { LostSheet } from '../platform/ports';
import { creditsText } from '../text/credits';

/** What was lost, and what buying it again would cost when that was known. */
export function lostResultsText(lost: LostSheet): string {
  const deleted = `The hidden sheet "${lost.name}" was deleted`;
  if (!lost.holds) return `${deleted}: the saved results it kept are lost.`;
  const { entries, credits } = lost.holds;
  const what = `${entries.toLocaleString('en-US')} saved result${entries === 1 ? '' : 's'}`;
  const [is, them] = entries === 1 ? ['is', 'it'] : ['are', 'them'];
  return `${deleted}: the ${what} it kept ${is} lost, and buying ${them} again would cost up to ${creditsText(credits)}.`;
}

/** What a lookup that would buy says instead, until the user chooses. */
export function lostResultsRefusal(lost: LostSheet): string {
  return (
    `${lostResultsText(lost)} Nothing is bought again until you choose: open the sidebar ` +
    '(Extensions > Enrich for Sheets > Open sidebar), Saved results.'
  );
}

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
