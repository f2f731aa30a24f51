// The Range, Sheet and Spreadsheet facades scripts get, over the sheet model. They lead to one
// another (a range to its sheet, a sheet to its ranges and its spreadsheet), so they live together
// here; what each does on its own is in range-cells.ts and sheet-structure.ts, and SpreadsheetApp,
// the way in, in spreadsheet-app.ts.
//
// Verified: inside a formula getActiveRange() is the calling cell; insertSheet makes the new sheet
// active.
// Assumed (ids of docs/platform-assumptions.md): S7 the messages for bad getRange arguments; S12 a
// new sheet is 1,000 rows by 26 columns; S14 in a formula the active sheet is the calling cell's;
// S18 a sheet's id never changes nor is given again, and getSheetById answers null once it is deleted.

import { type GridRange, parseA1, splitSheetName } from './a1';
import { gasError } from './errors';
import { RangeCells } from './range-cells';
import type { Runtime } from './runtime';
import type { SheetModel, SpreadsheetModel } from './sheet-model';
import { SheetStructure } from './sheet-structure';

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

/** A range, and the way back to its sheet. */
export class FakeRange extends RangeCells {
  readonly #runtime: Runtime;
  readonly #sheet: SheetModel;
  readonly #range: GridRange;

  constructor(runtime: Runtime, sheet: SheetModel, range: GridRange) {
    super(runtime, sheet, range);
    this.#runtime = runtime;
    this.#sheet = sheet;
    this.#range = range;
  }

  getSheet(): FakeSheet {
    this.#runtime.enter('sheet-read', 'Range.getSheet');
    return new FakeSheet(this.#runtime, this.#sheet);
  }

  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    this.#runtime.enter('sheet-read', 'Range.offset');
    return new FakeRange(this.#runtime, this.#sheet, {
      row: this.#range.row + rowOffset,
      column: this.#range.column + columnOffset,
      numRows: numRows ?? this.#range.numRows,
      numColumns: numColumns ?? this.#range.numColumns,
    });
  }
}

/** A sheet, and the ways to its ranges and its spreadsheet. */
export class FakeSheet extends SheetStructure {
  readonly #runtime: Runtime;
  readonly #sheet: SheetModel;

  constructor(runtime: Runtime, sheet: SheetModel) {
    super(runtime, sheet);
    this.#runtime = runtime;
    this.#sheet = sheet;
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

  #read(method: string): void {
    this.#runtime.enter('sheet-read', `Sheet.${method}`);
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
  | 'getFormUrl'
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

  /** The form that sends its responses here, or null (user-actions.ts links one). */
  getFormUrl(): string | null {
    this.#read('getFormUrl');
    return this.#model.form?.url ?? null;
  }

  getSheets(): FakeSheet[] {
    this.#read('getSheets');
    return this.#model.sheets.map((sheet) => new FakeSheet(this.#runtime, sheet));
  }

  getSheetByName(name: string): FakeSheet | null {
    this.#read('getSheetByName');
    this.#runtime.noteStored('sheet', false, [String(name)]);
    const sheet = this.#model.sheetByName(String(name));
    return sheet ? new FakeSheet(this.#runtime, sheet) : null;
  }

  getSheetById(id: number): FakeSheet | null {
    this.#read('getSheetById');
    const sheet = this.#model.sheets.find((candidate) => candidate.id === id);
    this.#runtime.noteStored('sheet', false, [sheet?.name ?? `#${id}`]);
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
