// Fill-down (Ctrl+D) as Sheets does it: the top row of the selection (or, for one row, the row
// above it) is copied into the rows below, each formula with its relative references moved down by
// its distance from the source ("=COMPANY_WEBSITE(A2)" becomes "=COMPANY_WEBSITE(A3)" one row
// lower, "$A$2" stays). Every copy is then entered as the user's one edit, so each cell is a
// formula entered on its own row and runs as Sheets runs it.
import { cellA1, type GridRange } from '../emulator/a1';
import { isDate } from '../emulator/cell';
import type { SheetModel } from '../emulator/sheet-model';

/** A cell reference outside quotes: optional "$", 1-3 letters, optional "$", row digits. */
const REFERENCE = /(?<![A-Za-z0-9_.$])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(!])/g;
/** Double-quoted strings and single-quoted sheet names, which no shift may touch. */
const QUOTED = /"(?:[^"]|"")*"|'(?:[^']|'')*'/g;

/** The formula with its relative row references moved down by `rows`. */
export function shiftFormula(formula: string, rows: number): string {
  let shifted = '';
  let at = 0;
  for (const quoted of formula.matchAll(QUOTED)) {
    shifted += shiftReferences(formula.slice(at, quoted.index), rows) + quoted[0];
    at = quoted.index + quoted[0].length;
  }
  return shifted + shiftReferences(formula.slice(at), rows);
}

function shiftReferences(text: string, rows: number): string {
  return text.replace(
    REFERENCE,
    (whole, columnLock: string, letters: string, rowLock: string, row: string) =>
      rowLock === '$' ? whole : `${columnLock}${letters}${rowLock}${Number(row) + rows}`,
  );
}

export interface FillPlan {
  /** The top-left cell of the rows written. */
  readonly a1: string;
  /** What goes into each of them, as the user would type it. */
  readonly inputs: string[][];
}

/**
 * What Ctrl+D writes for a selection: null when there is nothing to copy from (one row, at the
 * top of the sheet).
 */
export function planFillDown(sheet: SheetModel, range: GridRange): FillPlan | null {
  const source = range.numRows === 1 ? range.row - 1 : range.row;
  if (source < 1) return null;
  const first = source + 1;
  const last = range.row + range.numRows - 1;
  const inputs: string[][] = [];
  for (let row = first; row <= last; row++) {
    const line: string[] = [];
    for (let column = range.column; column < range.column + range.numColumns; column++)
      line.push(copiedInput(sheet, source, column, row - source));
    inputs.push(line);
  }
  return { a1: cellA1(first, range.column), inputs };
}

/** A source cell as typed into a cell `rows` below it. */
function copiedInput(sheet: SheetModel, row: number, column: number, rows: number): string {
  const cell = sheet.cell(row, column);
  if (cell.formula !== '') return shiftFormula(cell.formula, rows);
  // A spilled value belongs to its formula's result: the copy below is blank, as in Sheets.
  if (cell.spillOf !== null || !sheet.hasContent(row, column)) return '';
  const value = cell.value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (isDate(value)) return sheet.display(row, column);
  // Text stays text, whatever it looks like ("00123", "=x").
  return `'${value}`;
}
