// The collector's drivers that follow the user, without the sidebar: an installable Edit trigger
// (every edit of the spreadsheet, by anyone, the edit that types a formula included) and an Open
// trigger. An editor add-on may have one of each per user per document; they are created from a
// context with full authorization (saving the key, the sidebar, a menu item, a bulk run, onInstall)
// and removed with the key. Their handlers are in drivers.ts. The watches' Change and Form-submit
// triggers are set in the same section (watches/triggers.ts), while the document has watches.
import type { Drivers } from '../../core/jobs/trigger-records';
import { TRIGGER_HANDLER } from '../../core/platform/stored-keys';
import { errorMessage } from '../../core/text/error-message';
import { watchesIn } from '../../core/watches/watch';
import { type ExecutionContext, executionContext } from '../context';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { orWarn } from '../warn';
import { writeWatchNote } from '../watches/store';
import { keepOne, syncWatchTriggers, WATCH_HANDLERS } from '../watches/triggers';
import { keepCollecting } from './clock-trigger';
import { currentDrivers, recordDrivers } from './installed-drivers';
import { withTriggerLock } from './trigger-lock';

/** The handlers: top-level functions of the bundle (see index.ts), named in users' triggers. */
const EDIT_DRIVER = TRIGGER_HANDLER.edit;
const OPEN_DRIVER = TRIGGER_HANDLER.open;

/**
 * Makes sure this user has one Edit and one Open trigger on this document, never a second; records
 * those it has for this account, so formulas can say when their jobs will be collected. Never
 * throws: a driver Google refuses (20 of the add-on's triggers a user, in all their documents)
 * leaves the others and the sidebar to collect, and the answer says which are missing.
 */
export function installDrivers(
  context: ExecutionContext | null = executionContext({ canWriteSheets: false }),
): Drivers {
  const spreadsheet = activeSpreadsheet();
  if (!context || !spreadsheet) return { edit: false, open: false };
  try {
    // The context's read of the document properties, a moment old, holds the watches.
    const watches = watchesIn(context.opening);
    const watched = watches.length > 0;
    // The Edit trigger's note of what watches follow, fresh: an edit then reads only the cache.
    writeWatchNote(watches);
    const drivers = withTriggerLock(() => {
      const mine = ScriptApp.getUserTriggers(spreadsheet);
      const on = (handler: string) => ScriptApp.newTrigger(handler).forSpreadsheet(spreadsheet);
      const edit = keepOne(mine, EDIT_DRIVER, true, () => on(EDIT_DRIVER).onEdit().create());
      const open = keepOne(mine, OPEN_DRIVER, true, () => on(OPEN_DRIVER).onOpen().create());
      recordDrivers(context.scope, { edit, open });
      syncWatchTriggers(spreadsheet, mine, watched);
      return { edit, open };
    });
    // Watches need the hourly check too: rows the Sheets API writes fire no trigger.
    if (watched) keepCollecting();
    return drivers;
  } catch (error) {
    console.warn(`The collector could not follow edits: ${errorMessage(error)}`);
    return currentDrivers(context.scope);
  }
}

/**
 * Deletes this user's drivers on this document, and the watches' triggers, for the account `scope`
 * whose key is removed.
 */
export function removeDrivers(scope: string): void {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return;
  const handlers = new Set([EDIT_DRIVER, OPEN_DRIVER, ...WATCH_HANDLERS]);
  orWarn("The collector's triggers could not be removed", undefined, () => {
    withTriggerLock(() => {
      for (const trigger of ScriptApp.getUserTriggers(spreadsheet)) {
        if (handlers.has(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
      }
    });
    recordDrivers(scope, { edit: false, open: false });
  });
}
