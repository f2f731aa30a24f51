// Writes an employee list into its own sheet, for the job collector (ListSheetPort). Runs in a trigger,
// a menu item or a sidebar call, never in a formula: a custom function may not add sheets.

import type { ListSheetPort } from '../../core/jobs/collector-ports';
import { type EmployeeSheet, uniqueSheetName } from '../../core/jobs/employee-sheet';
import { CALL_TEXTS } from '../../core/text/catalogue/sidebar/calls';
import { activeSpreadsheet, spreadsheetZone, timeFormatter } from '../platform/spreadsheet';
import { fitGrid, insertAtEnd, padded } from './own-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The spreadsheet a job belongs to: the one this execution runs in. Jobs live in its document
 * properties, and an add-on's trigger runs against the document it was installed in (Google's
 * @OnlyCurrentDoc add-on template reads getActiveSpreadsheet() in its hourly trigger); opening
 * another by id would need the full spreadsheets scope, which the manifest does not ask for.
 */
export function spreadsheetById(id: string): Spreadsheet {
  const active = activeSpreadsheet();
  if (!active) throw new Error(CALL_TEXTS.noSpreadsheetHere.text);
  if (active.getId() !== id) throw new Error(CALL_TEXTS.otherSpreadsheet.text);
  return active;
}

/** The port for one execution; it opens each spreadsheet once. */
export function listSheetPort(): ListSheetPort {
  const opened = new Map<string, Spreadsheet>();
  const open = (id: string) => opened.get(id) ?? opened.set(id, spreadsheetById(id)).get(id)!;
  return {
    sheetNames: (id) =>
      open(id)
        .getSheets()
        .map((sheet) => sheet.getName()),
    write: (id, sheet) => writeEmployeeSheet(open(id), sheet),
    formatTime: (id, ms) => {
      const spreadsheet = open(id);
      return `${timeFormatter(spreadsheet, 'yyyy-MM-dd HH:mm')(ms)} (${spreadsheetZone(spreadsheet)})`;
    },
  };
}

/** A sheet a delivery of one of these lists wrote (a line of its header's note names the list). */
function isDeliveryOf(sheet: Sheet, markers: readonly string[]): boolean {
  const lines = sheet.getRange(1, 1).getNote().split('\n');
  return markers.some((marker) => lines.includes(marker));
}

/**
 * The sheet to rewrite: the one of the planned name if this delivery wrote it before or it holds
 * the list this one replaces; else, for a list bought again, the earlier list's sheet wherever it
 * is (a user may have renamed it). Null: a new sheet.
 */
function sheetToRewrite(spreadsheet: Spreadsheet, plan: EmployeeSheet): Sheet | null {
  const markers = plan.replaces === undefined ? [plan.marker] : [plan.marker, plan.replaces];
  const named = spreadsheet.getSheetByName(plan.name);
  if (named && isDeliveryOf(named, markers)) return named;
  if (plan.replaces === undefined) return null;
  return spreadsheet.getSheets().find((sheet) => isDeliveryOf(sheet, markers)) ?? null;
}

/**
 * Writes the list: header and rows in one setValues, a bold frozen header, column widths and the
 * note. A sheet left by a killed delivery of the same job, or holding the list this one replaces,
 * is rewritten; a sheet of the user's that took the name meanwhile is left alone. Answers the
 * name written.
 */
export function writeEmployeeSheet(spreadsheet: Spreadsheet, plan: EmployeeSheet): string {
  let sheet = sheetToRewrite(spreadsheet, plan);
  if (sheet) sheet.clear();
  else {
    const taken = spreadsheet.getSheetByName(plan.name) !== null;
    const names = () => spreadsheet.getSheets().map((each) => each.getName());
    sheet = insertAtEnd(spreadsheet, taken ? uniqueSheetName(plan.name, names()) : plan.name);
  }
  const name = sheet.getName();
  const width = Math.max(1, ...plan.rows.map((row) => row.length));
  const rows = plan.rows.map((row) => padded(row, width));
  fitGrid(sheet, rows.length, width);
  sheet.getRange(1, 1, rows.length, width).setValues(rows);
  sheet.getRange(1, 1, 1, width).setFontWeight('bold');
  sheet.setFrozenRows(1);
  plan.columnWidths.forEach((pixels, index) => {
    sheet.setColumnWidth(index + 1, pixels);
  });
  sheet.getRange(1, 1).setNote(plan.note);
  return name;
}
