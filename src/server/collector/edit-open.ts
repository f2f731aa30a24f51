// The collector's drivers that follow the user, without the sidebar: an installable Edit trigger
// (every edit of the spreadsheet, by anyone, the edit that types a formula included) and an Open
// trigger. An editor add-on may have one of each per user per document; they are created from a
// context with full authorization (saving the key, the sidebar, a menu item, a bulk run, onInstall)
// and removed with the key. Triggers run on every edit, so the handler first reads one note in the
// document cache (core/jobs/signal.ts) and returns when no job waits; and of a paste's many edits,
// one execution collects while the others return.

import { isOurFormula } from '../../core/formulas/our-formulas';
import { collectUntil } from '../../core/jobs/collector';
import { pendingOf } from '../../core/jobs/collector-ports';
import { jobScope, readJobs } from '../../core/jobs/registry';
import { claimCollector, collectorWanted, noteCollected, readSignal } from '../../core/jobs/signal';
import { DRIVERS_PROPERTY, type Drivers, driversOf, withDrivers } from '../../core/jobs/trigger-records';
import { errorMessage } from '../../core/text/error-message';
import { appsScriptClock, ttlCachePort } from '../adapters/apps-script';
import { executionContext, fastCache } from '../context';
import {
  authorizationLapsed,
  collectorContext,
  collectorOptions,
  refreshAfter,
  withTriggerLock,
} from './entry-points';
import { finishQueuedFormulas, hasQueuedFormulas } from './queued-formulas';

/** The handlers: top-level functions of the bundle (see index.ts). */
export const EDIT_DRIVER = 'collectOnEdit';
export const OPEN_DRIVER = 'collectOnOpen';
/**
 * How long a driver buys queued formula lookups and waits for young jobs (an employee list takes
 * about a minute), well inside an execution's 6 minutes: the sheet writes and the formulas'
 * re-entry come after.
 */
const DRIVER_WAIT_MS = 4 * 60_000;
/** Queued formula lookups are bought for up to 5 minutes: the re-entry writes need the rest. */
const FORMULA_WORK_MS = 5 * 60_000;
/** The collector's role outlives its wait by the time its last writes may take. */
const COLLECTOR_MARGIN_MS = 90_000;
const DRIVER_LOCK_WAIT_MS = 20_000;

type Trigger = GoogleAppsScript.Script.Trigger;
type Range = GoogleAppsScript.Spreadsheet.Range;

// --- Handlers -------------------------------------------------------------------------------------

export function collectOnEdit(event?: { range?: Range; value?: unknown }): void {
  driveCollector('edit', typedFormula(event));
}

export function collectOnOpen(_event?: unknown): void {
  driveCollector('open', null);
}

/**
 * The cell an edit typed one of our formulas into, while Sheets has not run it yet ("Loading..."):
 * its trigger may run before the formula does (Google does not say which starts first), and then
 * starts buying its inputs at once, the claims keeping the two from buying anything twice. A
 * formula that already ran recorded what it left itself. A typed formula's event has no value; a
 * value, a paste or a multi-cell edit is not looked at.
 */
function typedFormula(event?: { range?: Range; value?: unknown }): Range | null {
  const range = event?.range;
  if (!range || event.value !== undefined) return null;
  if (range.getNumRows() !== 1 || range.getNumColumns() !== 1) return null;
  return isOurFormula(range.getFormula()) && range.getValue() === LOADING ? range : null;
}

/** What a formula's cell shows while Sheets is running it. */
const LOADING = 'Loading...';

/**
 * Finishes queued formula lookups and collects what is due, waiting for young jobs, when the note
 * says something waits (or the edit typed one of our formulas).
 */
function driveCollector(by: 'edit' | 'open', typed: Range | null): void {
  const cache = ttlCachePort(fastCache());
  const now = appsScriptClock.now();
  const signal = readSignal(cache);
  if (!typed && signal && !collectorWanted(signal, now)) return;
  if (authorizationLapsed()) return;
  const context = collectorContext();
  if (!context) return;
  if (!typed && !signal) {
    // The cache forgot the note: the registry says, once, and the note is written again.
    const all = context.deps.store.getAll();
    const mine = readJobs(context.deps.store, all).filter((job) => jobScope(job) === context.scope);
    const left = pendingOf(mine);
    const queued = hasQueuedFormulas(all, context.scope, now);
    noteCollected(
      cache,
      { pending: left.pending + queued, nextDueAt: queued > 0 ? now : left.nextDueAt },
      now,
      now,
    );
    if (left.pending + queued === 0) return;
  }
  const until = now + FORMULA_WORK_MS + COLLECTOR_MARGIN_MS;
  if (!claimCollector(cache, context.deps.lock, now, until)) return;
  try {
    const work = finishQueuedFormulas(context, now + FORMULA_WORK_MS, by, typed);
    const options = collectorOptions(context, DRIVER_LOCK_WAIT_MS);
    refreshAfter(collectUntil(context.deps, options, now + DRIVER_WAIT_MS), work);
  } catch (error) {
    // The role is let go, so that the next edit tries again.
    noteCollected(cache, { pending: 1, nextDueAt: now }, now, appsScriptClock.now());
    throw error;
  }
}

// --- Installing -----------------------------------------------------------------------------------

/**
 * Makes sure this user has one Edit and one Open trigger on this document, never a second; records
 * them for this account, so formulas can say when their jobs will be collected. Never throws: a
 * driver that cannot be installed leaves the sidebar and the hourly trigger to collect.
 */
export function installDrivers(): Drivers {
  const context = executionContext({ canWriteSheets: false });
  const spreadsheet =
    SpreadsheetApp.getActiveSpreadsheet() as GoogleAppsScript.Spreadsheet.Spreadsheet | null;
  if (!context || !spreadsheet) return { edit: false, open: false };
  try {
    const drivers = withTriggerLock(() => {
      const mine = ScriptApp.getUserTriggers(spreadsheet);
      ensureOne(mine, EDIT_DRIVER, () =>
        ScriptApp.newTrigger(EDIT_DRIVER).forSpreadsheet(spreadsheet).onEdit().create(),
      );
      ensureOne(mine, OPEN_DRIVER, () =>
        ScriptApp.newTrigger(OPEN_DRIVER).forSpreadsheet(spreadsheet).onOpen().create(),
      );
      return { edit: true, open: true };
    });
    recordDrivers(context.scope, drivers);
    return drivers;
  } catch (error) {
    console.warn(`The collector could not follow edits: ${errorMessage(error)}`);
    return currentDrivers(context.scope);
  }
}

/** Keeps one trigger for `handler`, creating it if missing. */
function ensureOne(mine: readonly Trigger[], handler: string, create: () => Trigger): void {
  const [kept, ...duplicates] = mine.filter((trigger) => trigger.getHandlerFunction() === handler);
  for (const trigger of duplicates) ScriptApp.deleteTrigger(trigger);
  if (!kept) create();
}

/** Deletes this user's drivers on this document, for the account `scope` whose key is removed. */
export function removeDrivers(scope: string): void {
  const spreadsheet =
    SpreadsheetApp.getActiveSpreadsheet() as GoogleAppsScript.Spreadsheet.Spreadsheet | null;
  if (!spreadsheet) return;
  try {
    withTriggerLock(() => {
      for (const trigger of ScriptApp.getUserTriggers(spreadsheet)) {
        const handler = trigger.getHandlerFunction();
        if (handler === EDIT_DRIVER || handler === OPEN_DRIVER) ScriptApp.deleteTrigger(trigger);
      }
    });
    recordDrivers(scope, { edit: false, open: false });
  } catch (error) {
    console.warn(`The collector's triggers could not be removed: ${errorMessage(error)}`);
  }
}

/** What the document properties say of `scope`'s drivers. */
export function currentDrivers(scope: string): Drivers {
  return driversOf(PropertiesService.getDocumentProperties().getProperty(DRIVERS_PROPERTY), scope);
}

function recordDrivers(scope: string, drivers: Drivers): void {
  const properties = PropertiesService.getDocumentProperties();
  const before = properties.getProperty(DRIVERS_PROPERTY);
  const after = withDrivers(before, scope, drivers);
  if (after === before) return;
  if (after === null) properties.deleteProperty(DRIVERS_PROPERTY);
  else properties.setProperty(DRIVERS_PROPERTY, after);
}
