// What a formula's cell, a bulk preview and Saved results say when a user deleted the hidden sheet
// of saved answers, or rows of it (core/cache/lost.ts): what was lost, and what buying it again
// would cost, before anything is bought again.
import type { LostSheet } from '../../platform/ports';
import { creditsText } from '../credits';

const results = (entries: number) =>
  `${entries.toLocaleString('en-US')} saved result${entries === 1 ? '' : 's'}`;

/** What was lost, and what buying it again would cost when that was known. */
export function lostResultsText(lost: LostSheet): string {
  const them = lost.holds?.entries === 1 ? 'it' : 'them';
  if (lost.deleted === 'rows' && lost.holds) {
    const { entries, credits } = lost.holds;
    const were = entries === 1 ? 'was' : 'were';
    return `${results(entries)} ${were} deleted from the hidden sheet "${lost.name}": buying ${them} again would cost about ${creditsText(credits)}.`;
  }
  const deleted = `The hidden sheet "${lost.name}" was deleted`;
  if (!lost.holds) return `${deleted}: the saved results it kept are lost.`;
  const { entries, credits } = lost.holds;
  const is = entries === 1 ? 'is' : 'are';
  return `${deleted}: the ${results(entries)} it kept ${is} lost, and buying ${them} again would cost up to ${creditsText(credits)}.`;
}

/** What a lookup that would buy says instead, until the user chooses. */
export function lostResultsRefusal(lost: LostSheet): string {
  return (
    `${lostResultsText(lost)} Nothing is bought again until you choose: open the sidebar ` +
    '(Extensions > Enrich for Sheets > Open sidebar), Saved results.'
  );
}
