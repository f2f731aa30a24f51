// The API key panel's words; the server's answers to it are in key-answers.ts.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const KEY_TEXTS = {
  /** Who spends the key (server/api-key.ts `formulaMaySpend`): saved for the user, or shared here. */
  saved: saidBy(
    'hint',
    (masked: string | null, shared: boolean) =>
      `Saved: ${masked} (${shared ? "shared with this spreadsheet: its editors' formulas spend it too" : "only you: editors' formulas buy nothing with it"})`,
  ),
  pasteNew: said('label', 'Paste a new key to replace it'),
  paste: said('label', 'Paste your key'),
  testCost: saidBy(
    'hint',
    (credits: number) => `Test makes one real lookup, which costs ${creditsText(credits)}.`,
  ),
  replaceCost: saidBy(
    'hint',
    (credits: number) =>
      `Replace tests the new key first with one real lookup, which costs ${creditsText(credits)} on its account; the saved key stays if the test fails.`,
  ),
  kept: said('message', 'The saved key stays.'),
  removed: said('message', 'Key removed.'),
  notSet: said('label', 'not set'),
} as const;
