// Cells as tests and the playground see them from outside any execution: a sheet named by its name
// or by a sheet object, a cell or a range in A1 notation, and what a cell holds and shows. Nothing
// here is a service call: no cost, no execution.

import { parseA1 } from './a1';
import type { CellError, CellValue } from './cell';
import type { SheetModel, SpreadsheetModel } from './sheet-model';

export interface CellView {
  readonly value: CellValue;
  readonly display: string;
  readonly formula: string;
  readonly note: string;
  readonly bold: boolean;
  readonly numberFormat: string;
  readonly error: CellError | null;
}

export type SheetRef = string | { getName(): string };

/** One cell of a sheet. */
export interface CellAt {
  readonly sheet: SheetModel;
  readonly row: number;
  readonly column: number;
}

export function sheetNamed(document: SpreadsheetModel, sheet: SheetRef): SheetModel {
  const name = typeof sheet === 'string' ? sheet : sheet.getName();
  const model = document.sheetByName(name);
  if (!model) throw new Error(`Emulator: no sheet named "${name}"`);
  return model;
}

export function cellAt(document: SpreadsheetModel, sheet: SheetRef, a1: string): CellAt {
  const model = sheetNamed(document, sheet);
  const range = parseA1(a1, model.maxRows, model.maxColumns);
  if (range?.numRows !== 1 || range.numColumns !== 1) throw new Error(`Emulator: "${a1}" is not one cell`);
  return { sheet: model, row: range.row, column: range.column };
}

export function cellView({ sheet, row, column }: CellAt): CellView {
  const cell = sheet.cell(row, column);
  return {
    value: sheet.value(row, column),
    display: sheet.display(row, column),
    formula: cell.formula,
    note: cell.note,
    bold: cell.bold,
    numberFormat: cell.numberFormat,
    error: cell.error,
  };
}

/** What getValues would answer for `a1`. */
export function valuesIn(sheet: SheetModel, a1: string): CellValue[][] {
  const range = parseA1(a1, sheet.maxRows, sheet.maxColumns);
  if (!range) throw new Error(`Emulator: "${a1}" is not A1 notation`);
  return Array.from({ length: range.numRows }, (_, r) =>
    Array.from({ length: range.numColumns }, (_, c) => sheet.value(range.row + r, range.column + c)),
  );
}
