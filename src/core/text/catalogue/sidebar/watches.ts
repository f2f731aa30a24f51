// The Watches panel's words and the offer to watch a run's setup (client/panels/watches/); the
// server's answers and lines for them are in watches-answers.ts.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const WATCHES_TEXTS = {
  onAgain: saidBy('message', (label: string) => `"${label}" is on again.`),
  off: saidBy('message', (label: string) => `"${label}" is off: new rows wait until you switch it on.`),
  capSet: saidBy(
    'message',
    (label: string, cap: number) => `"${label}" may spend ${creditsText(cap)} a day.`,
  ),
  deleted: saidBy(
    'message',
    (label: string) => `"${label}" is deleted. Its columns and what it wrote stay in the sheet.`,
  ),
  offer: said('label', 'Enrich new rows automatically'),
  offerHint: said(
    'hint',
    'Keeps this running on rows as they arrive: typed, pasted, inserted, sent by a Google Form, or written by other tools (checked every hour). Empty rows already there are included. It never spends more than its daily cap.',
  ),
  capRequired: said('label', 'Daily credit cap (required)'),
  capFirst: said('message', 'Set a daily credit cap first: how many credits it may spend a day.'),
  watching: saidBy(
    'message',
    (sheet: string, cap: number) =>
      `Watching: new rows of "${sheet}" are enriched as they arrive, up to ${creditsText(cap)} a day. See Watches below.`,
  ),
  today: saidBy('hint', (spent: number, cap: number) => `Today ${creditsText(spent)} of ${creditsText(cap)}`),
  dailyCap: said('label', 'Daily credit cap'),
  none: said(
    'hint',
    'No watch yet: set up a lookup or a recipe in Bulk run, then "Enrich new rows automatically".',
  ),
  noKey: said('hint', 'Set your API key first: watches need it to run.'),
  switchOff: said('label', 'Switch off'),
  switchOn: said('label', 'Switch on'),
  saveCap: said('label', 'Save cap'),
} as const;
