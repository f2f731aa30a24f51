// Which cells one of our formulas' answer fills. Sheets says nothing of it (a spilled cell has no
// formula of its own and Apps Script names no spill area), so it is read from the formula: a range
// formula answers one row per input row (`=COMPANY_WEBSITE(A2:A501)`: 500 rows), a record spans
// its operation's fields, and a list's table is as tall and wide as the cells it filled.
import { MAX_TABLE_ITEMS } from '../render/results';
import type { CellAt } from '../text/cell-refs';
import { callArguments, type ReadArgument, readFormulaCall } from './formula-call';
import { type FormulaRow, formulaRows } from './formula-rows';
import { isOurFormula } from './our-formulas';

/** A sheet's cells as read (its data range's values and formulas), `[r][c]` being row r + 1. */
export interface SheetCells {
  values: readonly (readonly unknown[])[];
  formulas: readonly (readonly string[])[];
}

/** A block of cells: its top-left cell and its size. */
export interface Box extends CellAt {
  rows: number;
  columns: number;
}

/** How far a formula's answer may spill: rows down, columns to the right. */
export const MAX_ROWS_UP = 10_000;
export const MAX_SPILL_COLUMNS = 40;
/** A list's table: its header, its items, and the line saying it was cut. */
const MAX_TABLE_ROWS = MAX_TABLE_ITEMS + 2;

export const formulaAt = (cells: SheetCells, row: number, column: number): string =>
  cells.formulas[row - 1]?.[column - 1] ?? '';

export const valueAt = (cells: SheetCells, row: number, column: number): unknown =>
  cells.values[row - 1]?.[column - 1] ?? '';

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

export const boxHolds = (box: Box, cell: CellAt): boolean =>
  cell.row >= box.row &&
  cell.row < box.row + box.rows &&
  cell.column >= box.column &&
  cell.column < box.column + box.columns;

/** Each column's nearest formula of ours at or above the cell, from the cell's column leftwards. */
export function* anchorsFor(formulas: readonly (readonly string[])[], cell: CellAt): Iterable<CellAt> {
  for (let column = cell.column; column >= Math.max(1, cell.column - MAX_SPILL_COLUMNS); column--) {
    for (let row = cell.row; row >= Math.max(1, cell.row - MAX_ROWS_UP); row--) {
      const formula = formulas[row - 1]?.[column - 1] ?? '';
      if (formula === '') continue;
      if (isOurFormula(formula)) yield { row, column };
      break;
    }
  }
}

/** A range formula's row: a record's fields side by side, anything else one cell. */
const rowWidth = (row: FormulaRow) =>
  row.op?.shape === 'record' && !row.field && row.prepared.kind === 'request' ? row.op.fields.length : 1;

/**
 * The cells the answer of our formula at `at` fills, its own cell first; null when the formula is
 * more than one plain call of ours (`=COMPANY_WEBSITE(TRIM(A2))`), whose answer's size is unknown.
 */
export function answerBox(sheet: string, at: CellAt, cells: SheetCells, argument: ReadArgument): Box | null {
  const call = readFormulaCall(formulaAt(cells, at.row, at.column));
  if (!call) return null;
  const rows = formulaRows(call.functionName, callArguments(call, sheet, argument));
  if (!rows.ok) return null;
  if (rows.isRange) {
    const columns = Math.max(1, ...rows.rows.map(rowWidth));
    return besideFormulas(cells, { ...at, rows: rows.rows.length, columns });
  }
  const only = rows.rows[0];
  const op = only?.op;
  const one = { ...at, rows: 1, columns: 1 };
  if (!op || only.prepared.kind !== 'request') return one;
  // A named field is one value, or for a list one column of values.
  if (only.field !== undefined) return op.shape === 'list' ? tableAt(cells, at, 1) : one;
  if (op.shape === 'record') return besideFormulas(cells, { ...at, rows: 1, columns: op.fields.length });
  return op.shape === 'list' ? tableAt(cells, at, null) : one;
}

/**
 * The box cut before its first column holding a formula: a record none of whose fields were found
 * shows one value, and the cells beside it are not its own.
 */
function besideFormulas(cells: SheetCells, box: Box): Box {
  for (let c = 1; c < box.columns; c++) {
    for (let r = 0; r < box.rows; r++) {
      if (formulaAt(cells, box.row + r, box.column + c) !== '') return { ...box, columns: c };
    }
  }
  return box;
}

/** A free cell the table may have filled: no formula of its own. */
const filled = (cells: SheetCells, row: number, column: number) =>
  formulaAt(cells, row, column) === '' && !isEmpty(valueAt(cells, row, column));

/**
 * A list's table, as far as it filled the cells: its header's columns (or `width`), then its rows
 * down to the first one that is empty or holds a formula.
 */
function tableAt(cells: SheetCells, at: CellAt, width: number | null): Box {
  let columns = width ?? 1;
  while (width === null && columns < MAX_SPILL_COLUMNS && filled(cells, at.row, at.column + columns))
    columns++;
  const rowFilled = (row: number) => {
    let any = false;
    for (let c = 0; c < columns; c++) {
      if (formulaAt(cells, row, at.column + c) !== '') return false;
      any ||= !isEmpty(valueAt(cells, row, at.column + c));
    }
    return any;
  };
  let rows = 1;
  while (rows < MAX_TABLE_ROWS && rowFilled(at.row + rows)) rows++;
  return { ...at, rows, columns };
}
