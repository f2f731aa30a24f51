// What a formula's cell shows: a custom function's return value laid out as Sheets does (a scalar
// in the cell, an array spilling below and to the right), and the cell and its spill area read
// back.
//
// Assumed (ids of docs/platform-assumptions.md): X1 a 1-D array result fills a column; X2 an object
// result is an error.

import { type CellError, type CellValue, isDate, type Outcome } from './cell';
import type { SheetModel } from './sheet-model';

export interface FormulaOutcome {
  /** What the formula's cell and spill area show; for an error, the error's code alone. */
  readonly values: CellValue[][];
  readonly error: CellError | null;
}

/** Reads back what a formula's cell and its spill area now show. */
export function shownAt(sheet: SheetModel, row: number, column: number): FormulaOutcome {
  const error = sheet.cell(row, column).error;
  if (error) return { values: [[error.code]], error };
  let height = 1;
  let width = 1;
  const anchor = `${row}:${column}`;
  while (row + height <= sheet.maxRows && sheet.cell(row + height, column).spillOf === anchor) height++;
  while (column + width <= sheet.maxColumns && sheet.cell(row, column + width).spillOf === anchor) width++;
  const values = Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => sheet.value(row + r, column + c)),
  );
  return { values, error: null };
}

const OBJECT_RESULT: CellError = {
  code: '#ERROR!',
  message:
    'Emulator: the custom function returned an object; Sheets can show only values and arrays of values.',
};

function cellValueOf(value: unknown): CellValue | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (isDate(value)) return new Date(value.getTime());
  return null;
}

/** A custom function's return value as Sheets lays it out. */
export function toGrid(result: unknown): Outcome {
  const rows = Array.isArray(result)
    ? result.map((line: unknown) => (Array.isArray(line) ? line : [line]))
    : [[result]];
  const grid: CellValue[][] = [];
  for (const line of rows) {
    const values: CellValue[] = [];
    for (const item of line as unknown[]) {
      const value = cellValueOf(item);
      if (value === null) return { error: OBJECT_RESULT };
      values.push(value);
    }
    grid.push(values);
  }
  return { values: grid };
}
