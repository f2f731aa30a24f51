// The API key panel's words; the server's answers to it are in key-answers.ts.

import type { KeySaveResult, KeyTestResult } from '../../../../shared/rpc';
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
  // What a save or a test did, from the server's figures (server/sidebar-api.ts).
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
} as const;

/** What saving a key did, in words. */
export function keySavedWords({ said: what, triggersRefused }: KeySaveResult): string {
  const T = KEY_TEXTS;
  let message: string;
  if (what.kind === 'saved') message = what.untested ? T.savedUntested.text : T.keySaved.text;
  else if (what.kind === 'works') message = T.newKeyWorks.say(T.testCostWas.say(what.spent), what.said);
  else return T.notSaved.say(what.refused ? T.refused.text : T.untestable.say(what.said), what.masked);
  return triggersRefused === null
    ? message
    : `${message} ${T.driversRefused.say(triggersRefused === 'open')}`;
}

/** What testing the saved key did, in words. */
export function keyTestedWords(result: KeyTestResult, testCost: number): string {
  if (result.noKey) return KEY_TEXTS.none.text;
  return result.message ?? KEY_TEXTS.works.say(testCost);
}
