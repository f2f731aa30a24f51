// What starts a watch run, each a trigger's entry point (see index.ts for the top-level ones):
//   watchOnChange()      the Change trigger: rows inserted (INSERT_ROW), columns inserted or
//                        deleted, and changes Sheets calls OTHER; an edit (EDIT) comes with its own
//                        Edit event, which collectOnEdit hands here (watchesAfterEdit)
//   watchOnFormSubmit()  the Form-submit trigger: a form response added a row
//   watchesAfterEdit()   the Edit trigger's part: typing and pasting in a watched column
//   watchesFromClock()   the hourly clock trigger's part: rows written by the Sheets API or other
//                        scripts, which fire no trigger ("Script executions and API requests do
//                        not cause triggers to run")
// Each counts its run time against the day's trigger quota (runtime-tally.ts).
import { readEditNote } from '../../core/platform/edit-note';
import { concernsWatch, followsAny, noteOf, parseNote, type WatchNote } from '../../core/watches/note';
import type { RunCause } from '../../core/watches/runtime';
import { appsScriptClock, ttlCachePort } from '../adapters/apps-script';
import { installDrivers } from '../collector/edit-open-triggers';
import { fastCache } from '../platform/cache';
import { runWatches } from './runner';
import { recordTriggerRuntime } from './runtime-tally';
import { readWatches, writeWatchNote } from './store';

type Range = GoogleAppsScript.Spreadsheet.Range;

/** A trigger's watches are done this long after it started: its execution has 6 minutes. */
const TRIGGER_WORK_MS = 5 * 60_000;
/** Changes that may bring rows to enrich or move a watch's columns; the rest concern no watch. */
const CHANGES_TO_LOOK_AT = new Set(['INSERT_ROW', 'INSERT_COLUMN', 'REMOVE_COLUMN', 'OTHER']);

export function watchOnChange(event?: { changeType?: unknown }): void {
  if (CHANGES_TO_LOOK_AT.has(String(event?.changeType ?? ''))) runOwnTrigger('change', null);
}

export function watchOnFormSubmit(event?: { range?: Range }): void {
  runOwnTrigger('form', event?.range ? event.range.getSheet().getName() : null);
}

/** A trigger of the watches' own: the watches of `sheetName` (any sheet: null), when a note says some follow it. */
function runOwnTrigger(cause: RunCause, sheetName: string | null): void {
  const started = appsScriptClock.now();
  if (!followsSheet(sheetName)) return;
  if (runWatches({ cause, sheetName, until: started + TRIGGER_WORK_MS })) recordTriggerRuntime(started);
}

/**
 * The Edit trigger's part, with the note it read from the cache (undefined: the cache forgot it, so
 * the watches are read once and it is written again). Answers whether it had watches to look at
 * (its run time counts then). `until`: when the trigger's other work leaves this one done.
 */
export function watchesAfterEdit(
  event: { range?: Range } | undefined,
  noteText: string | undefined,
  until: number,
): boolean {
  const note = parseNote(noteText) ?? rebuiltNote();
  const range = event?.range;
  if (!followsAny(note) || !range) return false;
  const firstRow = range.getRow();
  const firstColumn = range.getColumn();
  const edited = {
    sheet: range.getSheet().getName(),
    firstRow,
    lastRow: firstRow + range.getNumRows() - 1,
    firstColumn,
    lastColumn: firstColumn + range.getNumColumns() - 1,
  };
  if (!concernsWatch(note, edited)) return false;
  return runWatches({ cause: 'edit', sheetName: edited.sheet, until });
}

/** Whether the cache's note says a watch that may run follows `sheetName` (any sheet: null). */
function followsSheet(sheetName: string | null): boolean {
  const note = parseNote(readEditNote(ttlCachePort(fastCache()), ['watches']).watches);
  // The cache forgot the note: the run reads the watches themselves.
  if (!note) return true;
  return note.sheets.some((watched) => sheetName === null || watched.name === sheetName);
}

function rebuiltNote(): WatchNote {
  const watches = readWatches();
  writeWatchNote(watches);
  return noteOf(watches, appsScriptClock.now());
}

/**
 * The hourly clock trigger's part: every watch, within `until`. A form linked since the watches
 * were made gets its Form-submit trigger here (installDrivers sets the watches' triggers).
 */
export function watchesFromClock(until: number): boolean {
  const watches = readWatches();
  // The Edit trigger's note is written again each hour: an edit then reads only the cache.
  writeWatchNote(watches);
  if (watches.length === 0) return false;
  installDrivers();
  return runWatches({ cause: 'clock', sheetName: null, until });
}
