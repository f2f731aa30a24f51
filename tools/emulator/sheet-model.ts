// The spreadsheet's data, behind the SpreadsheetApp facades. Scripts never see these classes: the
// facades expose only real Apps Script methods, tests and the playground read the model directly.
// A sheet is a grid of cells (cell-grid.ts) with a name and a place in its spreadsheet; how a
// written value is stored and shown is in cell.ts.
//
// A formula calling a function shows "Loading..." until the emulator recalculates it (X3 of
// docs/platform-assumptions.md); the same formula text written over itself changes nothing, and
// neither does one cleared and written back before a flush (X8): Sheets serves both from its cache.
// Also assumed: the S5 wording (ten million cells), S6 sheet names, S12 frozen rows grow with rows
// inserted inside them.

import { type GridRange, parseA1 } from './a1';
import { type CellValue, cellKey, displayValue, interpretInput, type Outcome, PARSE_ERROR } from './cell';
import { CellGrid } from './cell-grid';
import { gasError } from './errors';
import { type FormulaArg, type ParsedFormula, parseFormula } from './formula';

// The playground reads dates through this module.

/** Documented: a spreadsheet holds at most ten million cells, counted over every sheet's grid. */
export const MAX_WORKBOOK_CELLS = 10_000_000;
const LOADING = 'Loading...';

export class SheetModel extends CellGrid {
  readonly spreadsheet: SpreadsheetModel;
  readonly id: number;
  name: string;
  hidden = false;
  frozenRows = 0;
  readonly columnWidths = new Map<number, number>();
  readonly autoResizedColumns = new Set<number>();
  selection: GridRange = { row: 1, column: 1, numRows: 1, numColumns: 1 };

  constructor(spreadsheet: SpreadsheetModel, name: string, id: number) {
    super();
    this.spreadsheet = spreadsheet;
    this.name = name;
    this.id = id;
  }

  /** What getDisplayValue answers: the value as the cell's number format shows it. */
  display(row: number, column: number): string {
    const cell = this.cell(row, column);
    if (cell.error) return cell.error.code;
    return displayValue(cell.value, cell.numberFormat, this.spreadsheet.timeZone);
  }

  /** Writes what a script gave, as Sheets would store it. */
  writeInput(row: number, column: number, input: unknown): void {
    const parsed = interpretInput(input, this.cell(row, column).numberFormat);
    if (parsed.kind === 'formula') {
      this.writeFormula(row, column, parsed.formula);
      return;
    }
    this.releaseSpill(row, column);
    this.patch(row, column, { value: parsed.value, formula: '', error: null, stale: false });
  }

  /**
   * Stores a formula. A literal or reference is evaluated at once; a function call waits for the
   * emulator, which has the script, and shows "Loading..." until then.
   */
  writeFormula(row: number, column: number, formula: string): ParsedFormula {
    // The same text over itself, or cleared and put back within one batch of writes, is no edit
    // to Sheets: the formula does not run again (X8). Only clear, flush, write makes it run.
    if (this.spreadsheet.formulaBeforeBatch(this, row, column, this.cell(row, column).formula) === formula) {
      if (this.cell(row, column).formula !== formula) this.patch(row, column, { formula });
      return parseFormula(formula);
    }
    this.releaseSpill(row, column);
    this.patch(row, column, { formula, error: null, value: '', stale: false });
    const parsed = parseFormula(formula);
    if (parsed.kind === 'invalid') this.placeOutcome(row, column, { error: PARSE_ERROR });
    else if (parsed.kind === 'value') this.placeOutcome(row, column, this.resolve(parsed.arg));
    else this.patch(row, column, { value: LOADING, stale: true });
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

  /**
   * Inserts `count` blank rows after row `after`, moving the rows below down. Rows inserted inside
   * the frozen rows are frozen too. Not emulated: formulas' references are not rewritten.
   */
  insertRows(after: number, count: number): void {
    this.spreadsheet.checkGrowth(count * this.maxColumns);
    this.moveCells((row, column) => [row > after ? row + count : row, column]);
    if (after < this.frozenRows) this.frozenRows += count;
    this.maxRows += count;
  }

  /** Deletes `count` rows from row `start`, moving the rows below up. */
  deleteRows(start: number, count: number): void {
    this.moveCells((row, column) => {
      if (row < start) return [row, column];
      return row < start + count ? null : [row - count, column];
    });
    this.frozenRows -= Math.max(0, Math.min(this.frozenRows, start + count - 1) - start + 1);
    this.maxRows -= count;
  }

  /**
   * Sorts the rows of `range` by the values in sheet column `by`, as Data > Sort range does with
   * every selected row included: only the range's cells move, ties keep their order, blank cells
   * go last in either order, numbers come before text, and text compares without case.
   */
  sortRows(range: GridRange, by: number, ascending: boolean): void {
    const rows = Array.from({ length: range.numRows }, (_, i) => range.row + i);
    const order = [...rows].sort((a, b) => compareForSort(this.value(a, by), this.value(b, by), ascending));
    const target = new Map(order.map((from, i) => [from, range.row + i]));
    const inside = (column: number) => column >= range.column && column < range.column + range.numColumns;
    this.moveCells((row, column) => [inside(column) ? (target.get(row) ?? row) : row, column]);
  }

  insertColumns(after: number, count: number): void {
    this.spreadsheet.checkGrowth(count * this.maxRows);
    this.moveCells((row, column) => [row, column > after ? column + count : column]);
    this.#moveWidths((column) => (column > after ? column + count : column));
    this.maxColumns += count;
  }

  deleteColumns(start: number, count: number): void {
    this.moveCells((row, column) => {
      if (column < start) return [row, column];
      return column < start + count ? null : [row, column - count];
    });
    this.#moveWidths((column) => {
      if (column < start) return column;
      return column < start + count ? null : column - count;
    });
    this.maxColumns -= count;
  }

  #moveWidths(to: (column: number) => number | null): void {
    const widths = [...this.columnWidths];
    this.columnWidths.clear();
    for (const [column, width] of widths) {
      const target = to(column);
      if (target !== null) this.columnWidths.set(target, width);
    }
  }

  protected override formulaReplaced(row: number, column: number, before: string): void {
    this.spreadsheet.noteFormulaWrite(this, row, column, before);
  }

  protected override contentChanged(row: number, column: number): void {
    this.spreadsheet.noteChange(this, row, column);
  }
}

/** Sort order of two cells' values: blanks last whatever the direction, numbers before text. */
function compareForSort(a: CellValue, b: CellValue, ascending: boolean): number {
  const blankA = a === '';
  const blankB = b === '';
  if (blankA || blankB) return Number(blankA) - Number(blankB);
  const rank = (value: CellValue) => (typeof value === 'number' ? 0 : 1);
  let order = rank(a) - rank(b);
  if (order === 0 && typeof a === 'number' && typeof b === 'number') order = a - b;
  else if (order === 0) order = String(a).toLowerCase().localeCompare(String(b).toLowerCase());
  return ascending ? order : -order;
}

export class SpreadsheetModel {
  readonly id: string;
  name: string;
  timeZone: string;
  readonly sheets: SheetModel[] = [];
  activeSheet: SheetModel;
  /** A Google Form whose responses land in a sheet of this spreadsheet (user-actions.ts). */
  form: { url: string; sheetName: string; questions: readonly string[] } | null = null;
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
    cells.add(cellKey(row, column));
  }

  /** The cells changed since the last call, by sheet ("row:column"). */
  takeChanges(): Map<SheetModel, Set<string>> {
    const changes = this.#changes;
    this.#changes = new Map();
    return changes;
  }

  noteFormulaWrite(sheet: SheetModel, row: number, column: number, before: string): void {
    const id = `${sheet.id}:${cellKey(row, column)}`;
    if (!this.#batch.has(id)) this.#batch.set(id, before);
  }

  /** The cell's formula before this batch of writes; `current` when it was not written since. */
  formulaBeforeBatch(sheet: SheetModel, row: number, column: number, current: string): string {
    return this.#batch.get(`${sheet.id}:${cellKey(row, column)}`) ?? current;
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

  /**
   * A user deletes a sheet: it goes with its cells; the last visible one cannot (Sheets offers no
   * Delete then). Formulas that read it are not turned into #REF! (not emulated).
   */
  removeSheet(sheet: SheetModel): void {
    if (!this.sheets.some((other) => other !== sheet && !other.hidden))
      throw new Error('Emulator: the last visible sheet cannot be deleted');
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    if (this.activeSheet === sheet) this.activeSheet = this.sheets.find((other) => !other.hidden)!;
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
