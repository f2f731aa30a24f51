// The watches' line of the Edit trigger's note (platform/edit-note.ts): which sheets and columns
// watches follow, so that the Edit trigger, which runs on every edit, decides from the one cache
// read it makes anyway whether an edit concerns a watch; the Change and Form-submit triggers read
// it too. The line is written whenever watches change; when the cache has forgotten it, the
// watches are read once and it is written again.

import { parseJsonObject } from '../text/json-text';
import { runsNow } from './caps';
import { type Watch, watchColumns } from './watch';

export interface WatchNote {
  /**
   * Each sheet a watch that may run follows: the first row below its header, its columns. A watch
   * paused because its columns changed follows its header row alone (`lastRow`): the edit that
   * gives a column its name back starts its run, which sees them back and goes on.
   */
  sheets: { name: string; firstRow: number; lastRow?: number; columns: number[] }[];
}

/** A watch that only refreshes follows no edit: only the hourly check runs it. */
const followed = (watch: Watch, now: number) =>
  !watch.refreshOnly && (runsNow(watch, now) || (watch.on && watch.pause !== null));

/** The note for these watches (those switched off follow nothing). */
export function noteOf(watches: readonly Watch[], now: number): WatchNote {
  return {
    sheets: watches
      .filter((watch) => followed(watch, now))
      .map((watch) => ({
        name: watch.sheetName,
        ...(watch.pause?.kind === 'misfit'
          ? { firstRow: watch.headerRow, lastRow: watch.headerRow }
          : { firstRow: watch.headerRow + 1 }),
        columns: watchColumns(watch),
      })),
  };
}

export function parseNote(text: string | undefined): WatchNote | null {
  const parsed = parseJsonObject(text) as WatchNote | null;
  return Array.isArray(parsed?.sheets) ? parsed : null;
}

/** Whether the note follows anything at all. */
export const followsAny = (note: WatchNote) => note.sheets.length > 0;

/** An edit of rows `firstRow..lastRow`, columns `firstColumn..lastColumn` of `sheet`. */
export interface EditedBlock {
  sheet: string;
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** Whether an edit reaches a watched column in the rows a watch follows. */
export function concernsWatch(note: WatchNote, edit: EditedBlock): boolean {
  return note.sheets.some(
    (watched) =>
      watched.name === edit.sheet &&
      edit.lastRow >= watched.firstRow &&
      edit.firstRow <= (watched.lastRow ?? Number.POSITIVE_INFINITY) &&
      watched.columns.some((column) => column >= edit.firstColumn && column <= edit.lastColumn),
  );
}
