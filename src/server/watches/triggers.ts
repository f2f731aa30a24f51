// The triggers watches need besides the collector's Edit and Open triggers and its hourly clock:
// a Change trigger (rows inserted) and, when a Google Form sends its responses to this
// spreadsheet, a Form-submit trigger. An editor add-on may have one of each per user per document
// (Editor add-on triggers), and a user at most 20 of the add-on's triggers in all, so they exist
// only while the document has watches. They are set in the same locked section as the Edit and
// Open triggers (collector/edit-open-triggers.ts) and removed with the last watch or the key.
import { TRIGGER_HANDLER } from '../../core/platform/stored-keys';
import type { WatchTriggers } from '../../shared/watch-rpc';
import { orWarn } from '../warn';

type Trigger = GoogleAppsScript.Script.Trigger;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const CHANGE_HANDLER = TRIGGER_HANDLER.change;
const FORM_HANDLER = TRIGGER_HANDLER.formSubmit;
export const WATCH_HANDLERS: readonly string[] = [CHANGE_HANDLER, FORM_HANDLER];

/**
 * Keeps one trigger for `handler` when `wanted`, none otherwise, never a second. Answers whether
 * one is there: false when Google refused to make it (20 of the add-on's triggers a user).
 */
export function keepOne(mine: readonly Trigger[], handler: string, wanted: boolean, create: () => Trigger) {
  const [kept, ...duplicates] = mine.filter((trigger) => trigger.getHandlerFunction() === handler);
  for (const trigger of duplicates) ScriptApp.deleteTrigger(trigger);
  if (kept && !wanted) ScriptApp.deleteTrigger(kept);
  if (kept || !wanted) return wanted;
  return orWarn(`The ${handler} trigger could not be made`, false, () => {
    create();
    return true;
  });
}

/**
 * Makes this user's watch triggers on `spreadsheet` match `watched` (the document has watches),
 * given `mine`, the user's triggers there. Runs under the user's trigger lock. Never throws: a
 * trigger that cannot be made leaves its rows to the Edit trigger and the hourly check.
 */
export function syncWatchTriggers(spreadsheet: Spreadsheet, mine: readonly Trigger[], watched: boolean) {
  orWarn('A watch trigger could not be set', undefined, () => {
    const on = (handler: string) => ScriptApp.newTrigger(handler).forSpreadsheet(spreadsheet);
    keepOne(mine, CHANGE_HANDLER, watched, () => on(CHANGE_HANDLER).onChange().create());
    const form = watched && spreadsheet.getFormUrl() !== null;
    keepOne(mine, FORM_HANDLER, form, () => on(FORM_HANDLER).onFormSubmit().create());
  });
}

/** Which of the triggers that start watches this user has on `spreadsheet` (the clock apart). */
export function watchTriggersOf(spreadsheet: Spreadsheet): Omit<WatchTriggers, 'clock'> {
  const mine = ScriptApp.getUserTriggers(spreadsheet).map((trigger) => trigger.getHandlerFunction());
  return {
    edit: mine.includes(TRIGGER_HANDLER.edit),
    change: mine.includes(CHANGE_HANDLER),
    form: mine.includes(FORM_HANDLER),
    formLinked: spreadsheet.getFormUrl() !== null,
  };
}
