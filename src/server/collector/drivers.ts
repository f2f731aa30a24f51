// The collector's drivers: every way the add-on runs the job collector (core/jobs/collector.ts),
// each a top-level function of the bundle (see index.ts).
//   collectOnEdit()       the Edit trigger: every edit of the spreadsheet; a note read, when idle
//   collectOnOpen()       the Open trigger: opening the file
//   collectJobsFromSidebar() the sidebar's timer while it is open: one pass per call, never sleeps
//   collectJobsNow()      the menu's "Finish pending lookups": a short wait, then an alert
//   runJobPump()          the clock trigger: every minute in a bound script, hourly as an add-on
// Each buys the queued formula lookups it has time for, collects what is due, and re-enters the
// formulas that waited (refresh.ts). A bulk slice that found lists runs one pass too (bulk.ts).
// The Edit trigger and the clock also run the watches their edit or hour concerns (watches/), and
// the triggers that did work count their run time against the day's quota.

import { isOurFormula } from '../../core/formulas/our-formulas';
import { collectUntil } from '../../core/jobs/collector';
import { collectOnce } from '../../core/jobs/collector-pass';
import type { CollectorReport } from '../../core/jobs/collector-ports';
import {
  claimCollector,
  collectorWanted,
  type JobsNote,
  jobsInNote,
  noteCollected,
  noteJobsFound,
  readSignal,
} from '../../core/jobs/signal';
import { readEditNote } from '../../core/platform/edit-note';
import type { TtlCachePort } from '../../core/platform/ports';
import { JOBS_ANSWERS } from '../../core/text/catalogue/sidebar/jobs-answers';
import type { BackgroundCollection, CollectorProgress } from '../../shared/jobs-rpc';
import { appsScriptClock, ttlCachePort } from '../adapters/apps-script';
import { adoptCacheSheet, executionContext } from '../context';
import { fastCache } from '../platform/cache';
import { rememberSpreadsheetFacts } from '../platform/spreadsheet';
import { collectorProgress, idleProgress } from '../presenters/jobs';
import { catchUpMemory, memoryCatchUpDue } from '../user-memory';
import { watchesAfterEdit, watchesFromClock } from '../watches/handlers';
import { recordTriggerRuntime, withinTriggerTime } from '../watches/runtime-tally';
import { authorizationLapsed } from './authorization';
import { currentBackground, keepCollecting, pendingWork, removeIdle } from './clock-trigger';
import { type CollectorContext, collectorContext } from './context';
import { installDrivers } from './edit-open-triggers';
import { showKeyMissing } from './ended-formulas';
import { finishQueuedFormulas } from './queued-formulas';
import { refreshAfter } from './refresh';

/**
 * How long the Edit and Open triggers wait for young jobs (an employee list takes about a
 * minute), well inside an execution's 6 minutes: the sheet writes and the re-entry come after.
 */
const EDIT_WAIT_MS = 4 * 60_000;
/** How long each driver buys queued formula lookups: the triggers and the menu have 6 minutes, the
 * sidebar calls again every few seconds and must answer within one of them. */
const TRIGGER_FORMULA_WORK_MS = 5 * 60_000;
const MENU_FORMULA_WORK_MS = 4 * 60_000;
const SIDEBAR_FORMULA_WORK_MS = 20_000;
/** The Edit trigger's role of collector outlives its wait by the time its last writes may take. */
const COLLECTOR_MARGIN_MS = 90_000;
/** A clock run or the menu waits this long for jobs about to finish; triggers share a daily runtime quota. */
const SHORT_WAIT_MS = 30_000;
const TRIGGER_LOCK_WAIT_MS = 20_000;
/** The sidebar calls again in a few seconds: it never waits long for a busy lock. */
const SIDEBAR_LOCK_WAIT_MS = 3_000;
/** Watches are done this long after their trigger started: the collector went first. */
const WATCHES_DONE_MS = 5.5 * 60_000;
/** What a formula's cell shows while Sheets is running it. */
const LOADING = 'Loading...';

type Range = GoogleAppsScript.Spreadsheet.Range;

// --- The Edit and Open triggers -------------------------------------------------------------------

export function collectOnEdit(event?: { range?: Range; value?: unknown }): void {
  const started = appsScriptClock.now();
  const cache = ttlCachePort(fastCache());
  // One cache read for the whole note (core/platform/edit-note.ts): an edit that concerns nothing costs that alone.
  const note = readEditNote(cache);
  const collected = driveCollector('edit', typedFormula(event), cache, jobsInNote(note));
  const watched = watchesAfterEdit(event, note.watches, started + WATCHES_DONE_MS);
  const remembered = memoryCatchUpDue(note.memory, started) && memoryCaughtUp();
  if (collected || watched || remembered) recordTriggerRuntime(started);
}

export function collectOnOpen(_event?: unknown): void {
  const started = appsScriptClock.now();
  // Opening is when a rename or a new time zone is most likely seen: formulas read the record.
  rememberSpreadsheetFacts();
  adoptCacheSheet();
  const cache = ttlCachePort(fastCache());
  if (driveCollector('open', null, cache, readSignal(cache))) recordTriggerRuntime(started);
}

/** An editor's formula bought what the owner's memory lacks: this trigger runs as the owner. */
function memoryCaughtUp(): boolean {
  const context = executionContext();
  if (context) catchUpMemory(context.memory, context.deps.store, context.scope);
  return true;
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

/**
 * Finishes queued formula lookups and collects what is due, waiting for young jobs, when the note
 * says something waits (or the edit typed one of our formulas). Triggers run on every edit, so
 * the handler first reads its note in the document cache (core/jobs/signal.ts) and returns when
 * no job waits; and of a paste's many edits, one execution collects while the others return.
 * Answers whether it did more than read the note.
 */
function driveCollector(by: 'edit' | 'open', typed: Range | null, cache: TtlCachePort, jobs: JobsNote) {
  const now = appsScriptClock.now();
  if (!typed && jobs.signal && !collectorWanted(jobs, now)) return false;
  if (authorizationLapsed()) return true;
  const context = collectorContext();
  if (!context) {
    // No key (removed in another spreadsheet?): the queued cells say so, and the note then lets
    // the next edits return at once.
    showKeyMissing();
    noteCollected(cache, { pending: 0 }, now, appsScriptClock.now());
    return true;
  }
  if (!typed && !jobs.signal) {
    // The cache forgot the jobs' line: the registry says, once, and the line is written again.
    const pending = pendingWork(context, context.deps.store.getAll());
    noteJobsFound(cache, { pending }, now);
    if (pending === 0) return true;
  }
  const role = { workMs: TRIGGER_FORMULA_WORK_MS, marginMs: COLLECTOR_MARGIN_MS };
  if (!claimCollector(cache, context.deps.lock, now, Utilities.getUuid(), role)) return true;
  // The hourly backstop first, while this trigger may still make it: Google stops a trigger at the
  // day's quota at any instant, and then nothing else would take up the queued work. Its own run
  // deletes it once nothing is left.
  keepCollecting();
  try {
    // Triggers share the day's quota: buying ends before it, never stopped with answers unkept.
    const until = withinTriggerTime(now + TRIGGER_FORMULA_WORK_MS, now);
    collectPass(context, by, until, () => now + EDIT_WAIT_MS, typed);
    return true;
  } catch (error) {
    // The role is let go, so that the next edit tries again.
    noteCollected(cache, { pending: 1 }, now, appsScriptClock.now());
    throw error;
  }
}

// --- The sidebar's timer, the menu, the clock trigger ---------------------------------------------

/**
 * One pass for the sidebar's timer; the answer says when to call again. While anything is
 * pending it makes sure the clock trigger exists, so closing the sidebar does not strand a paid job.
 */
export function collectJobsFromSidebar(): CollectorProgress {
  const context = collectorContext();
  if (!context) return idleProgress(JOBS_ANSWERS.keyFirst.text, 'off');
  const { report, work } = collectPass(context, 'sidebar', appsScriptClock.now() + SIDEBAR_FORMULA_WORK_MS);
  return collectorProgress(report, backgroundAfter(report), work, appsScriptClock.now());
}

/** The menu item "Finish pending lookups": buys queued formula lookups, waits briefly for jobs about to finish, then says what happened. */
export function collectJobsNow(): CollectorProgress {
  const context = collectorContext();
  const ui = SpreadsheetApp.getUi();
  if (!context) {
    ui.alert(JOBS_ANSWERS.keyFirstMenu.text);
    return idleProgress(JOBS_ANSWERS.keyFirst.text, 'off');
  }
  installDrivers();
  const until = appsScriptClock.now() + MENU_FORMULA_WORK_MS;
  const { report, work } = collectPass(context, 'menu', until, () => appsScriptClock.now() + SHORT_WAIT_MS);
  const result = collectorProgress(report, backgroundAfter(report), work, appsScriptClock.now());
  const lines = [result.summary, ...result.expired, ...result.failed].join('\n');
  ui.alert(JOBS_ANSWERS.finishPending.text, lines, ui.ButtonSet.OK);
  return result;
}

/** The clock trigger's handler. Deletes its own trigger once nothing is pending. */
export function runJobPump(event?: { triggerUid?: unknown }): CollectorProgress {
  const started = appsScriptClock.now();
  try {
    return collectOnClock(event, started);
  } finally {
    recordTriggerRuntime(started);
  }
}

function collectOnClock(event: { triggerUid?: unknown } | undefined, started: number): CollectorProgress {
  const own = event?.triggerUid === undefined ? [] : [String(event.triggerUid)];
  // An update that asks for a new scope, or a revoked grant, leaves the trigger unauthorized: it
  // does nothing then, and the sidebar asks the user to authorize again (as Google's add-on
  // template does, by email).
  if (authorizationLapsed()) return idleProgress(JOBS_ANSWERS.collectionPaused.text, 'off');
  const context = collectorContext();
  if (!context) {
    showKeyMissing();
    return idleProgress(JOBS_ANSWERS.nothingToCollect.text, removeIdle(own));
  }
  const until = withinTriggerTime(appsScriptClock.now() + TRIGGER_FORMULA_WORK_MS, started);
  const { report, work } = collectPass(context, 'clock', until, () => appsScriptClock.now() + SHORT_WAIT_MS);
  watchesFromClock(started + WATCHES_DONE_MS);
  const busy = report.busy || report.pending > 0 || work.queued > 0;
  return collectorProgress(report, busy ? currentBackground() : removeIdle(own), work, appsScriptClock.now());
}

/**
 * A driver's work: the queued formulas' lookups bought until `formulasUntil` (`typed`: the cell an
 * edit typed one of ours into), then the jobs collected, waiting for young ones until `waitUntil`
 * (a trigger's or the menu's) or in one pass (the sidebar's, which never waits long for the lock),
 * and the formulas that waited entered again.
 */
function collectPass(
  context: CollectorContext,
  by: string,
  formulasUntil: number,
  waitUntil?: () => number,
  typed: Range | null = null,
) {
  const work = finishQueuedFormulas(context, formulasUntil, by, typed);
  const lockWaitMs = waitUntil ? TRIGGER_LOCK_WAIT_MS : SIDEBAR_LOCK_WAIT_MS;
  const options = { scope: context.scope, day: context.day(), lockWaitMs };
  const report = waitUntil
    ? collectUntil(context.deps, options, waitUntil())
    : collectOnce(context.deps, options);
  refreshAfter(report, work);
  return { report, work };
}

/** Whether the clock trigger must go on after a pass: on while anything is pending. */
function backgroundAfter(report: CollectorReport): BackgroundCollection {
  if (report.pending > 0) return keepCollecting();
  return report.busy ? currentBackground() : removeIdle([]);
}
