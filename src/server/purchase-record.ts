// The record of purchases from the server's side: where it lies (document properties, the hidden
// ledger sheet), moving its waiting pages into the sheet, and reading it whole for a receipt or
// the report. Needs no API key: the record is the spreadsheet's, whoever's key bought.
import { keepPurchases, purchaseRecord } from '../core/billing/purchase-log';
import { KEEP_DAYS } from '../core/billing/purchase-pages';
import type { Purchase } from '../core/billing/purchases';
import { cacheResolver } from '../core/billing/resolve';
import type { ResultCache } from '../core/cache/result-cache';
import { DAY_MS } from '../core/platform/time';
import { SPENDING_ANSWERS } from '../core/text/catalogue/sidebar/spending-answers';
import { appsScriptClock, batchStorePort, lockPort } from './adapters/apps-script';
import { ledgerSheetPort, sheetNamer } from './adapters/ledger-sheet';
import { documentCache } from './context';
import { documentLock } from './platform/locks';
import { requireDocumentProperties } from './platform/properties';
import { activeSpreadsheet, timeFormatter } from './platform/spreadsheet';
import { orWarn } from './warn';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export type RecordAccess = ReturnType<typeof recordAccess>;

/**
 * The record as a sidebar call, a bulk slice or a collector's driver reaches it: it may write the
 * ledger sheet (`sheet`, undefined without an open document). `spreadsheet` names the sheets
 * formulas recorded by id; `cache`, the saved answers of every account, made on first use, is
 * what a purchase booked at its estimate found.
 */
export function recordAccess(spreadsheet: Spreadsheet | null = activeSpreadsheet()) {
  const lockObject = documentLock();
  const store = batchStorePort(requireDocumentProperties());
  let cache: ResultCache | undefined;
  return {
    store,
    lock: lockPort(lockObject),
    clock: appsScriptClock,
    spreadsheet,
    sheet: ledgerSheetPort(lockObject, spreadsheet),
    get cache() {
      cache ??= documentCache(store, spreadsheet);
      return cache;
    },
  };
}

/**
 * Moves the purchases waiting in document properties into the ledger sheet (a formula cannot
 * write it). `all`: a snapshot the caller has, so that nothing waiting costs nothing more.
 */
export function movePurchases(access: RecordAccess, today: string, all?: Record<string, string>): number {
  const { sheet } = access;
  if (!sheet) return 0;
  // The pages wait in the properties for the next call; nothing is lost.
  return orWarn('Could not move purchases to the ledger sheet', 0, () =>
    keepPurchases({ ...access, sheet }, today, all),
  );
}

/**
 * What Spending and the report say when a user deleted the hidden record of purchases: its pages
 * are gone while Spending's day totals still count them. Said for as long as the record keeps a
 * purchase (90 days after the add-on noticed); null while the record is whole.
 */
export function recordLostText(access: RecordAccess, spreadsheet: Spreadsheet | null): string | null {
  const lost = access.sheet?.lost();
  if (lost?.deleted !== 'sheet') return null;
  if (lost.at !== undefined && access.clock.now() - lost.at >= KEEP_DAYS * DAY_MS) return null;
  const when = lost.at === undefined ? null : timeFormatter(spreadsheet, 'yyyy-MM-dd HH:mm')(lost.at);
  return SPENDING_ANSWERS.recordLost.say(when, lost.name);
}

/** The whole record, oldest first: one snapshot of the properties, one read of the sheet. */
export function readPurchaseRecord(access: RecordAccess, today: string) {
  const all = access.store.getAll();
  const sheetRows = access.sheet?.readAll() ?? {};
  const now = access.clock.now();
  const resolve = cacheResolver(access.cache);
  const record = purchaseRecord(all, sheetRows, today, now, (keys) => resolve(all, keys));
  return { all, sheetRows, record: withSheetNames(record, access.spreadsheet) };
}

/**
 * The cells formulas named by their sheet's id (`#123!B2`) named by the sheet's name it has now,
 * as receipts, Buy again and the report show and compare them (or said to be on a deleted sheet);
 * one look a sheet.
 */
function withSheetNames(record: Purchase[], spreadsheet: Spreadsheet | null): Purchase[] {
  if (!spreadsheet) return record;
  const named = sheetNamer(spreadsheet);
  return record.map((row) => (row.served?.startsWith('#') ? { ...row, served: named(row.served) } : row));
}
