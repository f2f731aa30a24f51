// What Buy again buys on a row of an employee list's sheet: the list its note names, as its job
// asked for it, for the cell its purchase served (the formula that ordered it); and the sheet the
// new list is written over (jobs/relist.ts).
import type { EnrichmentRequest } from '../api/wire';
import type { Purchase } from '../billing/purchases';
import { listMarker, markedList } from '../jobs/employee-sheet';
import type { JobRecord } from '../jobs/registry';
import { type ListSheetRef, sheetOfList } from '../jobs/relist';
import type { CellAt } from '../text/cell-refs';
import type { SelectedLookup } from './selection';

export interface ListOnSheet {
  lookup: SelectedLookup;
  sheet: ListSheetRef;
}

/** The list a sheet holds, keyed for this account; null when its note names no list the registry knows. */
export function listOnSheet(
  sheet: { name: string; note: string },
  jobs: readonly JobRecord[],
  record: readonly Purchase[],
  keyOf: (request: EnrichmentRequest) => string,
): ListOnSheet | null {
  const list = markedList(sheet.note);
  const key = list ? keyOf(list.request) : '';
  // One record per query: the list's own job, or the job bought again to replace it.
  const job = jobs.find((each) => each.key === key);
  if (!list || !job) return null;
  const served = [...record].reverse().find((row) => row.key === key && row.served)?.served ?? '';
  return {
    lookup: { key, op: list.op, request: job.request, served },
    sheet: { name: sheet.name, marker: listMarker(list.op, list.request), job: job.id },
  };
}

/**
 * Whether a cell of an employee list's sheet is one its list fills: in the header's columns, from
 * the header down to the last row before a blank one, as the delivery wrote them. A value the user
 * typed below the rows or beside the columns shows no purchase.
 */
export function inListTable(values: readonly (readonly unknown[])[], cell: CellAt): boolean {
  const header = values[0] ?? [];
  let width = 0;
  while (width < header.length && header[width] !== '') width++;
  let height = 0;
  while (height < values.length && values[height]!.slice(0, width).some((value) => value !== '')) height++;
  return cell.row >= 1 && cell.row <= height && cell.column >= 1 && cell.column <= width;
}

/** The sheets the lists among `lookups` were delivered to, by key, as their records name them. */
export function sheetsOfLists(
  lookups: readonly SelectedLookup[],
  jobs: readonly JobRecord[],
): Map<string, ListSheetRef> {
  const byKey = new Map(jobs.map((job) => [job.key, job]));
  const sheets = new Map<string, ListSheetRef>();
  for (const lookup of lookups) {
    const sheet = lookup.op.shape === 'employees' ? sheetOfList(byKey.get(lookup.key)) : null;
    if (sheet) sheets.set(lookup.key, sheet);
  }
  return sheets;
}
