// Buy again on employee lists, server side: on a row of a list's sheet it buys the list the sheet
// holds, with the formula that ordered it; and the new list's job is written over the earlier
// list's sheet instead of a second one (core/jobs/relist.ts).
import type { EnrichmentRequest } from '../core/api/wire';
import type { Purchase } from '../core/billing/purchases';
import { commitJobChanges, type JobChange, type JobRecord } from '../core/jobs/registry';
import type { ListSheetRef } from '../core/jobs/relist';
import { refreshingSheet } from '../core/jobs/relist';
import type { LookupResult } from '../core/lookup/items';
import type { BatchStorePort, LockPort } from '../core/platform/ports';
import { listOnSheet, sheetsOfLists } from '../core/receipts/list-sheet';
import { type SelectionLookups, selectionLookups } from '../core/receipts/selection';
import type { FormulaSources } from '../core/receipts/shown';
import { parseCellRef } from '../core/text/cell-refs';
import type { SheetGrids } from './collector/sheet-grids';

/** How long Buy again waits for the lock to name the sheet on a new list's job. */
const LOCK_WAIT_MS = 10_000;

export interface ListSheetSources {
  /** The selected sheet's name, and the note of its first cell. */
  sheet: { name: string; note: () => string };
  jobs: () => JobRecord[];
  record: () => readonly Purchase[];
  formulas: FormulaSources & { grids: SheetGrids };
  keyOf: (request: EnrichmentRequest) => string;
}

export type ListLookups = SelectionLookups & { sheet: ListSheetRef };

/**
 * Buy again on a row of a list's sheet: the list, and the formula that ordered it when the cell
 * its purchase served still shows it. Null when the sheet holds no list the registry knows.
 */
export function listSheetLookups(sources: ListSheetSources): ListLookups | null {
  const { sheet, keyOf } = sources;
  const note = sheet.note();
  if (note === '') return null;
  const list = listOnSheet({ name: sheet.name, note }, sources.jobs(), sources.record(), keyOf);
  if (!list) return null;
  const at = parseCellRef(list.lookup.served);
  const { grids } = sources.formulas;
  const ordered = at
    ? selectionLookups(at.sheet, grids.formulas(at.sheet), [at.cell], sources.formulas, keyOf)
    : null;
  const byFormula = ordered?.lookups.find((lookup) => lookup.key === list.lookup.key);
  return {
    lookups: [byFormula ?? list.lookup],
    formulas: byFormula ? ordered!.formulas : [],
    sheet: list.sheet,
  };
}

/** The sheets of the lists Buy again is about to buy, by key: where their new lists go. */
export function listSheetsBefore(
  found: SelectionLookups & { sheet?: ListSheetRef },
  jobs: () => readonly JobRecord[],
): Map<string, ListSheetRef> {
  const anyList = found.lookups.some((lookup) => lookup.op.shape === 'employees');
  const sheets = anyList ? sheetsOfLists(found.lookups, jobs()) : new Map<string, ListSheetRef>();
  if (found.sheet) sheets.set(found.lookups[0]!.key, found.sheet);
  return sheets;
}

/** Names the earlier list's sheet on each list job Buy again started; answers the sheets so named. */
export function refreshListSheets(
  deps: { store: BatchStorePort; lock: LockPort },
  results: ReadonlyMap<string, LookupResult>,
  sheets: ReadonlyMap<string, ListSheetRef>,
): string[] {
  const changes: JobChange[] = [];
  for (const [key, sheet] of sheets) {
    const result = results.get(key);
    const job = result?.kind === 'pending' || result?.kind === 'found' ? result.job : undefined;
    const next = job ? refreshingSheet(job, sheet) : null;
    if (job && next) changes.push({ expected: job, next });
  }
  const applied = commitJobChanges(deps.store, deps.lock, changes, LOCK_WAIT_MS) ?? [];
  return applied.flatMap((change) => (change.next?.sheetName ? [change.next.sheetName] : []));
}
