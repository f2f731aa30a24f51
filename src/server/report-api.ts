// Server side of Spending's "Open the report": the spend report's sheet, made again from the record
// of purchases over the chosen period (core/billing/report.ts), and opened.
import { prunePurchaseSheet } from '../core/billing/purchase-log';
import { spendReport } from '../core/billing/report';
import { REPORT_PERIODS } from '../core/billing/report-periods';
import { creditsText } from '../core/text/credits';
import type { ReportPeriod, ReportResult } from '../shared/receipt-rpc';
import { writeReportSheet } from './adapters/report-sheet';
import { today } from './context';
import { requireActiveSpreadsheet } from './platform/spreadsheet';
import { movePurchases, readPurchaseRecord, recordAccess } from './purchase-record';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Date and time as the spreadsheet's users read them: "2025-01-06 04:00:12". */
export function timeFormatter(
  spreadsheet: Spreadsheet,
  pattern = 'yyyy-MM-dd HH:mm:ss',
): (ms: number) => string {
  const zone = spreadsheet.getSpreadsheetTimeZone() || Session.getScriptTimeZone();
  return (ms) => Utilities.formatDate(new Date(ms), zone, pattern);
}

export function openSpendReport(period: ReportPeriod): ReportResult {
  const chosen = REPORT_PERIODS.find((each) => each.id === period);
  if (!chosen) throw new Error('Choose the period of the report.');
  const spreadsheet = requireActiveSpreadsheet();
  const access = recordAccess();
  const day = today(access.clock.now(), spreadsheet);
  movePurchases(access, day);
  const { sheetRows, record } = readPurchaseRecord(access, day);
  if (access.sheet) prunePurchaseSheet(access.sheet, sheetRows, day);
  const report = spendReport(record, chosen.id, day, timeFormatter(spreadsheet));
  const sheetName = writeReportSheet(spreadsheet, report);
  const rows = report.rows.length;
  return {
    sheetName,
    rows,
    credits: report.credits,
    twice: report.twice,
    message: `Opened "${sheetName}": ${rows === 1 ? '1 purchase' : `${rows} purchases`}, ${creditsText(report.credits)} (${chosen.label.toLowerCase()}).`,
  };
}
