// What a sheet does on its own: the Sheet methods an add-on uses that lead to no other facade
// (its name, size, frozen rows, column widths, visibility, rows and columns, contents). The facade
// scripts get is FakeSheet (spreadsheet.ts), which adds the ways to its ranges and its spreadsheet.
//
// Verified: the grid is finite ("Those rows are out of bounds.").
// Assumed (ids of docs/platform-assumptions.md): S7 the messages for hiding the last visible sheet,
// for inserting or deleting rows and columns out of bounds and for deleting every row or column
// that is not frozen; S8 appendRow grows the grid.

import { gasError } from './errors';
import type { Runtime } from './runtime';
import type { SheetModel } from './sheet-model';

const DEFAULT_COLUMN_WIDTH = 100;

function checkInsertion(after: number, count: number, max: number, what: 'rows' | 'columns'): void {
  if (!(Number.isInteger(after) && after >= 1 && after <= max))
    throw gasError(`Those ${what} are out of bounds.`);
  if (!(Number.isInteger(count) && count >= 1))
    throw gasError(`The number of ${what} to insert must be at least 1.`);
}

function checkDeletion(
  start: number,
  count: number,
  max: number,
  frozen: number,
  what: 'rows' | 'columns',
): void {
  if (
    !(
      Number.isInteger(start) &&
      Number.isInteger(count) &&
      start >= 1 &&
      count >= 1 &&
      start + count - 1 <= max
    )
  )
    throw gasError(`Those ${what} are out of bounds.`);
  const frozenLeft = Math.min(frozen, start - 1);
  if (max - count <= frozenLeft)
    throw gasError(`Sorry, it is not possible to delete all non-frozen ${what}.`);
}

/** The Sheet methods FakeSheet mirrors (some in spreadsheet.ts): mirror.ts checks their signatures. */
export type SheetMethods =
  | 'activate'
  | 'appendRow'
  | 'autoResizeColumn'
  | 'autoResizeColumns'
  | 'clear'
  | 'clearContents'
  | 'deleteColumns'
  | 'deleteRows'
  | 'getColumnWidth'
  | 'getDataRange'
  | 'getFrozenRows'
  | 'getLastColumn'
  | 'getLastRow'
  | 'getMaxColumns'
  | 'getMaxRows'
  | 'getName'
  | 'getParent'
  | 'getRange'
  | 'getSheetId'
  | 'hideSheet'
  | 'insertColumnsAfter'
  | 'insertRowsAfter'
  | 'isSheetHidden'
  | 'setColumnWidth'
  | 'setFrozenRows'
  | 'setName'
  | 'showSheet';

export class SheetStructure {
  readonly #runtime: Runtime;
  readonly #sheet: SheetModel;

  constructor(runtime: Runtime, sheet: SheetModel) {
    this.#runtime = runtime;
    this.#sheet = sheet;
  }

  getName(): string {
    this.#read('getName');
    return this.#sheet.name;
  }

  getSheetId(): number {
    this.#read('getSheetId');
    return this.#sheet.id;
  }

  getLastRow(): number {
    this.#read('getLastRow');
    return this.#sheet.lastRow();
  }

  getLastColumn(): number {
    this.#read('getLastColumn');
    return this.#sheet.lastColumn();
  }

  getMaxRows(): number {
    this.#read('getMaxRows');
    return this.#sheet.maxRows;
  }

  getMaxColumns(): number {
    this.#read('getMaxColumns');
    return this.#sheet.maxColumns;
  }

  getFrozenRows(): number {
    this.#read('getFrozenRows');
    return this.#sheet.frozenRows;
  }

  getColumnWidth(columnPosition: number): number {
    this.#read('getColumnWidth');
    return this.#sheet.columnWidths.get(columnPosition) ?? DEFAULT_COLUMN_WIDTH;
  }

  isSheetHidden(): boolean {
    this.#read('isSheetHidden');
    return this.#sheet.hidden;
  }

  setName(name: string): this {
    this.#write('setName');
    this.#sheet.spreadsheet.checkName(String(name), this.#sheet);
    this.#sheet.name = String(name);
    return this;
  }

  setFrozenRows(rows: number): void {
    this.#write('setFrozenRows');
    this.#sheet.frozenRows = rows;
  }

  setColumnWidth(columnPosition: number, width: number): this {
    this.#write('setColumnWidth');
    this.#sheet.columnWidths.set(columnPosition, width);
    return this;
  }

  autoResizeColumn(columnPosition: number): this {
    this.#write('autoResizeColumn');
    this.#sheet.autoResizedColumns.add(columnPosition);
    return this;
  }

  autoResizeColumns(startColumn: number, numColumns: number): this {
    this.#write('autoResizeColumns');
    for (let c = startColumn; c < startColumn + numColumns; c++) this.#sheet.autoResizedColumns.add(c);
    return this;
  }

  hideSheet(): this {
    this.#write('hideSheet');
    const visible = this.#sheet.spreadsheet.sheets.filter((sheet) => !sheet.hidden);
    if (visible.length === 1 && visible[0] === this.#sheet)
      throw gasError("You can't hide all the sheets in a document.");
    this.#sheet.hidden = true;
    return this;
  }

  showSheet(): this {
    this.#write('showSheet');
    this.#sheet.hidden = false;
    return this;
  }

  insertRowsAfter(afterPosition: number, howMany: number): this {
    this.#write('insertRowsAfter');
    checkInsertion(afterPosition, howMany, this.#sheet.maxRows, 'rows');
    this.#sheet.insertRows(afterPosition, howMany);
    return this;
  }

  insertColumnsAfter(afterPosition: number, howMany: number): this {
    this.#write('insertColumnsAfter');
    checkInsertion(afterPosition, howMany, this.#sheet.maxColumns, 'columns');
    this.#sheet.insertColumns(afterPosition, howMany);
    return this;
  }

  deleteRows(rowPosition: number, howMany: number): void {
    this.#write('deleteRows');
    checkDeletion(rowPosition, howMany, this.#sheet.maxRows, this.#sheet.frozenRows, 'rows');
    this.#sheet.deleteRows(rowPosition, howMany);
  }

  deleteColumns(columnPosition: number, howMany: number): void {
    this.#write('deleteColumns');
    checkDeletion(columnPosition, howMany, this.#sheet.maxColumns, 0, 'columns');
    this.#sheet.deleteColumns(columnPosition, howMany);
  }

  appendRow(rowContents: unknown[]): this {
    this.#write('appendRow');
    const row = this.#sheet.lastRow() + 1;
    this.#sheet.maxRows = Math.max(this.#sheet.maxRows, row);
    this.#sheet.maxColumns = Math.max(this.#sheet.maxColumns, rowContents.length);
    rowContents.forEach((value, i) => {
      this.#sheet.writeInput(row, i + 1, value);
    });
    return this;
  }

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): this {
    this.#write('clear');
    const all = { row: 1, column: 1, numRows: this.#sheet.maxRows, numColumns: this.#sheet.maxColumns };
    this.#sheet.clear(all, {
      contents: !options?.formatOnly,
      formats: !options?.contentsOnly,
      notes: !options?.formatOnly && !options?.contentsOnly,
    });
    return this;
  }

  clearContents(): this {
    this.#write('clearContents');
    const all = { row: 1, column: 1, numRows: this.#sheet.maxRows, numColumns: this.#sheet.maxColumns };
    this.#sheet.clear(all, { contents: true, formats: false, notes: false });
    return this;
  }

  activate(): this {
    this.#write('activate');
    this.#sheet.spreadsheet.activeSheet = this.#sheet;
    return this;
  }

  #read(method: string): void {
    this.#runtime.enter('sheet-read', `Sheet.${method}`);
    this.#runtime.noteStored('sheet', false, [this.#sheet.name]);
  }

  #write(method: string): void {
    this.#runtime.enter('sheet-write', `Sheet.${method}`);
    this.#runtime.noteStored('sheet', true, [this.#sheet.name]);
  }
}
