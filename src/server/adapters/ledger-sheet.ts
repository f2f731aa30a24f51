// The hidden sheet `_enrich_ledger`: the record of purchases, a page of purchases a row (the same
// key/value layout as the cache's sheet, sheet-store.ts, and the same identity: its id in a
// document property, so a rename or an edit loses no page). Written only outside custom functions,
// under the document lock; read by the spend report and a cell's receipt.

import { isPageId, pageForSheet } from '../../core/billing/purchase-pages';
import type { SheetStorePort } from '../../core/platform/ports';
import { PROPERTY, SHEET_NAME } from '../../core/platform/stored-keys';
import { SHEET_TEXTS } from '../../core/text/catalogue/sheets';
import { SPENDING_ANSWERS } from '../../core/text/catalogue/sidebar/spending-answers';
import { namedRef } from '../../core/text/cell-refs';
import { sheetRecord } from '../platform/properties';
import { sheetStorePort } from './sheet-store';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Lock = GoogleAppsScript.Lock.Lock;

/**
 * The ledger sheet of this document, written under the execution's `lock`, or undefined without
 * one open. `spreadsheet` may be asked for on first use (a function): the port then throws when
 * used without one.
 */
export function ledgerSheetPort(
  lock: Lock,
  spreadsheet: Spreadsheet | null | (() => Spreadsheet | null),
): SheetStorePort | undefined {
  if (!spreadsheet) return undefined;
  const port = sheetStorePort({
    spreadsheet,
    canWrite: true,
    lock,
    record: sheetRecord(PROPERTY.ledgerSheet),
    // A deleted record is replaced at once: Spending's day totals keep what it counted.
    own: {
      name: SHEET_NAME.ledger,
      header: SHEET_TEXTS.ledgerHeader,
      note: SPENDING_ANSWERS.ledgerNote.text,
      mark: SHEET_TEXTS.ledgerHeader[0],
      isKey: isPageId,
      whenDeleted: 'replace',
    },
  });
  // A user may unhide the sheet: its pages name formulas' cells by the sheet's name, not its id.
  const open = typeof spreadsheet === 'function' ? spreadsheet : () => spreadsheet;
  return {
    ...port,
    writeMany(entries, holds) {
      const named = sheetNamer(open());
      const pages = Object.entries(entries).map(([id, text]) => [id, pageForSheet(text, named)]);
      port.writeMany(Object.fromEntries(pages), holds);
    },
  };
}

/**
 * Names a cell a formula named by its sheet's id (`#123!B2`) by the name that sheet has now, or
 * says its sheet was deleted; one look a sheet. A reference by name is left as it is.
 */
export function sheetNamer(spreadsheet: Spreadsheet | null): (ref: string) => string {
  const names = new Map<number, string | null>();
  const nameOf = (id: number): string | null => {
    if (!names.has(id)) names.set(id, spreadsheet?.getSheetById(id)?.getName() ?? null);
    return names.get(id)!;
  };
  return (ref) => namedRef(ref, nameOf, SPENDING_ANSWERS.onDeletedSheet.say);
}
