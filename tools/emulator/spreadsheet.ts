// SpreadsheetApp, Spreadsheet and Sheet facades over the sheet model.
//
// Verified: a custom function reads the open spreadsheet but may not write it or open another
// (runtime.ts throws the messages); inside a formula getActiveRange() is the calling cell; the
// grid is finite ("Those rows are out of bounds."); insertSheet makes the new sheet active.
// From DESIGN (unverified, X7 of docs/platform-assumptions.md): an add-on's time-driven trigger has
// no active spreadsheet.
// Assumed: S7 the messages for bad getRange arguments, for hiding the last visible sheet, for
// openById with an unknown id, for inserting or deleting rows and columns out of bounds and for
// deleting every row or column that is not frozen; S8 appendRow grows the grid; S12 a new sheet is
// 1,000 rows by 26 columns; S14 in a formula the active sheet is the calling cell's.

import { type GridRange, parseA1, splitSheetName } from './a1';
import { gasError } from './errors';
import { FakeRange } from './range-cells';
import type { Runtime } from './runtime';
import type { SheetModel, SpreadsheetModel } from './sheet-model';
import type { FakeUi } from './ui';

const DEFAULT_COLUMN_WIDTH = 100;

/** The emulator's documents; the runtime's identity says which one is open. */
export interface SpreadsheetWorld {
  readonly runtime: Runtime;
  readonly documents: ReadonlyMap<string, SpreadsheetModel>;
  readonly ui: () => FakeUi;
}

function rangeOf(sheet: SheetModel, a1: string): GridRange {
  const range = parseA1(a1, sheet.maxRows, sheet.maxColumns);
  if (!range) throw gasError('Range not found');
  return range;
}

function checkCoordinates(row: number, column: number, numRows: number, numColumns: number): void {
  if (!(row >= 1)) throw gasError('The starting row of the range is too small.');
  if (!(column >= 1)) throw gasError('The starting column of the range is too small.');
  if (!(numRows >= 1)) throw gasError('The number of rows in the range must be at least 1.');
  if (!(numColumns >= 1)) throw gasError('The number of columns in the range must be at least 1.');
}

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

/** The Sheet methods this fake mirrors: mirror.ts checks their signatures. */
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

export class FakeSheet {
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

  getParent(): FakeSpreadsheet {
    this.#read('getParent');
    return new FakeSpreadsheet(this.#runtime, this.#sheet.spreadsheet);
  }

  getRange(rowOrA1: number | string, column?: number, numRows?: number, numColumns?: number): FakeRange {
    this.#read('getRange');
    if (typeof rowOrA1 === 'string')
      return new FakeRange(this.#runtime, this.#sheet, rangeOf(this.#sheet, rowOrA1));
    const range = {
      row: rowOrA1,
      column: column ?? Number.NaN,
      numRows: numRows ?? 1,
      numColumns: numColumns ?? 1,
    };
    checkCoordinates(range.row, range.column, range.numRows, range.numColumns);
    return new FakeRange(this.#runtime, this.#sheet, range);
  }

  getDataRange(): FakeRange {
    this.#read('getDataRange');
    return new FakeRange(this.#runtime, this.#sheet, {
      row: 1,
      column: 1,
      numRows: Math.max(1, this.#sheet.lastRow()),
      numColumns: Math.max(1, this.#sheet.lastColumn()),
    });
  }

  /** Null when the selection is on another sheet (the typings allow it here). */
  getActiveRange(): FakeRange | null {
    this.#read('getActiveRange');
    if (this.#sheet.spreadsheet.activeSheet !== this.#sheet) return null;
    return new FakeRange(this.#runtime, this.#sheet, this.#sheet.selection);
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

  setName(name: string): FakeSheet {
    this.#write('setName');
    this.#sheet.spreadsheet.checkName(String(name), this.#sheet);
    this.#sheet.name = String(name);
    return this;
  }

  setFrozenRows(rows: number): void {
    this.#write('setFrozenRows');
    this.#sheet.frozenRows = rows;
  }

  setColumnWidth(columnPosition: number, width: number): FakeSheet {
    this.#write('setColumnWidth');
    this.#sheet.columnWidths.set(columnPosition, width);
    return this;
  }

  autoResizeColumn(columnPosition: number): FakeSheet {
    this.#write('autoResizeColumn');
    this.#sheet.autoResizedColumns.add(columnPosition);
    return this;
  }

  autoResizeColumns(startColumn: number, numColumns: number): FakeSheet {
    this.#write('autoResizeColumns');
    for (let c = startColumn; c < startColumn + numColumns; c++) this.#sheet.autoResizedColumns.add(c);
    return this;
  }

  hideSheet(): FakeSheet {
    this.#write('hideSheet');
    const visible = this.#sheet.spreadsheet.sheets.filter((sheet) => !sheet.hidden);
    if (visible.length === 1 && visible[0] === this.#sheet)
      throw gasError("You can't hide all the sheets in a document.");
    this.#sheet.hidden = true;
    return this;
  }

  showSheet(): FakeSheet {
    this.#write('showSheet');
    this.#sheet.hidden = false;
    return this;
  }

  insertRowsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.#write('insertRowsAfter');
    checkInsertion(afterPosition, howMany, this.#sheet.maxRows, 'rows');
    this.#sheet.insertRows(afterPosition, howMany);
    return this;
  }

  insertColumnsAfter(afterPosition: number, howMany: number): FakeSheet {
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

  appendRow(rowContents: unknown[]): FakeSheet {
    this.#write('appendRow');
    const row = this.#sheet.lastRow() + 1;
    this.#sheet.maxRows = Math.max(this.#sheet.maxRows, row);
    this.#sheet.maxColumns = Math.max(this.#sheet.maxColumns, rowContents.length);
    rowContents.forEach((value, i) => {
      this.#sheet.writeInput(row, i + 1, value);
    });
    return this;
  }

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): FakeSheet {
    this.#write('clear');
    const all = { row: 1, column: 1, numRows: this.#sheet.maxRows, numColumns: this.#sheet.maxColumns };
    this.#sheet.clear(all, {
      contents: !options?.formatOnly,
      formats: !options?.contentsOnly,
      notes: !options?.formatOnly && !options?.contentsOnly,
    });
    return this;
  }

  clearContents(): FakeSheet {
    this.#write('clearContents');
    const all = { row: 1, column: 1, numRows: this.#sheet.maxRows, numColumns: this.#sheet.maxColumns };
    this.#sheet.clear(all, { contents: true, formats: false, notes: false });
    return this;
  }

  activate(): FakeSheet {
    this.#write('activate');
    this.#sheet.spreadsheet.activeSheet = this.#sheet;
    return this;
  }

  #read(method: string): void {
    this.#runtime.enter('sheet-read', `Sheet.${method}`);
  }

  #write(method: string): void {
    this.#runtime.enter('sheet-write', `Sheet.${method}`);
  }
}

/** The Spreadsheet methods this fake mirrors: mirror.ts checks their signatures. */
export type SpreadsheetMethods =
  | 'getId'
  | 'getName'
  | 'getRange'
  | 'getSheetById'
  | 'getSheetByName'
  | 'getSheets'
  | 'getSpreadsheetTimeZone'
  | 'getUrl'
  | 'insertSheet'
  | 'setActiveSheet';

export class FakeSpreadsheet {
  readonly #runtime: Runtime;
  readonly #model: SpreadsheetModel;

  constructor(runtime: Runtime, model: SpreadsheetModel) {
    this.#runtime = runtime;
    this.#model = model;
  }

  getId(): string {
    this.#read('getId');
    return this.#model.id;
  }

  getName(): string {
    this.#read('getName');
    return this.#model.name;
  }

  getUrl(): string {
    this.#read('getUrl');
    return `https://docs.google.com/spreadsheets/d/${this.#model.id}/edit`;
  }

  getSpreadsheetTimeZone(): string {
    this.#read('getSpreadsheetTimeZone');
    return this.#model.timeZone;
  }

  getSheets(): FakeSheet[] {
    this.#read('getSheets');
    return this.#model.sheets.map((sheet) => new FakeSheet(this.#runtime, sheet));
  }

  getSheetByName(name: string): FakeSheet | null {
    this.#read('getSheetByName');
    const sheet = this.#model.sheetByName(String(name));
    return sheet ? new FakeSheet(this.#runtime, sheet) : null;
  }

  getSheetById(id: number): FakeSheet | null {
    this.#read('getSheetById');
    const sheet = this.#model.sheets.find((candidate) => candidate.id === id);
    return sheet ? new FakeSheet(this.#runtime, sheet) : null;
  }

  /** In a formula the active sheet is the calling cell's sheet. */
  getActiveSheet(): FakeSheet {
    this.#read('getActiveSheet');
    return new FakeSheet(this.#runtime, this.#activeSheet());
  }

  /** In a formula the active range is the calling cell. */
  getActiveRange(): FakeRange | null {
    this.#read('getActiveRange');
    const caller = this.#runtime.current?.caller;
    const sheet = this.#activeSheet();
    if (caller)
      return new FakeRange(this.#runtime, sheet, {
        row: caller.row,
        column: caller.column,
        numRows: 1,
        numColumns: 1,
      });
    return new FakeRange(this.#runtime, sheet, sheet.selection);
  }

  getRange(a1Notation: string): FakeRange {
    this.#read('getRange');
    const { sheetName, a1 } = splitSheetName(String(a1Notation));
    const sheet = sheetName === null ? this.#activeSheet() : this.#model.sheetByName(sheetName);
    if (!sheet) throw gasError('Range not found');
    return new FakeRange(this.#runtime, sheet, rangeOf(sheet, a1));
  }

  setActiveSheet(sheet: FakeSheet, _restoreSelection?: boolean): FakeSheet {
    this.#runtime.enter('sheet-write', 'Spreadsheet.setActiveSheet');
    return sheet.activate();
  }

  /**
   * insertSheet(), insertSheet(index), insertSheet(name), insertSheet(name, index), with or without
   * options; copying from a template sheet is not emulated.
   */
  insertSheet(
    nameOrIndexOrOptions?: string | number | { template?: unknown },
    indexOrOptions?: number | { template?: unknown },
    options?: { template?: unknown },
  ): FakeSheet {
    this.#runtime.enter('sheet-write', 'Spreadsheet.insertSheet');
    const args = [nameOrIndexOrOptions, indexOrOptions, options];
    if (
      args.some(
        (arg) => typeof arg === 'object' && arg !== null && 'template' in arg && arg.template !== undefined,
      )
    ) {
      throw new Error('Emulator: insertSheet with a template is not emulated');
    }
    const name =
      typeof nameOrIndexOrOptions === 'string' ? nameOrIndexOrOptions : this.#model.nextDefaultName();
    const index =
      typeof nameOrIndexOrOptions === 'number'
        ? nameOrIndexOrOptions
        : typeof indexOrOptions === 'number'
          ? indexOrOptions
          : undefined;
    const sheet = this.#model.addSheet(name, index);
    this.#model.activeSheet = sheet;
    return new FakeSheet(this.#runtime, sheet);
  }

  #activeSheet(): SheetModel {
    const caller = this.#runtime.current?.caller;
    return (caller && this.#model.sheetByName(caller.sheetName)) || this.#model.activeSheet;
  }

  #read(method: string): void {
    this.#runtime.enter('sheet-read', `Spreadsheet.${method}`);
  }
}

export class FakeSpreadsheetApp {
  readonly #world: SpreadsheetWorld;

  constructor(world: SpreadsheetWorld) {
    this.#world = world;
  }

  /**
   * The open document, or null where there is none (an add-on's time-driven trigger); the typings
   * say it is never null.
   */
  getActiveSpreadsheet(): FakeSpreadsheet | null {
    this.#world.runtime.enter('sheet-read', 'SpreadsheetApp.getActiveSpreadsheet');
    const model = this.#activeModel();
    return model ? new FakeSpreadsheet(this.#world.runtime, model) : null;
  }

  getActive(): FakeSpreadsheet | null {
    return this.getActiveSpreadsheet();
  }

  getActiveSheet(): FakeSheet | null {
    return this.getActiveSpreadsheet()?.getActiveSheet() ?? null;
  }

  getActiveRange(): FakeRange | null {
    return this.getActiveSpreadsheet()?.getActiveRange() ?? null;
  }

  openById(id: string): FakeSpreadsheet {
    this.#world.runtime.enter('sheet-open', 'SpreadsheetApp.openById');
    const model = this.#world.documents.get(String(id));
    if (!model)
      throw gasError(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    return new FakeSpreadsheet(this.#world.runtime, model);
  }

  openByUrl(url: string): FakeSpreadsheet {
    this.#world.runtime.enter('sheet-open', 'SpreadsheetApp.openByUrl');
    const id = /\/d\/([^/]+)/.exec(String(url))?.[1];
    const model = id === undefined ? undefined : this.#world.documents.get(id);
    if (!model)
      throw gasError(
        'Unexpected error while getting the method or property openByUrl on object SpreadsheetApp.',
      );
    return new FakeSpreadsheet(this.#world.runtime, model);
  }

  getUi(): FakeUi {
    this.#world.runtime.enter('ui', 'SpreadsheetApp.getUi');
    return this.#world.ui();
  }

  flush(): void {
    this.#world.runtime.enter('sheet-write', 'SpreadsheetApp.flush');
    for (const model of this.#world.documents.values()) model.flushed();
  }

  #activeModel(): SpreadsheetModel | null {
    if (this.#world.runtime.current?.hasActiveSpreadsheet === false) return null;
    const { documentId } = this.#world.runtime.identity();
    return documentId === null ? null : (this.#world.documents.get(documentId) ?? null);
  }
}
