// Server side of Spending's "Open the report": the spend report's sheet, made again from the record
// of purchases over the chosen period (core/billing/report.ts), and opened.

import { prunePurchaseSheet } from '../core/billing/purchase-log';
import { spendReport } from '../core/billing/report';
import { REPORT_PERIODS } from '../core/billing/report-periods';
import { refuse } from '../core/text/catalogue/sidebar/refuse';
import { SPENDING_ANSWERS } from '../core/text/catalogue/sidebar/spending-answers';
import type { ReportPeriod, ReportResult } from '../shared/receipt-rpc';
import { writeReportSheet } from './adapters/report-sheet';
import { dayIn } from './context';
import { requireActiveSpreadsheet, spreadsheetZone, timeFormatter } from './platform/spreadsheet';
import { movePurchases, readPurchaseRecord, recordAccess, recordLostText } from './purchase-record';

export function openSpendReport(period: ReportPeriod): ReportResult {
  const chosen = REPORT_PERIODS.find((each) => each.id === period);
  if (!chosen) throw refuse('spending', 'choosePeriod');
  const spreadsheet = requireActiveSpreadsheet();
  const access = recordAccess();
  const day = dayIn(spreadsheetZone(spreadsheet), access.clock.now());
  movePurchases(access, day);
  const { sheetRows, record } = readPurchaseRecord(access, day);
  if (access.sheet) prunePurchaseSheet(access.sheet, sheetRows, day);
  const clock = { zone: spreadsheetZone(spreadsheet), format: timeFormatter(spreadsheet) };
  // A deleted record of purchases is said in the report and its message: never a silent shortfall.
  const recordLost = recordLostText(access, spreadsheet);
  const report = spendReport(record, chosen.id, day, clock, spreadsheet.getName(), recordLost);
  const sheetName = writeReportSheet(spreadsheet, report);
  const rows = report.rows.length;
  const opened = SPENDING_ANSWERS.opened.say(sheetName, rows, report.credits, chosen.label.toLowerCase());
  return {
    sheetName,
    rows,
    credits: report.credits,
    twice: report.twice,
    message: recordLost ? `${opened} ${recordLost}` : opened,
  };
}
