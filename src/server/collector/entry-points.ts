// The job pump's drivers and its time-driven trigger. Three ways in, one pump (src/core/jobs/pump.ts):
//   runJobPump()          the trigger: every minute in a bound script, hourly as an add-on
//   pumpJobsFromSidebar() the sidebar's timer while it is open: one pass per call, never sleeps
//   collectJobsNow()      a menu item: a short wait for jobs about to finish, then an alert
// A custom function may not call ScriptApp, so a formula only records its job; the trigger is
// created here, from a context that may create one, and deleted when nothing is pending.

import { collectOnce, collectUntil } from '../../core/jobs/collector';
import type { CollectorDeps, CollectorOptions, CollectorReport } from '../../core/jobs/collector-ports';
import { formulasToRefresh } from '../../core/jobs/refresh';
import { isPending, jobScope, readJobs } from '../../core/jobs/registry';
import { noteCollected } from '../../core/jobs/signal';
import { errorMessage } from '../../core/text/error-message';
import type { BackgroundCollection, CollectorProgress } from '../../shared/jobs-rpc';
import type { Settings } from '../../shared/rpc';
import { appsScriptClock, lockPort, ttlCachePort } from '../adapters/apps-script';
import { listSheetPort, spreadsheetById } from '../adapters/employee-sheets';
import { CACHE_SHEET_NAME } from '../adapters/sheet-store';
import { executionContext, fastCache } from '../context';
import { collectorSummary, expiredLine, failedLine, formulaWorkLines } from '../presenters/jobs';
import { installDrivers } from './edit-open';
import { type FormulaWork, finishQueuedFormulas, hasQueuedFormulas } from './queued-formulas';
import { cellA1, type FormulaCell, reenterFormulas } from './reentry';

/** The trigger's handler: a top-level function of the bundle (see index.ts). */
export const JOB_PUMP_HANDLER = 'runJobPump';
/** Document properties: set when a trigger found the user's authorization lapsed. */
export const REAUTHORIZE_PROPERTY = 'enrich.reauthorize';
const REAUTHORIZE_TEXT =
  'Background collection is paused: Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar.';

/** Whether the user must authorize again; said once in document properties for the sidebar. */
export function authorizationLapsed(): boolean {
  const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  if (info.getAuthorizationStatus() !== ScriptApp.AuthorizationStatus.REQUIRED) return false;
  documentProperties()?.setProperty(REAUTHORIZE_PROPERTY, String(Date.now()));
  return true;
}
/** Document properties: the ids of this document's pump triggers and how often each runs. */
const TRIGGERS_PROPERTY = 'enrich.jobTriggers';
const MAX_REMEMBERED_TRIGGERS = 20;
/** A trigger run waits this long for jobs about to finish; triggers share a daily runtime quota. */
const TRIGGER_WAIT_MS = 30_000;
const TRIGGER_LOCK_WAIT_MS = 20_000;
/** How long each driver buys queued formula lookups: the triggers and the menu have 6 minutes, the
 * sidebar calls again every few seconds and must answer within one of them. */
const TRIGGER_FORMULA_WORK_MS = 5 * 60_000;
const MENU_FORMULA_WORK_MS = 4 * 60_000;
const SIDEBAR_FORMULA_WORK_MS = 20_000;
/** The sidebar calls again in a few seconds: it never waits long for a busy lock. */
const SIDEBAR_LOCK_WAIT_MS = 3_000;
const MENU_WAIT_MS = 30_000;
const TRIGGER_SETUP_LOCK_WAIT_MS = 10_000;
/** Formulas re-entered at most per pass: each one is a custom function execution. */
const MAX_REFRESHED_FORMULAS = 200;
const DAY_MS = 86_400_000;

type Properties = GoogleAppsScript.Properties.Properties;
type Trigger = GoogleAppsScript.Script.Trigger;

export interface CollectorContext {
  deps: CollectorDeps;
  scope: string;
  day: string;
  settings: Settings;
}

/**
 * The pump's services, or null when there is nothing it could do: no API key (jobs are polled
 * with the key that started them), or no document (the registry lives in document properties).
 */
export function collectorContext(): CollectorContext | null {
  const context = executionContext({ canWriteSheets: true });
  if (!context) return null;
  return {
    deps: { ...context.deps, sheets: listSheetPort() },
    scope: context.scope,
    day: context.day,
    settings: context.settings,
  };
}

export function collectorOptions(context: CollectorContext, lockWaitMs: number): CollectorOptions {
  return {
    scope: context.scope,
    day: context.day,
    lockWaitMs,
    keepPaidMs: context.settings.cacheTtlDays * DAY_MS,
  };
}

// --- Drivers --------------------------------------------------------------------------------------

/** The time-driven trigger's handler. Deletes its own trigger once nothing is pending. */
export function runJobPump(event?: { triggerUid?: unknown }): CollectorProgress {
  const own = event?.triggerUid === undefined ? [] : [String(event.triggerUid)];
  // An update that asks for a new scope, or a revoked grant, leaves the trigger unauthorized: it
  // does nothing then, and the sidebar asks the user to authorize again (as Google's add-on
  // template does, by email).
  if (authorizationLapsed()) return idleProgress(REAUTHORIZE_TEXT, 'off');
  const context = collectorContext();
  if (!context) return idleProgress('No API key: nothing to collect.', removeIdle(own));
  const { clock } = context.deps.client;
  const work = finishQueuedFormulas(context, clock.now() + TRIGGER_FORMULA_WORK_MS, 'clock');
  const waitUntil = clock.now() + TRIGGER_WAIT_MS;
  const report = collectUntil(context.deps, collectorOptions(context, TRIGGER_LOCK_WAIT_MS), waitUntil);
  refreshAfter(report, work);
  const busy = report.busy || report.pending > 0 || work.queued > 0;
  return progress(report, busy ? currentBackground() : removeIdle(own), work);
}

/**
 * One pass for the sidebar's timer; the answer says when to call again. While anything is
 * pending it makes sure the trigger exists, so closing the sidebar does not strand a paid job.
 */
export function pumpJobsFromSidebar(): CollectorProgress {
  const context = collectorContext();
  if (!context) return idleProgress('Set your API key first.', 'off');
  const work = finishQueuedFormulas(
    context,
    context.deps.client.clock.now() + SIDEBAR_FORMULA_WORK_MS,
    'sidebar',
  );
  const report = collectOnce(context.deps, collectorOptions(context, SIDEBAR_LOCK_WAIT_MS));
  refreshAfter(report, work);
  return progress(report, backgroundAfter(report), work);
}

/** The menu item "Finish pending lookups": buys queued formula lookups, waits briefly for jobs about to finish, then says what happened. */
export function collectJobsNow(): CollectorProgress {
  const context = collectorContext();
  const ui = SpreadsheetApp.getUi();
  if (!context) {
    ui.alert('Set your API key first: Extensions > Enrich for Sheets > Open sidebar.');
    return idleProgress('Set your API key first.', 'off');
  }
  installDrivers();
  const { clock } = context.deps.client;
  const work = finishQueuedFormulas(context, clock.now() + MENU_FORMULA_WORK_MS, 'menu');
  const report = collectUntil(
    context.deps,
    collectorOptions(context, TRIGGER_LOCK_WAIT_MS),
    clock.now() + MENU_WAIT_MS,
  );
  refreshAfter(report, work);
  const result = progress(report, backgroundAfter(report), work);
  ui.alert(
    'Finish pending lookups',
    [result.summary, ...result.expired, ...result.failed].join('\n'),
    ui.ButtonSet.OK,
  );
  return result;
}

function backgroundAfter(report: CollectorReport): BackgroundCollection {
  if (report.pending > 0) return keepCollecting();
  return report.busy ? currentBackground() : removeJobTriggerIfIdle();
}

function progress(
  report: CollectorReport,
  background: BackgroundCollection,
  work: FormulaWork | null = null,
): CollectorProgress {
  const now = appsScriptClock.now();
  const queued = work?.queued ?? 0;
  const off = report.pending + queued > 0 && background === 'off';
  return {
    busy: report.busy,
    pending: report.pending + queued,
    delivered: report.delivered.map((item) => item.message),
    collected: report.collected.length,
    expired: report.expired.map((job) => expiredLine(job, now)),
    failed: report.failed.map((job) => failedLine(job, now)),
    nextCheckInMs:
      queued > 0 ? 1_000 : report.nextDueAt === null ? null : Math.max(1_000, report.nextDueAt - now),
    background,
    summary: `${[collectorSummary(report), ...formulaWorkLines(work)].join(' ')}${off ? ' Background collection is off: keep the sidebar open until they finish.' : ''}`,
  };
}

function idleProgress(summary: string, background: BackgroundCollection): CollectorProgress {
  return {
    busy: false,
    pending: 0,
    delivered: [],
    collected: 0,
    expired: [],
    failed: [],
    nextCheckInMs: null,
    background,
    summary,
  };
}

// --- Formulas waiting for their job ---------------------------------------------------------------

/**
 * After any driver's passes: the formulas waiting for what finished are re-entered, and the note
 * the Edit trigger reads says what is left, so that the next edit is cheap when nothing is.
 */
export function refreshAfter(report: CollectorReport, work: FormulaWork | null = null): void {
  const queued = work?.queued ?? 0;
  const left = {
    pending: report.pending + queued,
    nextDueAt: queued > 0 ? Math.min(report.nextDueAt ?? Infinity, report.readAt) : report.nextDueAt,
  };
  try {
    noteCollected(ttlCachePort(fastCache()), left, report.readAt, appsScriptClock.now());
  } catch (error) {
    console.warn(`Could not note what the collector left: ${errorMessage(error)}`);
  }
  refreshFinished(report);
  // Formulas still queued need a driver when nobody edits: the hourly clock is the backstop.
  if (queued > 0) keepCollecting();
}

function refreshFinished(report: CollectorReport): void {
  const finished = [...report.collected, ...report.expired, ...report.failed].map((job) => job.spreadsheetId);
  const ids = new Set([...finished, ...report.delivered.map((item) => item.spreadsheetId)]);
  for (const id of ids) {
    try {
      refreshWaitingFormulas(spreadsheetById(id));
    } catch (error) {
      // The results are stored and the jobs marked: a cell that stays stale is a lesser evil.
      console.warn(`Could not refresh the formulas waiting for their jobs: ${errorMessage(error)}`);
    }
  }
}

/**
 * Sheets re-runs a custom function only when its arguments change. Clearing the cell and writing
 * the same formula back makes it run again: it then finds its answer in the cache (no credit) or
 * its job's new state. `includeErrors` also re-enters formulas showing an error (after a re-run of
 * an expired job, whose formula showed the expiry).
 */
export function refreshWaitingFormulas(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  includeErrors = false,
): number {
  const targets: FormulaCell[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    if (sheet.getName() === CACHE_SHEET_NAME) continue; // thousands of cached answers, no formulas
    const data = sheet.getDataRange();
    const cells = formulasToRefresh(data.getValues(), data.getFormulas(), { includeErrors });
    for (const cell of cells)
      targets.push({ sheet: sheet.getName(), a1: cellA1(cell.row, cell.column), formula: cell.formula });
  }
  return reenterFormulas(spreadsheet, targets.slice(0, MAX_REFRESHED_FORMULAS));
}

// --- The trigger ----------------------------------------------------------------------------------

interface RememberedTrigger {
  id: string;
  every: Exclude<BackgroundCollection, 'off'>;
}

function documentProperties(): Properties | null {
  return PropertiesService.getDocumentProperties() as Properties | null;
}

function rememberedTriggers(): RememberedTrigger[] {
  const text = documentProperties()?.getProperty(TRIGGERS_PROPERTY);
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is RememberedTrigger =>
        typeof item?.id === 'string' && (item.every === 'minute' || item.every === 'hour'),
    );
  } catch {
    return [];
  }
}

function rememberTriggers(list: readonly RememberedTrigger[]): void {
  const properties = documentProperties();
  if (!properties) return;
  if (list.length === 0) properties.deleteProperty(TRIGGERS_PROPERTY);
  else properties.setProperty(TRIGGERS_PROPERTY, JSON.stringify(list.slice(-MAX_REMEMBERED_TRIGGERS)));
}

function activeSpreadsheetId(): string | null {
  const active = SpreadsheetApp.getActiveSpreadsheet() as GoogleAppsScript.Spreadsheet.Spreadsheet | null;
  return active ? active.getId() : null;
}

/**
 * This user's pump triggers for this document: those remembered here (or named by the running
 * trigger's event), and any whose source is this spreadsheet. Triggers are per user: another
 * user's never show here and are left to that user's own executions.
 */
function jobTriggers(extraIds: readonly string[] = []): Trigger[] {
  const ids = new Set([...rememberedTriggers().map((item) => item.id), ...extraIds]);
  const documentId = activeSpreadsheetId();
  return ScriptApp.getProjectTriggers().filter(
    (trigger) =>
      trigger.getHandlerFunction() === JOB_PUMP_HANDLER &&
      (ids.has(trigger.getUniqueId()) ||
        (documentId !== null && trigger.getTriggerSourceId() === documentId)),
  );
}

/**
 * Every minute where the platform allows it (a script bound to the spreadsheet), else every hour:
 * an editor add-on may not run a time-driven trigger more often, and create() says so. Trying is
 * the one test that cannot be wrong about how the script was deployed; a build setting could be.
 */
function createTrigger(): RememberedTrigger {
  const builder = () => ScriptApp.newTrigger(JOB_PUMP_HANDLER).timeBased();
  try {
    return { id: builder().everyMinutes(1).create().getUniqueId(), every: 'minute' };
  } catch {
    return { id: builder().everyHours(1).create().getUniqueId(), every: 'hour' };
  }
}

export function withTriggerLock<T>(work: () => T): T {
  return lockPort(LockService.getUserLock()).withLock(TRIGGER_SETUP_LOCK_WAIT_MS, work);
}

/**
 * Makes sure one pump trigger runs for this user and document, creating it if needed; never a
 * second one. Answers how often it runs. Throws when a trigger cannot be created.
 */
export function ensureJobTrigger(): BackgroundCollection {
  return withTriggerLock(() => {
    const remembered = rememberedTriggers();
    const [kept, ...duplicates] = jobTriggers();
    for (const trigger of duplicates) ScriptApp.deleteTrigger(trigger);
    const dropped = new Set(duplicates.map((trigger) => trigger.getUniqueId()));
    const others = remembered.filter((item) => !dropped.has(item.id) && item.id !== kept?.getUniqueId());
    const entry: RememberedTrigger = kept
      ? {
          id: kept.getUniqueId(),
          every: remembered.find((item) => item.id === kept.getUniqueId())?.every ?? 'hour',
        }
      : createTrigger();
    rememberTriggers([...others, entry]);
    return entry.every;
  });
}

/**
 * ensureJobTrigger for callers that go on without it: pending jobs must not depend on the sidebar
 * staying open, but failing to create the trigger only logs ('off': the sidebar still collects).
 */
export function keepCollecting(): BackgroundCollection {
  try {
    return ensureJobTrigger();
  } catch (error) {
    console.warn(`Background collection could not be turned on: ${errorMessage(error)}`);
    return 'off';
  }
}

/** Deletes this user's pump trigger when no job of theirs is pending. Answers the state after. */
export function removeJobTriggerIfIdle(): BackgroundCollection {
  return removeIdle([]);
}

function removeIdle(extraIds: readonly string[]): BackgroundCollection {
  if (hasPendingJobs()) return currentBackground();
  return withTriggerLock(() => {
    const mine = jobTriggers(extraIds);
    for (const trigger of mine) ScriptApp.deleteTrigger(trigger);
    const gone = new Set([...mine.map((trigger) => trigger.getUniqueId()), ...extraIds]);
    rememberTriggers(rememberedTriggers().filter((item) => !gone.has(item.id)));
    return 'off';
  });
}

/** How this user's pump trigger for this document runs now. */
export function currentBackground(): BackgroundCollection {
  const [trigger] = jobTriggers();
  if (!trigger) return 'off';
  return rememberedTriggers().find((item) => item.id === trigger.getUniqueId())?.every ?? 'hour';
}

function hasPendingJobs(): boolean {
  const context = collectorContext();
  if (!context) return false;
  const all = context.deps.store.getAll();
  const now = context.deps.client.clock.now();
  if (hasQueuedFormulas(all, context.scope, now) > 0) return true;
  return readJobs(context.deps.store, all).some((job) => isPending(job) && jobScope(job) === context.scope);
}
