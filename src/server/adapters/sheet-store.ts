// The hidden sheet `_enrich_cache`: the durable home of paid answers that outgrow the document
// properties (SheetStorePort). One row an answer: its key in column A, its text from column B on,
// split over further columns past what a cell holds. It is read with one getValues everywhere,
// formulas included, and written only outside custom functions (a formula may read the
// spreadsheet, never write it), under the document lock, with one setValues a batch. The sheet is
// known by its id (own-sheet.ts) and its rows by their shape (core/platform/hidden-sheet.ts): a
// user's rename, typing, inserted columns or sort lose nothing, and the next write repairs them.

import { isResultKey } from '../../core/cache/keys';
import { holdsIn } from '../../core/cache/sheet-save';
import { type GridCell, readSheetRows } from '../../core/platform/hidden-sheet';
import { BUSY, tryWithLock } from '../../core/platform/locked-section';
import type { LostSheet, SheetHolds, SheetStorePort } from '../../core/platform/ports';
import { SHEET_NAME } from '../../core/platform/stored-keys';
import { SHEET_TEXTS } from '../../core/text/catalogue/sheets';
import { lockPort } from './apps-script';
import { DeletedRows } from './deleted-rows';
import {
  cellText,
  fitGrid,
  type Located,
  type Own,
  ownSheet,
  padded,
  RecordedSheet,
  repair,
  type SheetRecordStore,
  splitCells,
} from './own-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Lock = GoogleAppsScript.Lock.Lock;

export const CACHE_SHEET_NAME = SHEET_NAME.resultCache;
/** Row 1 tells a person what the sheet is; the add-on knows it by its id, not by this text. */
export const CACHE_SHEET_HEADER: readonly [string, string] = SHEET_TEXTS.cacheHeader;
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
   * Only a sheet the record names is looked for (a formula): with no record, the document is read as
   * having no sheet, asking Sheets nothing. A sheet made before ids were kept is adopted by the
   * file's opening (`adoptUnrecordedSheet`) and by any writer.
   */
  recordedOnly?: boolean;
  /**
   * The document lock object the rest of the execution uses: a lock this execution already holds
   * (the job collector holds it for a whole pass) is neither waited for nor released early. A
   * getter is asked on the first write only.
   */
  lock: Lock | null | (() => Lock);
  /**
   * Sends pending writes before the lock goes, so the next writer reads them: SpreadsheetApp.flush
   * unless a test counts them.
   */
  flush?: () => void;
  /** Where the sheet's id is remembered (the cache's document property, stored-keys.ts). */
  record: SheetRecordStore;
  /** The store's sheet when it is not the cache's: the ledger's (ledger-sheet.ts). */
  own?: Omit<Own, 'record'>;
}

/** The cache's sheet: answers keyed `r1:…`; a deleted one waits for the user (core/cache/lost.ts). */
const CACHE_SHEET: Omit<Own, 'record'> = {
  name: CACHE_SHEET_NAME,
  header: CACHE_SHEET_HEADER,
  note: SHEET_TEXTS.cacheNote,
  mark: CACHE_SHEET_HEADER[0],
  isKey: isResultKey,
  whenDeleted: 'wait',
  worth: (rows) => holdsIn(rows, new Set()).credits,
};

export function sheetStorePort(options: SheetStoreOptions): SheetStorePort {
  const own: Own = { ...(options.own ?? CACHE_SHEET), record: options.record };
  const given = options.spreadsheet;
  const open = typeof given === 'function' ? given : () => given;
  const document = () => {
    const spreadsheet = open();
    if (!spreadsheet) throw new Error(SHEET_TEXTS.noSpreadsheet);
    return spreadsheet;
  };
  const recorded = new RecordedSheet(own);
  // Where the last look found the sheet: `lost` after a read asks Sheets nothing more.
  let located: Located | undefined;
  const deleted = new DeletedRows(own, recorded);
  const locate = () => {
    const spreadsheet = options.recordedOnly === true && recorded.get() === null ? null : open();
    located = spreadsheet ? recorded.locate(spreadsheet) : { sheet: null, byName: true, lost: null };
    return located;
  };
  // Under the lock the sheet is looked for again: another writer may have made or repaired it.
  const write = (work: (sheet: Sheet) => void, holds: SheetHolds | undefined, make: boolean) => {
    withLock(options.lock, () => {
      const sheet = ownSheet(document(), own, recorded, make);
      if (!sheet) return;
      located = { sheet, byName: false, lost: null };
      work(sheet);
      if (holds) deleted.written(sheet.getSheetId(), holds);
      if (options.flush) options.flush();
      else SpreadsheetApp.flush();
    });
  };
  const readRows = (): Record<string, string> => {
    const { sheet, byName } = locate();
    if (!sheet) return {};
    const rows = readSheetRows(sheet.getDataRange().getValues() as GridCell[][], own);
    if (byName) return rows.recognized ? rows.entries : {};
    deleted.count(rows.entries);
    return rows.entries;
  };
  return {
    canWrite: options.canWrite,
    readAll: readRows,
    writeMany(entries, holds) {
      if (!options.canWrite || Object.keys(entries).length === 0) return;
      write((sheet) => writeRows(sheet, own, entries), holds, true);
    },
    removeMany(keys, holds) {
      if (!options.canWrite || keys.length === 0) return;
      if (!(located ?? locate()).sheet) return;
      const removing = (removed: number) => (holds ? undefined : deleted.removing(removed));
      write((sheet) => removeRows(sheet, own, new Set(keys), removing), holds, false);
    },
    lost(): LostSheet | null {
      const where = located ?? locate();
      if (where.lost) return { name: own.name, deleted: 'sheet', holds: where.lost.holds ?? null };
      const replacedAt = recorded.get()?.replacedAt;
      if (replacedAt !== undefined) return { name: own.name, deleted: 'sheet', holds: null, at: replacedAt };
      if (!deleted.counted && where.sheet && !where.byName) readRows();
      const gone = deleted.gone();
      return gone ? { name: own.name, deleted: 'rows', holds: gone } : null;
    },
    forgetLost() {
      const where = located ?? locate();
      if (where.lost) {
        recorded.set(null);
        located = undefined;
        return;
      }
      if (!deleted.counted && where.sheet && !where.byName) readRows();
      deleted.forget();
    },
  };
}

/**
 * The cache's sheet made before ids were kept, found by its name and recorded by its id, where
 * there is no record yet: formulas look only for the sheet the record names. Under the lock.
 */
export function adoptUnrecordedSheet(
  options: Pick<SheetStoreOptions, 'lock' | 'record'> & { spreadsheet: Spreadsheet },
): void {
  const recorded = new RecordedSheet({ ...CACHE_SHEET, record: options.record });
  if (recorded.get() !== null) return;
  // Most documents never had one: the lock is only for a sheet to record.
  if (!options.spreadsheet.getSheetByName(CACHE_SHEET.name)) return;
  withLock(options.lock, () => {
    ownSheet(options.spreadsheet, { ...CACHE_SHEET, record: options.record }, recorded, false);
  });
}

/** Under the document lock, the execution's own object: a hold already taken is not taken again. */
function withLock(lock: Lock | null | (() => Lock), work: () => void) {
  if (!lock) return work();
  if (tryWithLock(lockPort(lock), LOCK_WAIT_MS, work) === BUSY) throw new Error(SHEET_TEXTS.savingElsewhere);
}

/**
 * The keys in column A, by row, read under the lock: another writer may have moved rows since. A
 * column A whose first cell is not the header is a sheet a user changed: it is repaired first.
 */
function keyRows(sheet: Sheet, own: Own): Map<string, number[]> {
  const readColumn = (): GridCell[][] => sheet.getRange(1, 1, Math.max(1, sheet.getLastRow()), 1).getValues();
  let column = readColumn();
  if (cellText(column[0]?.[0]) !== own.header[0]) {
    repair(sheet, own);
    column = readColumn();
  }
  const rows = new Map<string, number[]>();
  column.forEach(([cell], index) => {
    const key = cellText(cell);
    if (index > 0 && key !== '') rows.set(key, [...(rows.get(key) ?? []), index + 1]);
  });
  return rows;
}

/**
 * Rewrites the rows of known keys and appends the others, all in one setValues over the rows from
 * the first one touched to the last. Rows in between that this batch does not change are written
 * back as they were read, under the same lock. Cells are plain text, so that a piece of a value
 * that looks like a number or a formula stays what it is.
 */
function writeRows(sheet: Sheet, own: Own, entries: Record<string, string>): void {
  const known = keyRows(sheet, own);
  const lastRow = Math.max(1, sheet.getLastRow());
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

  // Rows in between that this batch does not change are read once, to be written back.
  const between = Array.from({ length: Math.min(last, lastRow) - first + 1 }, (_, r) => first + r);
  const kept = between.some((row) => !targets.has(row))
    ? (sheet.getRange(first, 1, between.length, width).getValues() as GridCell[][])
    : [];
  const grid = Array.from({ length: last - first + 1 }, (_, r) =>
    padded(targets.get(first + r) ?? kept[r] ?? [], width),
  );
  const range = sheet.getRange(first, 1, grid.length, width);
  range.setNumberFormat('@');
  range.setValues(grid);
}

/**
 * Deletes the rows of these keys (every copy), bottom run first, so the rows still to go stay put;
 * `removing` is told how many keys go first.
 */
function removeRows(sheet: Sheet, own: Own, keys: ReadonlySet<string>, removing: (keys: number) => void) {
  const doomed: number[] = [];
  let going = 0;
  for (const [key, rows] of keyRows(sheet, own)) {
    if (!keys.has(key)) continue;
    doomed.push(...rows);
    if (own.isKey(key)) going++;
  }
  if (doomed.length === 0) return;
  removing(going);
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
