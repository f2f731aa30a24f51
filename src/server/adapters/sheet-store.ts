// The hidden sheet `_enrich_cache`: the durable home of paid answers that outgrow the document
// properties (SheetStorePort). One row an answer: its key in column A, its text from column B on,
// split over further columns past what a cell holds. It is read with one getValues everywhere,
// formulas included, and written only outside custom functions (a formula may read the
// spreadsheet, never write it), under the document lock, with one setValues a batch.
import { BUSY, tryWithLock } from '../../core/platform/locked-section';
import type { SheetStorePort } from '../../core/platform/ports';
import { SHEET_NAME } from '../../core/platform/stored-keys';
import { lockPort } from './apps-script';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Lock = GoogleAppsScript.Lock.Lock;
type Cell = string | number | boolean | Date;

export const CACHE_SHEET_NAME = SHEET_NAME.resultCache;
/** Row 1 tells a person what the sheet is; its first cell also proves the sheet is the add-on's. */
export const CACHE_SHEET_HEADER: readonly [string, string] = [
  'Enrich for Sheets: saved results (do not edit)',
  'value (a long one goes on in the next columns)',
];
const HEADER_NOTE =
  'Every paid answer is kept here so that formulas never pay for it twice. Editing or deleting ' +
  'rows loses answers; clear them from the sidebar instead.';
/** Sheets holds 50,000 characters a cell; the margin keeps a split away from the edge. */
export const CELL_CHARS = 45_000;
/** Other writers (a bulk run, the job collector) hold the lock for one batch: seconds, not minutes. */
const LOCK_WAIT_MS = 10_000;

export interface SheetStoreOptions {
  /**
   * The open document, or how to get it on first use: a formula answered from a faster layer never
   * asks Sheets for it (a round trip). A getter answering null leaves nothing to read, and refuses
   * writes.
   */
  spreadsheet: Spreadsheet | (() => Spreadsheet | null);
  /**
   * False in a custom function. The caller knows where it runs; the platform would only tell by
   * throwing at the first write, and a formula must not throw for that.
   */
  canWrite: boolean;
  /**
   * The document lock object the rest of the execution uses: a lock this execution already holds
   * (the job collector holds it for a whole pass) is neither waited for nor released early.
   */
  lock: Lock | null;
  /** Sends pending writes before the lock goes, so the next writer reads them (SpreadsheetApp.flush). */
  flush: () => void;
  sheetName?: string;
  /** Row 1 of the sheet (its first cell proves the sheet is ours) and the note on it; the cache's by default. */
  header?: readonly [string, string];
  note?: string;
}

export function sheetStorePort(options: SheetStoreOptions): SheetStorePort {
  const name = options.sheetName ?? CACHE_SHEET_NAME;
  const given = options.spreadsheet;
  const open = typeof given === 'function' ? given : () => given;
  const document = () => {
    const spreadsheet = open();
    if (!spreadsheet) throw new Error('There is no open spreadsheet to keep results in.');
    return spreadsheet;
  };
  const find = () => open()?.getSheetByName(name) ?? null;
  const own: Own = { name, header: options.header ?? CACHE_SHEET_HEADER, note: options.note ?? HEADER_NOTE };
  const write = (work: () => void) => {
    withLock(options.lock, () => {
      work();
      options.flush();
    });
  };
  return {
    canWrite: options.canWrite,
    readAll() {
      const sheet = find();
      return sheet ? readRows(sheet, own.header[0]) : {};
    },
    writeMany(entries) {
      if (!options.canWrite || Object.keys(entries).length === 0) return;
      write(() => writeRows(ownSheet(document(), own), entries));
    },
    removeMany(keys) {
      if (!options.canWrite || keys.length === 0) return;
      write(() => {
        const sheet = find();
        if (sheet) removeRows(checkedOwn(sheet, own), new Set(keys));
      });
    },
  };
}

/** Under the document lock, the execution's own object: a hold already taken is not taken again. */
function withLock(lock: Lock | null, work: () => void): void {
  if (!lock) {
    work();
    return;
  }
  if (tryWithLock(lockPort(lock), LOCK_WAIT_MS, work) === BUSY)
    throw new Error('Another execution is saving results; the document properties keep these for now.');
}

function text(cell: Cell | undefined): string {
  return cell === undefined ? '' : String(cell);
}

/** Keys and values of every row under the header, in one read; {} for a sheet that is not ours. */
function readRows(sheet: Sheet, mark: string): Record<string, string> {
  const [header, ...rows] = sheet.getDataRange().getValues() as Cell[][];
  if (text(header?.[0]) !== mark) return {};
  const pairs: [string, string][] = [];
  for (const row of rows) {
    const key = text(row[0]);
    if (key !== '') pairs.push([key, row.slice(1).map(text).join('')]);
  }
  return Object.fromEntries(pairs);
}

/** The text in pieces a cell can hold, never splitting a surrogate pair. */
export function splitCells(value: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < value.length; ) {
    let end = Math.min(start + CELL_CHARS, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(value.slice(start, end));
    start = end;
  }
  return pieces.length > 0 ? pieces : [''];
}

/** The keys in column A, by row, read under the lock: another writer may have moved rows since. */
function keyRows(sheet: Sheet): Map<string, number[]> {
  const lastRow = sheet.getLastRow();
  const rows = new Map<string, number[]>();
  if (lastRow < 2) return rows;
  sheet
    .getRange(2, 1, lastRow - 1, 1)
    .getValues()
    .forEach(([cell], index) => {
      const key = text(cell as Cell | undefined);
      if (key !== '') rows.set(key, [...(rows.get(key) ?? []), index + 2]);
    });
  return rows;
}

/**
 * Rewrites the rows of known keys and appends the others, all in one setValues over the rows from
 * the first one touched to the last. Rows in between that this batch does not change are written
 * back as they were read, under the same lock. Cells are plain text, so that a piece of a value
 * that looks like a number or a formula stays what it is.
 */
function writeRows(sheet: Sheet, entries: Record<string, string>): void {
  const lastRow = Math.max(1, sheet.getLastRow());
  const known = keyRows(sheet);
  const targets = new Map<number, string[]>();
  let next = lastRow + 1;
  for (const [key, value] of Object.entries(entries)) {
    const rows = known.get(key);
    const row = rows?.[rows.length - 1] ?? next++;
    targets.set(row, [key, ...splitCells(value)]);
  }
  const touched = [...targets.keys()];
  const first = touched.reduce((a, b) => Math.min(a, b));
  const last = touched.reduce((a, b) => Math.max(a, b));
  const width = [...targets.values()].reduce(
    (most, cells) => Math.max(most, cells.length),
    Math.max(2, sheet.getLastColumn()),
  );
  fitGrid(sheet, last, width);

  const lastKept = Math.min(last, lastRow);
  let kept: Cell[][] = [];
  for (let row = first; row <= lastKept; row++) {
    if (!targets.has(row)) {
      kept = sheet.getRange(first, 1, lastKept - first + 1, width).getValues() as Cell[][];
      break;
    }
  }
  const pad = (cells: readonly Cell[]) => Array.from({ length: width }, (_, c) => cells[c] ?? '');
  const grid = Array.from({ length: last - first + 1 }, (_, r) =>
    pad(targets.get(first + r) ?? kept[r] ?? []),
  );
  const range = sheet.getRange(first, 1, grid.length, width);
  range.setNumberFormat('@');
  range.setValues(grid);
}

/** Grows the grid to hold `rows` rows and `columns` columns. */
function fitGrid(sheet: Sheet, rows: number, columns: number): void {
  const maxRows = sheet.getMaxRows();
  if (maxRows < rows) sheet.insertRowsAfter(maxRows, rows - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns < columns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
}

/** Deletes the rows of these keys (every copy), bottom run first, so the rows still to go stay put. */
function removeRows(sheet: Sheet, keys: ReadonlySet<string>): void {
  const doomed: number[] = [];
  for (const [key, rows] of keyRows(sheet)) if (keys.has(key)) doomed.push(...rows);
  if (doomed.length === 0) return;
  doomed.sort((a, b) => a - b);
  // Sheets refuses to delete every row under the frozen header: leave a blank one behind.
  const maxRows = sheet.getMaxRows();
  if (maxRows - doomed.length < 2) sheet.insertRowsAfter(maxRows, 1);
  const runs: [number, number][] = [];
  for (const row of doomed) {
    const run = runs[runs.length - 1];
    if (run && run[0] + run[1] === row) run[1]++;
    else runs.push([row, 1]);
  }
  for (const [start, count] of runs.reverse()) sheet.deleteRows(start, count);
}

/** The sheet's name, its header row and the header's note. */
interface Own {
  name: string;
  header: readonly [string, string];
  note: string;
}

function checkedOwn(sheet: Sheet, own: Own): Sheet {
  if (text(sheet.getRange(1, 1).getValue() as Cell) !== own.header[0])
    throw new Error(
      `A sheet named "${own.name}" that Enrich for Sheets did not make is in the way: rename it.`,
    );
  return sheet;
}

/** The store's sheet, made on first use: hidden, at the end, without taking the user elsewhere. */
function ownSheet(spreadsheet: Spreadsheet, own: Own): Sheet {
  const { name } = own;
  const existing = spreadsheet.getSheetByName(name);
  if (existing) return checkedOwn(existing, own);
  const before = spreadsheet.getActiveSheet() as Sheet | null;
  const sheet = spreadsheet.insertSheet(name, spreadsheet.getSheets().length);
  if (before) spreadsheet.setActiveSheet(before);
  // A new sheet has 1,000 rows and 26 columns, and every cell counts against the workbook's ten
  // million: the cache starts with its header and one blank row, and grows as it fills.
  sheet.deleteColumns(3, sheet.getMaxColumns() - 2);
  sheet.deleteRows(3, sheet.getMaxRows() - 2);
  const header = sheet.getRange(1, 1, 1, 2);
  header.setValues([[...own.header]]);
  header.setFontWeight('bold');
  sheet.getRange(1, 1).setNote(own.note);
  sheet.setFrozenRows(1);
  sheet.hideSheet();
  return sheet;
}
