// The spreadsheet's data, behind the SpreadsheetApp facades. Scripts never see these classes: the
// facades expose only real Apps Script methods, tests and the playground read the model directly.
//
// How a written value is stored follows Sheets (ids of docs/platform-assumptions.md):
// - a string starting with '=' is stored as a formula, unless it starts with an apostrophe, which
//   stores the rest as text (verified: this is why API data must be guarded before it is written);
// - S1, assumed (widely reported, not checked here): numeric strings become numbers and TRUE/FALSE
//   booleans, as when typed, so "00123" loses its zeros unless the cell is formatted as text ('@'),
//   which keeps every string as text;
// - S2, assumed: a string starting with '+' or '-' that is not a number is taken as a formula too and
//   fails with "Formula parse error." (what typing "+1 650 555 0100" does in the Sheets UI);
// - S3, assumed: any other object is written as its String(), e.g. "[object Object]";
// - not emulated (more lenient): strings that Sheets would read as dates, percentages or currency
//   stay text;
// - a formula calling a function shows "Loading..." until the emulator recalculates it (X3); the
//   same formula text written over itself changes nothing, and neither does one cleared and written
//   back before a flush (X8): Sheets serves both from its cache.
// Also assumed: S4 (50,000 characters a cell) and S5 (ten million cells) wordings, S6 sheet names,
// S12 frozen rows grow with rows inserted inside them, S13 writing over a spill breaks it.

import { cellA1, type GridRange, parseA1 } from './a1';
import { gasError } from './errors';
import { type FormulaArg, type ParsedFormula, parseFormula } from './formula';
import { formatDate } from './utilities';

export type CellValue = string | number | boolean | Date;
export type ErrorCode = '#ERROR!' | '#REF!' | '#NAME?' | '#N/A' | '#VALUE!';

export interface CellError {
  readonly code: ErrorCode;
  /** What Sheets shows in the error's tooltip. */
  readonly message: string;
}

export interface Cell {
  value: CellValue;
  formula: string;
  note: string;
  bold: boolean;
  numberFormat: string;
  error: CellError | null;
  /** The anchor ("row:column") whose array result spilled into this cell. */
  spillOf: string | null;
  /** A formula just entered (typed or written by a script), waiting for recalculation. */
  stale: boolean;
}

/** The outcome of evaluating a formula: values to place, or an error for the anchor cell. */
export type Outcome = { readonly values: CellValue[][] } | { readonly error: CellError };

export const LOADING = 'Loading...';
export const MAX_CELL_CHARS = 50_000;
/** Documented: a spreadsheet holds at most ten million cells, counted over every sheet's grid. */
export const MAX_WORKBOOK_CELLS = 10_000_000;
export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;
export const PARSE_ERROR: CellError = { code: '#ERROR!', message: 'Formula parse error.' };

export function isDate(value: unknown): value is Date {
  return (
    typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Date]'
  );
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

type Input =
  | { readonly kind: 'value'; readonly value: CellValue }
  | { readonly kind: 'formula'; readonly formula: string };

/** How Sheets stores what setValue, setValues or appendRow write. */
export function interpretInput(input: unknown, numberFormat: string): Input {
  if (input === null || input === undefined) return { kind: 'value', value: '' };
  if (typeof input === 'number' || typeof input === 'boolean') return { kind: 'value', value: input };
  if (isDate(input)) return { kind: 'value', value: new Date(input.getTime()) };
  const text = String(input);
  if (text.length > MAX_CELL_CHARS) {
    // Assumed wording.
    throw gasError(
      `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
    );
  }
  if (typeof input !== 'string' || numberFormat === '@') return { kind: 'value', value: text };
  if (text.startsWith("'")) return { kind: 'value', value: text.slice(1) };
  const trimmed = text.trim();
  if (NUMBER.test(trimmed)) return { kind: 'value', value: Number(trimmed) };
  if (/^(true|false)$/i.test(trimmed)) return { kind: 'value', value: trimmed.toUpperCase() === 'TRUE' };
  if (text.length > 1 && text.startsWith('=')) return { kind: 'formula', formula: text };
  if (text.length > 1 && (text.startsWith('+') || text.startsWith('-')))
    return { kind: 'formula', formula: `=${text}` };
  return { kind: 'value', value: text };
}

function blankCell(): Cell {
  return {
    value: '',
    formula: '',
    note: '',
    bold: false,
    numberFormat: '',
    error: null,
    spillOf: null,
    stale: false,
  };
}

const key = (row: number, column: number): string => `${row}:${column}`;

/** Whether a patch changes what the cell shows or holds: what makes formulas reading it run. */
function changesContent(cell: Cell, patch: Partial<Cell>): boolean {
  const differs = (field: 'value' | 'formula' | 'error') =>
    field in patch && patch[field] !== cell[field] && !(isDate(patch[field]) && isDate(cell[field]));
  return differs('value') || differs('formula') || differs('error');
}

/** A small subset of Sheets number formats; anything else shows as General. */
export function displayValue(value: CellValue, numberFormat: string, timeZone: string): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (isDate(value)) return formatDate(value.getTime(), timeZone, 'M/d/yyyy H:mm:ss');
  if (typeof value === 'string') return value;
  const decimals = /^[#,0]*0(?:\.(0+))?(%?)$/.exec(numberFormat);
  if (numberFormat === '@') return String(value);
  if (decimals) {
    const places = decimals[1]?.length ?? 0;
    const scaled = decimals[2] ? value * 100 : value;
    const grouping = numberFormat.includes(',');
    const text = scaled.toLocaleString('en-US', {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      useGrouping: grouping,
    });
    return `${text}${decimals[2] ?? ''}`;
  }
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(10)));
}

export class SheetModel {
  readonly spreadsheet: SpreadsheetModel;
  readonly id: number;
  name: string;
  hidden = false;
  frozenRows = 0;
  maxRows = DEFAULT_ROWS;
  maxColumns = DEFAULT_COLUMNS;
  readonly columnWidths = new Map<number, number>();
  readonly autoResizedColumns = new Set<number>();
  selection: GridRange = { row: 1, column: 1, numRows: 1, numColumns: 1 };
  readonly #cells = new Map<string, Cell>();
  /** Bumped by every change of content, so the last row and column are found once per change. */
  #version = 0;
  #extent: { version: number; lastRow: number; lastColumn: number } | null = null;
  /** False until a formula spills here: a sheet that never had one skips the search for spills. */
  #maySpill = false;

  constructor(spreadsheet: SpreadsheetModel, name: string, id: number) {
    this.spreadsheet = spreadsheet;
    this.name = name;
    this.id = id;
  }

  cell(row: number, column: number): Readonly<Cell> {
    return this.#cells.get(key(row, column)) ?? blankCell();
  }

  /** What getValue answers: the value, or the error's code. Never null or undefined. */
  value(row: number, column: number): CellValue {
    const cell = this.#cells.get(key(row, column));
    if (!cell) return '';
    if (cell.error) return cell.error.code;
    return isDate(cell.value) ? new Date(cell.value.getTime()) : cell.value;
  }

  /** What getDisplayValue answers: the value as the cell's number format shows it. */
  display(row: number, column: number): string {
    const cell = this.cell(row, column);
    if (cell.error) return cell.error.code;
    return displayValue(cell.value, cell.numberFormat, this.spreadsheet.timeZone);
  }

  hasContent(row: number, column: number): boolean {
    const cell = this.#cells.get(key(row, column));
    return !!cell && (cell.value !== '' || cell.formula !== '' || cell.error !== null);
  }

  lastRow(): number {
    return this.#contentExtent().lastRow;
  }

  lastColumn(): number {
    return this.#contentExtent().lastColumn;
  }

  #contentExtent(): { lastRow: number; lastColumn: number } {
    if (this.#extent?.version === this.#version) return this.#extent;
    let lastRow = 0;
    let lastColumn = 0;
    for (const [k] of this.#contentCells()) {
      const colon = k.indexOf(':');
      lastRow = Math.max(lastRow, Number(k.slice(0, colon)));
      lastColumn = Math.max(lastColumn, Number(k.slice(colon + 1)));
    }
    this.#extent = { version: this.#version, lastRow, lastColumn };
    return this.#extent;
  }

  /** Cells holding formulas, for recalculation. */
  formulaCells(): { row: number; column: number; cell: Readonly<Cell> }[] {
    return [...this.#cells]
      .filter(([, cell]) => cell.formula !== '')
      .map(([k, cell]) => ({ row: Number(k.split(':')[0]), column: Number(k.split(':')[1]), cell }));
  }

  /** Verified wording for ranges past the grid. */
  checkBounds(range: GridRange): void {
    if (range.row + range.numRows - 1 > this.maxRows) throw gasError('Those rows are out of bounds.');
    if (range.column + range.numColumns - 1 > this.maxColumns)
      throw gasError('Those columns are out of bounds.');
  }

  /** Writes what a script gave, as Sheets would store it. */
  writeInput(row: number, column: number, input: unknown): void {
    const parsed = interpretInput(input, this.cell(row, column).numberFormat);
    if (parsed.kind === 'formula') {
      this.writeFormula(row, column, parsed.formula);
      return;
    }
    this.#releaseSpill(row, column);
    this.#patch(row, column, { value: parsed.value, formula: '', error: null, stale: false });
  }

  /**
   * Stores a formula. A literal or reference is evaluated at once; a function call waits for the
   * emulator, which has the script, and shows "Loading..." until then.
   */
  writeFormula(row: number, column: number, formula: string): ParsedFormula {
    // The same text over itself, or cleared and put back within one batch of writes, is no edit
    // to Sheets: the formula does not run again (X8). Only clear, flush, write makes it run.
    if (this.spreadsheet.formulaBeforeBatch(this, row, column, this.cell(row, column).formula) === formula) {
      if (this.cell(row, column).formula !== formula) this.#patch(row, column, { formula });
      return parseFormula(formula);
    }
    this.#releaseSpill(row, column);
    this.#patch(row, column, { formula, error: null, value: '', stale: false });
    const parsed = parseFormula(formula);
    if (parsed.kind === 'invalid') this.placeOutcome(row, column, { error: PARSE_ERROR });
    else if (parsed.kind === 'value') this.placeOutcome(row, column, this.resolve(parsed.arg));
    else this.#patch(row, column, { value: LOADING, stale: true });
    return parsed;
  }

  /** An argument as a formula sees it: a scalar, or a 2-D array for a range; errors propagate. */
  resolve(arg: FormulaArg): Outcome {
    if (arg.kind === 'literal') return { values: [[arg.value]] };
    const sheet = arg.sheetName === null ? this : this.spreadsheet.sheetByName(arg.sheetName);
    if (!sheet) return { error: { code: '#REF!', message: `Unresolved sheet name '${arg.sheetName}'.` } };
    const range = parseA1(arg.a1, sheet.maxRows, sheet.maxColumns);
    if (!range) return { error: PARSE_ERROR };
    const values: CellValue[][] = [];
    for (let r = 0; r < range.numRows; r++) {
      const line: CellValue[] = [];
      for (let c = 0; c < range.numColumns; c++) {
        const cell = sheet.cell(range.row + r, range.column + c);
        if (cell.error) return { error: cell.error };
        line.push(sheet.value(range.row + r, range.column + c));
      }
      values.push(line);
    }
    return { values };
  }

  /** Places a formula's result in its cell and spill area, or the #REF!/#ERROR! Sheets would show. */
  placeOutcome(row: number, column: number, outcome: Outcome): Outcome {
    this.#releaseSpill(row, column);
    const placed = 'error' in outcome ? outcome : this.#checkSpill(row, column, outcome.values);
    if ('error' in placed) {
      this.#patch(row, column, { value: '', error: placed.error, stale: false });
      return placed;
    }
    placed.values.forEach((line, r) => {
      line.forEach((value, c) => {
        if (r === 0 && c === 0) this.#patch(row, column, { value, error: null, stale: false });
        else this.#patch(row + r, column + c, { value, formula: '', error: null, spillOf: key(row, column) });
      });
    });
    return placed;
  }

  clear(range: GridRange, what: { contents: boolean; formats: boolean; notes: boolean }): void {
    const inside = (r: number, c: number) =>
      r >= range.row &&
      r < range.row + range.numRows &&
      c >= range.column &&
      c < range.column + range.numColumns;
    // Only stored cells can hold anything to clear: a whole sheet is 26,000 cells, most never used.
    for (const k of [...this.#cells.keys()]) {
      const [r, c] = k.split(':').map(Number) as [number, number];
      if (!inside(r, c)) continue;
      if (what.contents) {
        this.#releaseSpill(r, c);
        this.#patch(r, c, { value: '', formula: '', error: null, stale: false, spillOf: null });
      }
      if (what.formats) this.#patch(r, c, { bold: false, numberFormat: '' });
      if (what.notes) this.#patch(r, c, { note: '' });
    }
  }

  /**
   * Inserts `count` blank rows after row `after`, moving the rows below down. Rows inserted inside
   * the frozen rows are frozen too. Not emulated: formulas' references are not rewritten.
   */
  insertRows(after: number, count: number): void {
    this.spreadsheet.checkGrowth(count * this.maxColumns);
    this.#move((row, column) => [row > after ? row + count : row, column]);
    if (after < this.frozenRows) this.frozenRows += count;
    this.maxRows += count;
  }

  /** Deletes `count` rows from row `start`, moving the rows below up. */
  deleteRows(start: number, count: number): void {
    this.#move((row, column) => {
      if (row < start) return [row, column];
      return row < start + count ? null : [row - count, column];
    });
    this.frozenRows -= Math.max(0, Math.min(this.frozenRows, start + count - 1) - start + 1);
    this.maxRows -= count;
  }

  insertColumns(after: number, count: number): void {
    this.spreadsheet.checkGrowth(count * this.maxRows);
    this.#move((row, column) => [row, column > after ? column + count : column]);
    this.#moveWidths((column) => (column > after ? column + count : column));
    this.maxColumns += count;
  }

  deleteColumns(start: number, count: number): void {
    this.#move((row, column) => {
      if (column < start) return [row, column];
      return column < start + count ? null : [row, column - count];
    });
    this.#moveWidths((column) => {
      if (column < start) return column;
      return column < start + count ? null : column - count;
    });
    this.maxColumns -= count;
  }

  setFormat(row: number, column: number, patch: Partial<Pick<Cell, 'bold' | 'numberFormat' | 'note'>>): void {
    this.#patch(row, column, patch);
  }

  #checkSpill(row: number, column: number, values: CellValue[][]): Outcome {
    const height = values.length;
    const width = Math.max(1, ...values.map((line) => line.length));
    const grid = values.map((line) => Array.from({ length: width }, (_, c) => line[c] ?? ''));
    if (height === 0) return { values: [['']] };
    const missingRows = row + height - 1 - this.maxRows;
    if (missingRows > 0) {
      return {
        error: {
          code: '#REF!',
          message: `Result was not automatically expanded, please insert more rows (${missingRows}).`,
        },
      };
    }
    const missingColumns = column + width - 1 - this.maxColumns;
    if (missingColumns > 0) {
      return {
        error: {
          code: '#REF!',
          message: `Result was not automatically expanded, please insert more columns (${missingColumns}).`,
        },
      };
    }
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if ((r > 0 || c > 0) && this.hasContent(row + r, column + c)) {
          const where = cellA1(row + r, column + c);
          return {
            error: {
              code: '#REF!',
              message: `Array result was not expanded because it would overwrite data in ${where}.`,
            },
          };
        }
      }
    }
    return { values: grid };
  }

  /**
   * Frees the cells an anchor spilled into; writing over a spilled cell instead breaks its anchor's
   * spill, which Sheets shows as #REF! after recalculation.
   */
  #releaseSpill(row: number, column: number): void {
    this.#version++;
    if (!this.#maySpill) return;
    const own = key(row, column);
    for (const [k, cell] of this.#cells) {
      if (cell.spillOf === own) {
        cell.value = '';
        cell.spillOf = null;
        this.#dropIfBlank(k, cell);
      }
    }
    const here = this.#cells.get(own);
    if (here?.spillOf) {
      const anchor = this.#cells.get(here.spillOf);
      if (anchor) anchor.stale = true;
      here.spillOf = null;
    }
  }

  /**
   * Moves every stored cell to where `to` says, dropping those it answers null for. A spill whose
   * anchor was dropped is emptied, as Sheets shows nothing once its formula is gone.
   */
  #move(to: (row: number, column: number) => [number, number] | null): void {
    this.#version++;
    const place = (k: string): string | null => {
      const [row, column] = k.split(':').map(Number) as [number, number];
      const target = to(row, column);
      return target ? key(target[0], target[1]) : null;
    };
    const moved = new Map<string, Cell>();
    for (const [k, cell] of this.#cells) {
      const target = place(k);
      if (target === null) continue;
      if (cell.spillOf !== null) {
        const anchor = place(cell.spillOf);
        if (anchor === null) Object.assign(cell, { value: '', spillOf: null });
        else cell.spillOf = anchor;
      }
      moved.set(target, cell);
    }
    this.#cells.clear();
    for (const [k, cell] of moved) {
      this.#cells.set(k, cell);
      this.#dropIfBlank(k, cell);
    }
  }

  #moveWidths(to: (column: number) => number | null): void {
    const widths = [...this.columnWidths];
    this.columnWidths.clear();
    for (const [column, width] of widths) {
      const target = to(column);
      if (target !== null) this.columnWidths.set(target, width);
    }
  }

  #patch(row: number, column: number, patch: Partial<Cell>): void {
    if (row > this.maxRows || column > this.maxColumns)
      this.checkBounds({ row, column, numRows: 1, numColumns: 1 });
    this.#version++;
    if (typeof patch.spillOf === 'string') this.#maySpill = true;
    const k = key(row, column);
    const cell = this.#cells.get(k) ?? blankCell();
    if (patch.formula !== undefined && patch.formula !== cell.formula)
      this.spreadsheet.noteFormulaWrite(this, row, column, cell.formula);
    if (changesContent(cell, patch)) this.spreadsheet.noteChange(this, row, column);
    Object.assign(cell, patch);
    this.#cells.set(k, cell);
    this.#dropIfBlank(k, cell);
  }

  #dropIfBlank(k: string, cell: Cell): void {
    const blank = blankCell();
    const isBlank = (Object.keys(blank) as (keyof Cell)[]).every((field) => cell[field] === blank[field]);
    if (isBlank) this.#cells.delete(k);
  }

  *#contentCells(): Iterable<[string, Cell]> {
    for (const entry of this.#cells) {
      const cell = entry[1];
      if (cell.value !== '' || cell.formula !== '' || cell.error !== null) yield entry;
    }
  }
}

export class SpreadsheetModel {
  readonly id: string;
  name: string;
  timeZone: string;
  readonly sheets: SheetModel[] = [];
  activeSheet: SheetModel;
  #nextSheetId = 0;
  /** Cells whose content changed since recalculation last looked, by sheet. */
  #changes = new Map<SheetModel, Set<string>>();
  /** Formula text of cells as they were before the writes not yet flushed. */
  #batch = new Map<string, string>();

  constructor(id: string, name: string, timeZone: string) {
    this.id = id;
    this.name = name;
    this.timeZone = timeZone;
    this.activeSheet = this.addSheet('Sheet1');
  }

  sheetByName(name: string): SheetModel | null {
    return this.sheets.find((sheet) => sheet.name === name) ?? null;
  }

  noteChange(sheet: SheetModel, row: number, column: number): void {
    const cells = this.#changes.get(sheet) ?? new Set<string>();
    this.#changes.set(sheet, cells);
    cells.add(key(row, column));
  }

  /** The cells changed since the last call, by sheet ("row:column"). */
  takeChanges(): Map<SheetModel, Set<string>> {
    const changes = this.#changes;
    this.#changes = new Map();
    return changes;
  }

  noteFormulaWrite(sheet: SheetModel, row: number, column: number, before: string): void {
    const id = `${sheet.id}:${key(row, column)}`;
    if (!this.#batch.has(id)) this.#batch.set(id, before);
  }

  /** The cell's formula before this batch of writes; `current` when it was not written since. */
  formulaBeforeBatch(sheet: SheetModel, row: number, column: number, current: string): string {
    return this.#batch.get(`${sheet.id}:${key(row, column)}`) ?? current;
  }

  /** `SpreadsheetApp.flush()` or the end of an execution: pending writes are applied. */
  flushed(): void {
    this.#batch.clear();
  }

  /** Adds a sheet (at `index`, default last) after checking its name; the caller activates it. */
  addSheet(name: string, index: number = this.sheets.length): SheetModel {
    this.checkName(name, null);
    const sheet = new SheetModel(this, name, this.#nextSheetId++);
    this.sheets.splice(Math.max(0, Math.min(index, this.sheets.length)), 0, sheet);
    return sheet;
  }

  /** Refuses to grow the grids by `cells` past the workbook's limit (assumed wording). */
  checkGrowth(cells: number): void {
    const total = this.sheets.reduce((sum, sheet) => sum + sheet.maxRows * sheet.maxColumns, 0);
    if (total + cells > MAX_WORKBOOK_CELLS)
      throw gasError(
        `This action would increase the number of cells in the workbook above the limit of ${MAX_WORKBOOK_CELLS} cells.`,
      );
  }

  /** The next free "SheetN", as insertSheet() without a name picks. */
  nextDefaultName(): string {
    for (let n = this.sheets.length + 1; ; n++) {
      const candidate = `Sheet${n}`;
      if (!this.sheets.some((sheet) => sheet.name.toLowerCase() === candidate.toLowerCase()))
        return candidate;
    }
  }

  /**
   * Verified: a duplicate name (compared without case) is refused with this wording.
   * Assumed: empty names, names over 100 characters and the characters []*?:/\ are refused too.
   */
  checkName(name: string, renaming: SheetModel | null): void {
    if (name.trim() === '') throw gasError('Sheet names cannot be empty.');
    if (name.length > 100) throw gasError(`The sheet name "${name}" is longer than 100 characters.`);
    if (/[[\]*?:/\\]/.test(name))
      throw gasError(`The sheet name "${name}" contains characters that are not allowed.`);
    const clash = this.sheets.find(
      (sheet) => sheet !== renaming && sheet.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash) throw gasError(`A sheet with the name "${name}" already exists. Please enter another name.`);
  }
}
