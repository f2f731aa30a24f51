// The spend report's sheet: made again each time the report is opened, every cell formatted as
// plain text before its value is written. A sheet of that name the add-on did not make is never overwritten.

import type { SpendReport } from '../../core/billing/report';
import { SHEET_NAME } from '../../core/platform/stored-keys';
import { SHEET_TEXTS } from '../../core/text/catalogue/sheets';
import { fitGrid } from './own-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Where the table's header row goes: the title and the totals above it. */
const TABLE_ROW = 6;
const WIDTHS = [210, 90, 200, 260, 70, 200, 150];

/** The report's sheet, emptied; a sheet of the user's under that name stops it. */
function freshSheet(spreadsheet: Spreadsheet, title: string): Sheet {
  const existing = spreadsheet.getSheetByName(SHEET_NAME.spendReport);
  if (!existing) return spreadsheet.insertSheet(SHEET_NAME.spendReport, spreadsheet.getSheets().length);
  if (String(existing.getRange(1, 1).getValue()) !== title)
    throw new Error(SHEET_TEXTS.inTheWay(SHEET_NAME.spendReport));
  existing.clear();
  existing.setFrozenRows(0);
  return existing;
}

/** Writes the report and opens its sheet; answers the sheet's name. */
export function writeReportSheet(spreadsheet: Spreadsheet, report: SpendReport): string {
  const sheet = freshSheet(spreadsheet, report.title);
  const width = report.header.length;
  const line = (text: string) => [text, ...Array<string>(width - 1).fill('')];
  const grid = [
    line(report.title),
    ...report.summary.map(line),
    ...Array.from({ length: TABLE_ROW - 1 - 1 - report.summary.length }, () => line('')),
    report.header,
    ...report.rows,
  ];
  fitGrid(sheet, grid.length, width, true);
  const range = sheet.getRange(1, 1, grid.length, width);
  // Plain text: an input such as "=1+1" or "00123" stays the text it is, never a formula or a number.
  range.setNumberFormat('@');
  range.setValues(grid);
  sheet.getRange(1, 1).setFontWeight('bold');
  sheet.getRange(TABLE_ROW, 1, 1, width).setFontWeight('bold');
  sheet.setFrozenRows(TABLE_ROW);
  WIDTHS.forEach((pixels, index) => {
    sheet.setColumnWidth(index + 1, pixels);
  });
  sheet.activate();
  return SHEET_NAME.spendReport;
}
