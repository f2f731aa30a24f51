// Which lookup a cell of a bulk run's output or status column shows: the request its row's input
// cells make, read as the run reads them (bulk/plan.ts), whatever the row shows now.
import { rowServed } from '../bulk/layout';
import type { RunLayout } from '../bulk/past-runs';
import { rowLookup, tableSpan } from '../bulk/plan';
import { operationByType } from '../operations/table';
import type { CellAt } from '../text/cell-refs';
import type { ShownLookup } from './shown';

/** Reads one row's cells, `first` to `last` column. */
export type ReadRow = (row: number, first: number, last: number) => readonly unknown[];

/** The lookup a run's row shows in the cell; null when the cell is none of the run's outputs. */
export function shownByRun(
  run: RunLayout,
  sheet: string,
  cell: CellAt,
  readRow: ReadRow,
): ShownLookup | null {
  if (run.config.sheetName !== sheet || cell.row < run.firstRow || cell.row > run.lastRow) return null;
  const layout = { outputs: run.outputs, status: run.status };
  const written = [...layout.outputs.map((output) => output.column), layout.status.column];
  const op = operationByType(run.config.type);
  if (!op || !written.includes(cell.column)) return null;
  const span = tableSpan({ config: run.config, layout });
  const table = {
    firstRow: cell.row,
    firstColumn: span.first,
    values: [readRow(cell.row, span.first, span.last)],
  };
  const lookup = rowLookup(op, run.config, table, cell.row);
  if (!lookup) return null;
  const served = rowServed(sheet, layout, cell.row);
  return { op, request: lookup.request, served, ...(lookup.parts ? { parts: lookup.parts } : {}) };
}
