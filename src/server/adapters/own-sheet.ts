// Which sheet is a hidden store's own, known by its identity rather than by its name or the text
// of its cells: users unhide the sheets and rename, type over, insert columns and sort. Its id
// (Sheet.getSheetId, which no edit changes: S18 of docs/platform-assumptions.md) is remembered in a
// document property with what the sheet holds, so that a formula finds it with the same one call
// a name would cost (getSheetById instead of getSheetByName, the record read with the formula's
// settings), and a deleted sheet is told from one never made. A sheet made before ids were kept is
// found by its name once, then by its id. Writers put back what a user changed: the name, the
// header, the columns and the order of rows (repair).

import { type GridCell, readSheetRows, type SheetShape } from '../../core/platform/hidden-sheet';
import type { SheetHolds } from '../../core/platform/ports';
import { SHEET_TEXTS } from '../../core/text/catalogue/sheets';
import { parseJsonObject } from '../../core/text/json-text';
import type { sheetRecord } from '../platform/properties';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Sheets holds 50,000 characters a cell; the margin keeps a split away from the edge. */
export const CELL_CHARS = 45_000;

/** Where a store's record lives: a document property (stored-keys.ts names it). */
export type SheetRecordStore = ReturnType<typeof sheetRecord>;

/** A store's sheet: its name, its header row and the header's note, its keys' shape, its record. */
export interface Own extends SheetShape {
  name: string;
  header: readonly [string, string];
  note: string;
  record: SheetRecordStore;
  /**
   * When the sheet remembered was deleted: 'wait' for the user to choose (paid answers: nothing is
   * bought again unasked, nothing is written meanwhile), or 'replace' it by a new sheet at the next
   * write (the record of purchases, whose totals live on in Spending).
   */
  whenDeleted: 'wait' | 'replace';
  /** What the store's rows cost when bought (the cache's answers), to say what deleted rows held. */
  worth?(rows: Record<string, string>): number;
}

/**
 * The record: the sheet's id, what it held when last written, what rows a user deleted held
 * (noted until the user chooses), and when a deleted sheet was replaced by this one.
 */
export interface SheetRecord {
  id: number;
  holds?: SheetHolds;
  gone?: SheetHolds;
  replacedAt?: number;
}

/**
 * The record's text: `{"id":123,"n":3000,"c":3000}`, short as every property byte counts; `gn`
 * and `gc` what deleted rows held, `r` when the sheet replaced a deleted one. What the record
 * lacks is undefined, which JSON leaves out.
 */
function recordText({ id, holds, gone, replacedAt: r }: SheetRecord): string {
  const [n, c, gn, gc] = [holds?.entries, holds?.credits, gone?.entries, gone?.credits];
  return JSON.stringify({ id, n, c, gn, gc, r });
}

const holdsOf = (entries: unknown, credits: unknown): SheetHolds | undefined =>
  typeof entries === 'number' && typeof credits === 'number' ? { entries, credits } : undefined;

function parseRecord(text: string | null): SheetRecord | null {
  const { id, n, c, gn, gc, r } = parseJsonObject(text) ?? {};
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  const replacedAt = typeof r === 'number' ? r : undefined;
  return { id, holds: holdsOf(n, c), gone: holdsOf(gn, gc), replacedAt };
}

/**
 * Where the store's sheet was found, for reads: `byName` when found by its name, not its id (its
 * content must show it is the store's), `lost` when the sheet remembered is gone.
 */
export type Located = { sheet: Sheet | null; byName: boolean; lost: SheetRecord | null };

/** The record, read once and kept as this execution changes it. */
export class RecordedSheet {
  #record: SheetRecord | null | undefined;

  constructor(private readonly own: Own) {}

  get(): SheetRecord | null {
    if (this.#record === undefined) this.#record = parseRecord(this.own.record.read());
    return this.#record;
  }

  set(record: SheetRecord | null): void {
    const before = this.get();
    this.#record = record;
    const text = record ? recordText(record) : null;
    if (text !== (before ? recordText(before) : null)) this.own.record.write(text);
  }

  /**
   * One call: the sheet by its id, or by its name before an id was recorded. A sheet of its name
   * stands in for an id that is gone (a copy of the spreadsheet, were its sheets given new ids):
   * only with neither is the sheet lost.
   */
  locate(spreadsheet: Spreadsheet): Located {
    const record = this.get();
    const byId = record ? spreadsheet.getSheetById(record.id) : null;
    if (byId) return { sheet: byId, byName: false, lost: null };
    const named = spreadsheet.getSheetByName(this.own.name);
    return { sheet: named, byName: true, lost: record && !named ? record : null };
  }
}

/** A cell's value as the text a store keeps. */
export const cellText = (cell: GridCell): string => (cell === undefined || cell === null ? '' : String(cell));

/**
 * The store's sheet for a write, under the document lock: the one remembered, its name given back;
 * else one of its name that shows it is the store's; else a new one (when `make`; null otherwise).
 * Throws while a deleted sheet waits for the user, or when a sheet of that name is someone else's.
 */
export function ownSheet(spreadsheet: Spreadsheet, own: Own, recorded: RecordedSheet, make: boolean) {
  const found = recorded.locate(spreadsheet);
  if (found.sheet && !found.byName) {
    keepName(spreadsheet, found.sheet, own.name);
    return found.sheet;
  }
  if (found.lost && own.whenDeleted === 'wait') {
    if (!make) return null;
    throw new Error(SHEET_TEXTS.hiddenDeleted(own.name));
  }
  if (!found.sheet && !make) return null;
  const sheet = found.sheet ? checkedOwn(found.sheet, own) : makeSheet(spreadsheet, own);
  // A replaced sheet's record says when: what the deleted one held is not in this one.
  const replacedAt = found.lost ? Date.now() : recorded.get()?.replacedAt;
  recorded.set({ id: sheet.getSheetId(), replacedAt });
  return sheet;
}

/** A renamed sheet gets its name back, unless another sheet took it meanwhile. */
function keepName(spreadsheet: Spreadsheet, sheet: Sheet, name: string): void {
  if (sheet.getName() !== name && !spreadsheet.getSheetByName(name)) sheet.setName(name);
}

/** A sheet found by its name is the store's when its header or its keys say so. */
function checkedOwn(sheet: Sheet, own: Own): Sheet {
  if (cellText(sheet.getRange(1, 1).getValue() as GridCell) === own.header[0]) return sheet;
  if (readSheetRows(sheet.getDataRange().getValues() as GridCell[][], own).recognized) return sheet;
  throw new Error(SHEET_TEXTS.inTheWay(own.name));
}

/**
 * A new sheet at the end, without taking the user away from the sheet they are on (insertSheet
 * makes the new sheet active).
 */
export function insertAtEnd(spreadsheet: Spreadsheet, name: string): Sheet {
  const before = spreadsheet.getActiveSheet() as Sheet | null;
  const sheet = spreadsheet.insertSheet(name, spreadsheet.getSheets().length);
  if (before) spreadsheet.setActiveSheet(before);
  return sheet;
}

/** The store's sheet, made: hidden, at the end, without taking the user elsewhere. */
function makeSheet(spreadsheet: Spreadsheet, own: Own): Sheet {
  const sheet = insertAtEnd(spreadsheet, own.name);
  // A new sheet has 1,000 rows and 26 columns, and every cell counts against the workbook's ten
  // million: the store starts with its header and one blank row, and grows as it fills.
  sheet.deleteColumns(3, sheet.getMaxColumns() - 2);
  sheet.deleteRows(3, sheet.getMaxRows() - 2);
  writeHeader(sheet, own, 2);
  sheet.hideSheet();
  return sheet;
}

function writeHeader(sheet: Sheet, own: Own, width: number): void {
  const header = sheet.getRange(1, 1, 1, width);
  header.setValues([padded(own.header, width)]);
  header.setFontWeight('bold');
  sheet.getRange(1, 1).setNote(own.note);
  sheet.setFrozenRows(1);
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

/** `cells`, then '' up to `width` cells: a row of a grid Sheets takes whole. */
export const padded = <T>(cells: readonly T[], width: number) =>
  Array.from({ length: width }, (_, c) => cells[c] ?? '');

/**
 * Grows the grid to hold `rows` rows and `columns` columns; `exact`, shrinks it to them too (a
 * report of 10 rows leaves no 990 empty ones).
 */
export function fitGrid(sheet: Sheet, rows: number, columns: number, exact = false): void {
  const maxRows = sheet.getMaxRows();
  if (maxRows < rows) sheet.insertRowsAfter(maxRows, rows - maxRows);
  else if (exact && maxRows > rows) sheet.deleteRows(rows + 1, maxRows - rows);
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns < columns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
  else if (exact && maxColumns > columns) sheet.deleteColumns(columns + 1, maxColumns - columns);
}

/**
 * Puts the sheet back as the store writes it, after a user moved its header or keys (typed over
 * A1, inserted columns, sorted the header in with the rows): one read of every row, then the
 * header and each row's key and value written back from A1, as plain text. Rare, and under the
 * document lock: what a user typed in the store's cells is not kept.
 */
export function repair(sheet: Sheet, own: Own): void {
  const { entries } = readSheetRows(sheet.getDataRange().getValues() as GridCell[][], own);
  const rows = Object.entries(entries).map(([key, value]) => [key, ...splitCells(value)]);
  const width = rows.reduce((most, row) => Math.max(most, row.length), 2);
  sheet.clear();
  fitGrid(sheet, rows.length + 1, width);
  writeHeader(sheet, own, width);
  if (rows.length === 0) return;
  const range = sheet.getRange(2, 1, rows.length, width);
  range.setNumberFormat('@');
  range.setValues(rows.map((row) => padded(row, width)));
}
