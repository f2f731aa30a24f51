// What a refresh tells of the answers it bought again (issue 41): before it clears a row, the row's
// first output cell gets a note saying what it showed until today (text/catalogue/refresh.ts);
// once the row is answered again, a cell that shows the same loses that line, and the run counts
// how many changed, stayed the same, or are now not found, for the summary its progress shows.

import type { RefreshCounts } from '../../shared/bulk-rpc';
import { NOT_FOUND } from '../text/catalogue/cells';
import { wasOn, withoutWasLine, withWasLine } from '../text/catalogue/refresh';
import { cellAt, type SheetTable } from './plan';
import type { BulkRun } from './run';
import type { BulkSheetPort } from './slice/ports';
import type { Outcome, Work } from './slice/work';

/** What a row showed before: its first output, or "Not found" for a row an earlier run found nothing for. */
function shownIn(table: SheetTable, row: number, column: number): string {
  const value = cellAt(table, row, column);
  return value === '' || value === null || value === undefined ? NOT_FOUND.text : String(value);
}

/** Before a refresh clears `rows`: notes what each showed until `day`, in one read and one write. */
export function noteBefore(
  sheet: BulkSheetPort,
  table: SheetTable,
  column: number,
  rows: readonly number[],
  day: string,
): void {
  if (!sheet.notes || !sheet.setNotes || rows.length === 0) return;
  const first = Math.min(...rows);
  const taken = new Set(rows);
  const notes = sheet.notes(first, Math.max(...rows), column);
  const next = notes.map((note, i) =>
    taken.has(first + i) ? withWasLine(note, shownIn(table, first + i, column), day) : note,
  );
  sheet.setNotes(first, column, next);
}

/** What a slice's answer shows in the row's first output: null when it gave none (an error, a wait). */
function answerShown(outcome: Outcome): string | null {
  if (outcome.kind === 'notFound') return NOT_FOUND.text;
  return outcome.kind === 'found' ? String(outcome.values[0] ?? '') : null;
}

/**
 * After a refresh's slice wrote its rows: the ones it answered again, counted against their note;
 * a cell showing what it was loses the line. Answers the run with its counts.
 */
export function settleRefreshed(
  sheet: BulkSheetPort,
  run: BulkRun,
  work: readonly Work[],
  outcomes: readonly Outcome[],
): BulkRun {
  const day = run.config.refreshedOn;
  const column = run.outputs[0]?.column;
  const answered = new Map<number, string>();
  work.forEach((w, i) => {
    const shown = w.plan.kind === 'lookup' ? answerShown(outcomes[i]!) : null;
    if (shown !== null) answered.set(w.row, shown);
  });
  if (!day || column === undefined || !sheet.notes || !sheet.setNotes || answered.size === 0) return run;
  const first = Math.min(...answered.keys());
  const notes = sheet.notes(first, Math.max(...answered.keys()), column);
  const counts: RefreshCounts = { ...(run.refreshed ?? { changed: 0, same: 0, notFound: 0 }) };
  const next = notes.map((note, i) => {
    const shown = answered.get(first + i);
    const was = shown === undefined ? null : wasOn(note, day);
    if (was === null) return note;
    if (was === shown) {
      counts.same++;
      return withoutWasLine(note);
    }
    if (shown === NOT_FOUND.text) counts.notFound++;
    else counts.changed++;
    return note;
  });
  sheet.setNotes(first, column, next);
  return { ...run, refreshed: counts };
}
