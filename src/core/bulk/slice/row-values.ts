// What a row of a bulk run shows, as values ready for setValues, and how rows group into blocks.
import { headerLabel } from '../../jobs/employee-sheet';
import type { Operation } from '../../operations/types';
import { recordRow, resultItems } from '../../render/tables';
import { type CellValue, primaryValue } from '../../render/values';
import { fitCell } from '../../text/fit-cell';
import { asLiteralForSheet } from '../../text/sheet-literal';
import { rangesOf, rowsOf } from '../row-ranges';
import type { BulkRun } from '../run';
import type { CellBlock } from './ports';

/** The output cells of a found answer, ready for setValues; null when it holds nothing to show. */
export function foundValues(
  op: Operation,
  run: Pick<BulkRun, 'config'>,
  result: unknown,
): CellValue[] | null {
  const { output } = run.config;
  if (output.mode === 'fields') {
    const { row } = recordRow(op, result, output.fields);
    return row.every((value) => value === '') ? null : row.map(asLiteralForSheet);
  }
  if (op.shape === 'list') {
    const names = resultItems(result)
      .map((item) => primaryValue(op, item))
      .filter((value) => value !== null);
    return names.length === 0 ? null : [asLiteralForSheet(fitCell(names.join(', ')))];
  }
  const value = primaryValue(op, result);
  return value === null ? null : [asLiteralForSheet(value)];
}

export function combinedHeader(op: Operation): string[] {
  return ['Company', 'Row', ...op.fields.map(headerLabel)];
}

/** The combined sheet's rows for one company's list: which company, which source row, the fields. */
export function combinedRows(op: Operation, company: string, row: number, result: unknown): CellValue[][] {
  return resultItems(result).map((item) => [
    asLiteralForSheet(company),
    row,
    ...recordRow(op, item, op.fields).row.map(asLiteralForSheet),
  ]);
}

/** Rows grouped into runs of consecutive rows, columns into runs of adjacent columns: one block each. */
export function cellBlocks(
  rows: ReadonlyMap<number, readonly CellValue[]>,
  columns: readonly number[],
): CellBlock[] {
  const order = columns.map((column, index) => ({ column, index })).sort((a, b) => a.column - b.column);
  const columnRuns: { column: number; indexes: number[] }[] = [];
  for (const { column, index } of order) {
    const last = columnRuns[columnRuns.length - 1];
    if (last && column === last.column + last.indexes.length) last.indexes.push(index);
    else columnRuns.push({ column, indexes: [index] });
  }
  return rangesOf(rows.keys()).flatMap((range) =>
    columnRuns.map(({ column, indexes }) => ({
      row: range[0],
      column,
      values: rowsOf([range]).map((row) => indexes.map((index) => rows.get(row)![index] ?? '')),
    })),
  );
}
