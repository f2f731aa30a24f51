// The spend report: one row per purchase over a chosen period, read from the record of purchases,
// with the period's totals. Its totals are the Spending panel's for the same period (both are the
// same bookings); a test holds them equal to the half credit and to the API's own ledger.
import type { ReportPeriod } from '../../shared/receipt-rpc';
import { operationByType } from '../operations/table';
import { NOT_FOUND } from '../text/catalogue/cells';
import { SPENDING_ANSWERS } from '../text/catalogue/sidebar/spending-answers';
import { FOUND } from '../text/catalogue/statuses';
import { creditsAmount } from '../text/credits';
import type { Buyer } from './buyer';
import { addDays } from './days';
import { MIXED } from './purchase-pages';
import type { Purchase, PurchaseOutcome } from './purchases';
import { REPORT_PERIODS } from './report-periods';
import { toCredits } from './totals';

export const sourceLabel = (buyer: Buyer): string => SPENDING_ANSWERS.sources[buyer].text;

export const OUTCOME_LABELS: Readonly<Record<PurchaseOutcome, string>> = {
  found: FOUND.text,
  notFound: NOT_FOUND.text,
  error: SPENDING_ANSWERS.outcomeError.text,
  paid: SPENDING_ANSWERS.paidUnknown.text,
};

/** The first and last day (YYYY-MM-DD, inclusive) of a period ending today. */
export function periodDays(period: ReportPeriod, today: string): { from: string; to: string } {
  const back = { today: 0, week: 6, days30: 29, days90: 89 } as const;
  if (period === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  return { from: addDays(today, -back[period]), to: today };
}

export interface SpendReport {
  title: string;
  /** Lines above the table: the period's totals. */
  summary: string[];
  /** The table's header row: "Date and time (America/New_York)", "Source", … */
  header: string[];
  rows: string[][];
  /** What the period's purchases cost, and what the API may have charged a second time. */
  credits: number;
  twice: number;
}

export function outcomeText(row: Pick<Purchase, 'outcome' | 'twice'>): string {
  const base = OUTCOME_LABELS[row.outcome];
  if (row.twice <= 0) return base;
  return SPENDING_ANSWERS.outcomeTwice.say(base, toCredits(row.twice));
}

export const operationLabel = (type: Purchase['type']): string =>
  type === MIXED ? SPENDING_ANSWERS.severalLookups.text : (operationByType(type)?.label ?? type);

/** The input column: what was sent, or what a summary row stands for. */
function inputText(row: Purchase): string {
  if (row.count > 1 || (row.input === '' && row.type === MIXED))
    return SPENDING_ANSWERS.foldedPurchases.say(row.count);
  return row.input;
}

function reportRow(row: Purchase, formatTime: (ms: number) => string): string[] {
  return [
    formatTime(row.at),
    sourceLabel(row.source),
    operationLabel(row.type),
    inputText(row),
    creditsAmount(toCredits(row.cents)),
    outcomeText(row),
    row.served ?? '',
  ];
}

/**
 * The report of `period` (ending `today`) over the record of purchases of the spreadsheet named
 * `spreadsheet`, oldest first. Its title names the spreadsheet: each keeps its own record, and an
 * answer another of the user's spreadsheets bought shows there, free here. `recordLost`: what
 * the summary says after its total when a user deleted the hidden record of purchases.
 */
export function spendReport(
  record: readonly Purchase[],
  period: ReportPeriod,
  today: string,
  clock: { zone: string; format: (ms: number) => string },
  spreadsheet = '',
  recordLost: string | null = null,
): SpendReport {
  const { from, to } = periodDays(period, today);
  const rows = record.filter((row) => row.day >= from && row.day <= to);
  const cents = rows.reduce((sum, row) => sum + row.cents, 0);
  const twice = rows.reduce((sum, row) => sum + row.twice, 0);
  const purchases = rows.reduce((sum, row) => sum + row.count, 0);
  const label = REPORT_PERIODS.find((p) => p.id === period)?.label ?? period;
  const summary = [
    `${label}: ${from === to ? from : `${from} to ${to}`}`,
    SPENDING_ANSWERS.reportTotal.say(toCredits(cents), purchases),
    twice > 0 ? SPENDING_ANSWERS.reportTwice.say(toCredits(twice)) : SPENDING_ANSWERS.reportNoTwice.text,
  ];
  // The purchases a deleted record held are gone from the rows, not from Spending's totals.
  if (recordLost) summary.splice(2, 0, recordLost);
  // The table's header; the first column names the time zone its times are in.
  const [first, ...rest] = SPENDING_ANSWERS.reportHeader.map((label) => label.text);
  return {
    title: SPENDING_ANSWERS.reportTitle.say(spreadsheet),
    summary,
    header: [`${first} (${clock.zone})`, ...rest],
    rows: rows.map((row) => reportRow(row, clock.format)),
    credits: toCredits(cents),
    twice: toCredits(twice),
  };
}
