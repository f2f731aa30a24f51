// What the selected cell shows, read from the sheet: one of the add-on's formulas (or a row of it),
// a bulk run's output or status cell, an employee list's sheet, or a cell a purchase in the
// record served. Each way ends in the lookup's key, the input as sent and the cell whose purchase
// it is, for core/receipts/receipt.ts.

import type { Purchase } from '../core/billing/purchases';
import type { RunLayout } from '../core/bulk/past-runs';
import { resultKey } from '../core/cache/keys';
import { sentInput } from '../core/formulas/sent-input';
import { markedList } from '../core/jobs/employee-sheet';
import { operationByType } from '../core/operations/table';
import { inListTable } from '../core/receipts/list-sheet';
import type { ReceiptSubject } from '../core/receipts/receipt';
import { type FormulaSources, type ShownLookup, shownByFormula } from '../core/receipts/shown';
import { shownByRun } from '../core/receipts/shown-by-run';
import { type CellAt, refHolds } from '../core/text/cell-refs';
import { digestHashPort } from './adapters/apps-script';
import type { SheetGrids } from './collector/sheet-grids';

/** A receipt's subject with its answer's key. */
export type KeyedSubject = ReceiptSubject & { key: string };

export interface SubjectSources {
  scope: string;
  /** The sheets, read once, and the formulas' saved answers. */
  formulas: FormulaSources & { grids: SheetGrids };
  /** The current bulk run, then the ones it replaced, newest first. */
  runs: readonly RunLayout[];
  /** The note on the sheet's first cell: an employee list names its query there. */
  sheetNote: () => string;
  record: readonly Purchase[];
}

function fromShown(sources: SubjectSources, shown: ShownLookup): KeyedSubject {
  return {
    op: shown.op,
    input: sentInput(shown.request, shown.parts),
    served: shown.served,
    key: resultKey(digestHashPort, sources.scope, shown.request),
  };
}

/**
 * An employee list's sheet: its note names the list, and so the lookup (one record per query). A
 * list bought again and not yet collected still shows the earlier list: the same query.
 */
function fromListSheet(sources: SubjectSources, sheet: string, cell: CellAt): KeyedSubject | null {
  const list = markedList(sources.sheetNote());
  if (!list || !inListTable(sources.formulas.grids.values(sheet), cell)) return null;
  const key = resultKey(digestHashPort, sources.scope, list.request);
  return { op: list.op, input: sentInput(list.request), served: null, key };
}

/** The newest purchase made for a cell range holding the cell (a recipe's step, an earlier run). */
function fromRecord(sources: SubjectSources, sheet: string, cell: CellAt): KeyedSubject | null {
  const purchase = [...sources.record].reverse().find((row) => row.key && refHolds(row.served, sheet, cell));
  const op = purchase ? operationByType(purchase.type) : undefined;
  if (!purchase?.key || !op) return null;
  return { op, input: purchase.input, served: purchase.served ?? null, key: purchase.key };
}

/** What the cell shows, first match of: a formula, a bulk run (newest first), a list's sheet, the record. */
export function subjectAt(sources: SubjectSources, sheet: string, cell: CellAt): KeyedSubject | null {
  const { grids } = sources.formulas;
  const byFormula = shownByFormula(sheet, grids.formulas(sheet), cell, sources.formulas);
  if (byFormula) return fromShown(sources, byFormula.lookup);
  const readRow = (row: number, first: number, last: number) => grids.row(sheet, row, first, last);
  for (const run of sources.runs) {
    const byRun = shownByRun(run, sheet, cell, readRow);
    if (!byRun) continue;
    const shown = fromShown(sources, byRun);
    // The newest purchase for the cell bought another lookup: a formula typed over the run's row
    // since (frozen into a value or not) shows its answer, not the run's.
    const later = fromRecord(sources, sheet, cell);
    return later && later.key !== shown.key ? later : shown;
  }
  return fromListSheet(sources, sheet, cell) ?? fromRecord(sources, sheet, cell);
}
