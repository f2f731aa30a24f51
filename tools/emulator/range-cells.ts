// What a range does with its cells: the Range methods an add-on uses, over the sheet model. The
// facade scripts get is FakeRange (spreadsheet.ts), which adds getSheet() and offset(): the
// facades that lead to one another live there, so that this file needs none of them.
//
// Verified: setValues with the wrong shape throws "The number of rows in the data does not match the
// number of rows in the range. The data has N but the range has M." (and the same for columns);
// from a custom function every setter throws "You do not have permission to call <method>".
// Assumed (ids of docs/platform-assumptions.md): S9 setValue and setFormula fill every cell of a
// multi-cell range (Sheets also shifts the formula's relative references, which is not emulated);
// S10 an untouched cell's number format reads "General" and Range.clear() also clears notes; S11 the
// message for setValues of something that is not a 2-D array.

import { type GridRange, rangeA1 } from './a1';
import type { CellValue } from './cell';
import { gasError } from './errors';
import type { Runtime } from './runtime';
import type { SheetModel } from './sheet-model';

/** The Range methods FakeRange mirrors (getSheet and offset in spreadsheet.ts): mirror.ts checks them. */
export type RangeMethods =
  | 'activate'
  | 'clear'
  | 'clearContent'
  | 'getA1Notation'
  | 'getColumn'
  | 'getDisplayValue'
  | 'getDisplayValues'
  | 'getFontWeight'
  | 'getFormula'
  | 'getFormulas'
  | 'getGridId'
  | 'getLastColumn'
  | 'getLastRow'
  | 'getNote'
  | 'getNotes'
  | 'getNumColumns'
  | 'getNumRows'
  | 'getNumberFormat'
  | 'getRow'
  | 'getSheet'
  | 'getValue'
  | 'getValues'
  | 'offset'
  | 'setFontWeight'
  | 'setFormula'
  | 'setFormulas'
  | 'setNote'
  | 'setNotes'
  | 'setNumberFormat'
  | 'setNumberFormats'
  | 'setValue'
  | 'setValues';

export class RangeCells {
  readonly #runtime: Runtime;
  readonly #sheet: SheetModel;
  readonly #range: GridRange;

  constructor(runtime: Runtime, sheet: SheetModel, range: GridRange) {
    sheet.checkBounds(range);
    this.#runtime = runtime;
    this.#sheet = sheet;
    this.#range = range;
  }

  getValues(): CellValue[][] {
    this.#read('getValues');
    return this.#map((row, column) => this.#sheet.value(row, column));
  }

  getValue(): CellValue {
    this.#read('getValue');
    return this.#sheet.value(this.#range.row, this.#range.column);
  }

  getDisplayValues(): string[][] {
    this.#read('getDisplayValues');
    return this.#map((row, column) => this.#sheet.display(row, column));
  }

  getDisplayValue(): string {
    this.#read('getDisplayValue');
    return this.#sheet.display(this.#range.row, this.#range.column);
  }

  getFormulas(): string[][] {
    this.#read('getFormulas');
    return this.#map((row, column) => this.#sheet.cell(row, column).formula);
  }

  getFormula(): string {
    this.#read('getFormula');
    return this.#sheet.cell(this.#range.row, this.#range.column).formula;
  }

  getNotes(): string[][] {
    this.#read('getNotes');
    return this.#map((row, column) => this.#sheet.cell(row, column).note);
  }

  getNote(): string {
    this.#read('getNote');
    return this.#sheet.cell(this.#range.row, this.#range.column).note;
  }

  getFontWeight(): 'bold' | 'normal' {
    this.#read('getFontWeight');
    return this.#sheet.cell(this.#range.row, this.#range.column).bold ? 'bold' : 'normal';
  }

  getNumberFormat(): string {
    this.#read('getNumberFormat');
    return this.#sheet.cell(this.#range.row, this.#range.column).numberFormat || 'General';
  }

  getA1Notation(): string {
    this.#read('getA1Notation');
    return rangeA1(this.#range);
  }

  /** The id of the range's sheet, as Sheet.getSheetId answers it (Apps Script reference, Range.getGridId). */
  getGridId(): number {
    this.#read('getGridId');
    return this.#sheet.id;
  }

  getRow(): number {
    this.#read('getRow');
    return this.#range.row;
  }

  getColumn(): number {
    this.#read('getColumn');
    return this.#range.column;
  }

  getNumRows(): number {
    this.#read('getNumRows');
    return this.#range.numRows;
  }

  getNumColumns(): number {
    this.#read('getNumColumns');
    return this.#range.numColumns;
  }

  getLastRow(): number {
    this.#read('getLastRow');
    return this.#range.row + this.#range.numRows - 1;
  }

  getLastColumn(): number {
    this.#read('getLastColumn');
    return this.#range.column + this.#range.numColumns - 1;
  }

  setValue(value: unknown): this {
    this.#write('setValue');
    this.#each((row, column) => this.#sheet.writeInput(row, column, value));
    return this;
  }

  setValues(values: unknown[][]): this {
    this.#write('setValues');
    this.#checkShape(values, 'setValues');
    this.#each((row, column, r, c) => this.#sheet.writeInput(row, column, values[r]![c]));
    return this;
  }

  setFormula(formula: string): this {
    this.#write('setFormula');
    this.#each((row, column) => this.#writeFormulaText(row, column, formula));
    return this;
  }

  setFormulas(formulas: string[][]): this {
    this.#write('setFormulas');
    this.#checkShape(formulas, 'setFormulas');
    this.#each((row, column, r, c) => this.#writeFormulaText(row, column, formulas[r]![c]!));
    return this;
  }

  setNote(note: string | null): this {
    this.#write('setNote');
    this.#each((row, column) =>
      this.#sheet.setFormat(row, column, { note: note === null ? '' : String(note) }),
    );
    return this;
  }

  setNotes(notes: (string | null)[][]): this {
    this.#write('setNotes');
    this.#checkShape(notes, 'setNotes');
    this.#each((row, column, r, c) =>
      this.#sheet.setFormat(row, column, { note: String(notes[r]![c] ?? '') }),
    );
    return this;
  }

  setFontWeight(fontWeight: 'bold' | 'normal' | null): this {
    this.#write('setFontWeight');
    this.#each((row, column) => this.#sheet.setFormat(row, column, { bold: fontWeight === 'bold' }));
    return this;
  }

  setNumberFormat(numberFormat: string): this {
    this.#write('setNumberFormat');
    this.#each((row, column) => this.#sheet.setFormat(row, column, { numberFormat }));
    return this;
  }

  setNumberFormats(numberFormats: string[][]): this {
    this.#write('setNumberFormats');
    this.#checkShape(numberFormats, 'setNumberFormats');
    this.#each((row, column, r, c) =>
      this.#sheet.setFormat(row, column, { numberFormat: numberFormats[r]![c]! }),
    );
    return this;
  }

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean; commentsOnly?: boolean }): this {
    this.#write('clear');
    const only = options?.contentsOnly ? 'contents' : options?.formatOnly ? 'formats' : null;
    this.#sheet.clear(this.#range, {
      contents: only !== 'formats',
      formats: only !== 'contents',
      notes: only === null,
    });
    return this;
  }

  clearContent(): this {
    this.#write('clearContent');
    this.#sheet.clear(this.#range, { contents: true, formats: false, notes: false });
    return this;
  }

  activate(): this {
    this.#write('activate');
    this.#sheet.spreadsheet.activeSheet = this.#sheet;
    this.#sheet.selection = this.#range;
    return this;
  }

  #writeFormulaText(row: number, column: number, text: string): void {
    if (typeof text === 'string' && text.startsWith('=')) this.#sheet.writeFormula(row, column, text);
    else this.#sheet.writeInput(row, column, text);
  }

  #checkShape(data: unknown, method: string): void {
    if (!Array.isArray(data) || !data.every((line) => Array.isArray(line))) {
      // Assumed wording, in the style Apps Script uses for a call with the wrong argument types.
      throw gasError(
        `The parameters (${typeName(data)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    const { numRows, numColumns } = this.#range;
    if (data.length !== numRows) {
      throw gasError(
        `The number of rows in the data does not match the number of rows in the range. The data has ${data.length} but the range has ${numRows}.`,
      );
    }
    const wrong = (data as unknown[][]).find((line) => line.length !== numColumns);
    if (wrong) {
      throw gasError(
        `The number of columns in the data does not match the number of columns in the range. The data has ${wrong.length} but the range has ${numColumns}.`,
      );
    }
  }

  #map<T>(read: (row: number, column: number) => T): T[][] {
    const { row, column, numRows, numColumns } = this.#range;
    // Plain loops: a script reads whole columns of thousands of rows, call after call.
    const rows: T[][] = new Array(numRows);
    for (let r = 0; r < numRows; r++) {
      const line: T[] = new Array(numColumns);
      for (let c = 0; c < numColumns; c++) line[c] = read(row + r, column + c);
      rows[r] = line;
    }
    return rows;
  }

  #each(write: (row: number, column: number, r: number, c: number) => void): void {
    const { row, column, numRows, numColumns } = this.#range;
    for (let r = 0; r < numRows; r++) for (let c = 0; c < numColumns; c++) write(row + r, column + c, r, c);
  }

  #read(method: string): void {
    this.#runtime.enter('sheet-read', `Range.${method}`);
    this.#runtime.noteStored('sheet', false, [this.#sheet.name]);
  }

  #write(method: string): void {
    this.#runtime.enter('sheet-write', `Range.${method}`);
    this.#runtime.noteStored('sheet', true, [this.#sheet.name]);
  }
}

function typeName(value: unknown): string {
  if (Array.isArray(value)) return `${value.length > 0 ? typeName(value[0]) : 'Object'}[]`;
  if (typeof value === 'string') return 'String';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'Boolean';
  return value === null || value === undefined ? 'null' : 'Object';
}
