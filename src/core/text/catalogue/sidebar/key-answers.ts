// What the server answers the API key panel (server/sidebar-api.ts); the panel's own words are in key.ts.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const KEY_ANSWERS = {
  none: said('hint', 'No API key saved yet.'),
  savedUntested: said(
    'message',
    'New key saved without a test: it replaces the old one. Test it before you rely on it.',
  ),
  keySaved: said('message', 'Key saved.'),
  /** Google refused the Open trigger, or (`editKept` false) the Edit trigger as well, when the key was saved. */
  driversRefused: saidBy('message', (editKept: boolean) =>
    editKept
      ? "Google allows 20 of the add-on's triggers a person, and refused this spreadsheet's Open trigger: results that take a while arrive here when someone edits the sheet or the sidebar is open, not on reopening. To free triggers, remove the key in the sidebar of spreadsheets you no longer use."
      : "Google allows 20 of the add-on's triggers a person, and refused this spreadsheet's Edit and Open triggers: results that take a while arrive here only while the sidebar is open. To free triggers, remove the key in the sidebar of spreadsheets you no longer use.",
  ),
  /** What the test of a new key cost: `spent` credits. */
  testCostWas: saidBy('message', (spent: number) =>
    spent > 0 ? `its test cost ${creditsText(spent)}` : 'its test cost nothing',
  ),
  /** A new key that works; `said` is the API's own words, when it failed in a way that shows the key works. */
  newKeyWorks: saidBy(
    'message',
    (cost: string, said: string | null) =>
      `The new key works (${cost}) and replaces the old one.${said === null ? '' : ` ${said}`}`,
  ),
  refused: said('message', 'the API refused it (HTTP 401).'),
  untestable: saidBy('message', (said: string) => `it could not be tested. ${said}`),
  notSaved: saidBy(
    'message',
    (why: string, masked: string) => `The new key was not saved: ${why} The saved key ${masked} stays.`,
  ),
  works: saidBy('message', (credits: number) => `The key works (this test cost ${creditsText(credits)}).`),
  // A pasted key refused before it is tried (api/api-key.ts).
  pasteFirst: said('message', 'Paste your API key first (account dashboard > Settings > API Key).'),
  noSpaces: said('message', 'An API key has no spaces: copy it again from the dashboard.'),
  notAKey: said('message', 'This does not look like an API key.'),
} as const;
