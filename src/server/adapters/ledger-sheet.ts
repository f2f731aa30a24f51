// The hidden sheet `_enrich_ledger`: the record of purchases, a page of purchases a row (the same
// key/value layout as the cache's sheet, sheet-store.ts). Written only outside custom functions,
// under the document lock; read by the spend report and a cell's receipt.
import type { SheetStorePort } from '../../core/platform/ports';
import { SHEET_NAME } from '../../core/platform/stored-keys';
import { documentLock } from '../platform/locks';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { sheetStorePort } from './sheet-store';

export const LEDGER_SHEET_NAME = SHEET_NAME.ledger;
export const LEDGER_SHEET_HEADER: readonly [string, string] = [
  'Enrich for Sheets: record of purchases (do not edit)',
  'page of purchases (a long one goes on in the next columns)',
];
const NOTE =
  'Every lookup this spreadsheet paid for, kept 90 days for the spend report and the receipts of ' +
  'cells (Extensions > Enrich for Sheets > Open sidebar). Editing rows loses them; the day totals ' +
  'in Spending stay.';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Lock = GoogleAppsScript.Lock.Lock;

/** The ledger sheet of this document, or undefined without one open. */
export function ledgerSheetPort(
  canWrite: boolean,
  lock: Lock | null = documentLock(),
  spreadsheet: Spreadsheet | null = activeSpreadsheet(),
): SheetStorePort | undefined {
  if (!spreadsheet) return undefined;
  return sheetStorePort({
    spreadsheet,
    canWrite,
    lock,
    flush: () => SpreadsheetApp.flush(),
    sheetName: LEDGER_SHEET_NAME,
    header: LEDGER_SHEET_HEADER,
    note: NOTE,
  });
}
