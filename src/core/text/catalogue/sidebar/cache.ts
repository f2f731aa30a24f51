// The Saved results panel's words (client/panels/cache/).
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const CACHE_TEXTS = {
  /** `results`: "3 saved results". */
  cleared: saidBy('message', (results: string) => `Cleared ${results}.`),
  wentOn: said('message', 'Going on without them: what is bought again is kept in a new hidden sheet.'),
  goOn: said('label', 'Go on without them'),
  lostHint: said('hint', 'Formulas buy nothing again until you choose. A bulk run shows the cost first.'),
  clear: said('label', 'Clear saved results…'),
  clearEverywhere: said('label', 'Clear here and the shared memory…'),
  kept: said(
    'hint',
    'Every paid answer is kept, so recalculating, reopening or moving rows costs nothing; ' +
      'with the same key, your other spreadsheets get it free too.',
  ),
  everywhere: said('label', 'In the shared memory'),
  /** `results`: "3 saved results". */
  clearQuestion: saidBy(
    'confirm',
    (results: string, credits: number) =>
      `Clear ${results}? Formulas and bulk runs that need them again will pay again: ` +
      `up to ${creditsText(credits)} to re-run them all.`,
  ),
  /**
   * `results`: "1 saved result"; `shared`: how many the memory holds. The add-on opens no other
   * file: the other spreadsheets keep what is saved in them.
   */
  clearEverywhereQuestion: saidBy(
    'confirm',
    (results: string, shared: number, credits: number) =>
      `Clear ${results} here and ${shared.toLocaleString('en-US')} in the memory your spreadsheets share? ` +
      `Here, formulas and bulk runs that need them again will pay again: up to ${creditsText(credits)} ` +
      'to re-run them all. Your other spreadsheets keep the results saved in them, and pay again only ' +
      'for what they would have taken from the memory.',
  ),
  /** `results`: "1 saved result". */
  clearedEverywhere: saidBy(
    'message',
    (results: string, shared: number) =>
      `Cleared ${results} here and ${shared.toLocaleString('en-US')} from the shared memory.`,
  ),
  clearThem: said('label', 'Clear them'),
  keepThem: said('label', 'Keep them'),
  savedResults: said('label', 'Saved results'),
  roomTaken: said('label', 'Room taken'),
  theyCost: said('label', 'They cost'),
} as const;
