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
  clearEverywhere: said('label', 'Clear in all spreadsheets…'),
  kept: said(
    'hint',
    'Every paid answer is kept, so recalculating, reopening or moving rows costs nothing; ' +
      'with the same key, your other spreadsheets get it free too.',
  ),
  everywhere: said('label', 'In all your spreadsheets'),
  /** `results`: "3 saved results"; `where`: "" or " in all your spreadsheets". */
  clearQuestion: saidBy(
    'confirm',
    (results: string, where: string, credits: number) =>
      `Clear ${results}${where}? Formulas and bulk runs that need them again will pay again: ` +
      `up to ${creditsText(credits)} to re-run them all.`,
  ),
  clearThem: said('label', 'Clear them'),
  keepThem: said('label', 'Keep them'),
  savedResults: said('label', 'Saved results'),
  roomTaken: said('label', 'Room taken'),
  theyCost: said('label', 'They cost'),
  /** Where the question's results are when Clear everywhere asked it. */
  inAllSpreadsheets: said('label', ' in all your spreadsheets'),
} as const;
