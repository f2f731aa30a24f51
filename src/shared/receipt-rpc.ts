// The contract for the sidebar's "This cell" panel (a cell's receipt, Buy again) and the spend
// report Spending opens. Every text is the server's, ready to show; none holds the API key.

/** The periods the spend report covers, each ending today. */
export type ReportPeriod = 'today' | 'week' | 'month' | 'days30' | 'days90';

export interface ReceiptLine {
  label: string;
  text: string;
}

/** What Buy again would do for the selection: its formulas' distinct lookups, at their price. */
export interface BuyAgainOffer {
  lookups: number;
  credits: number;
  /** Formulas entered again once the new answers are bought. */
  formulas: number;
  /** The price is a bound (employee lists are paid per employee returned). */
  isBound: boolean;
}

export interface SelectionReceipt {
  /** The selection this answers for (`Sheet1!B2:B4`): sent back, it lets the server answer "unchanged". */
  selection: string;
  /** The selection is the one the sidebar named: nothing else is read, nothing else is said. */
  unchanged: boolean;
  /** The receipt of the selection's first cell; empty when it shows no lookup of the add-on. */
  lines: ReceiptLine[];
  /** Said instead of (or besides) the lines: no lookup here, no key, a selection too big. */
  message: string;
  /** Null when the selection holds no formula of the add-on whose lookups could be bought again. */
  buyAgain: BuyAgainOffer | null;
  /** The spreadsheet's time zone, which the lines' times are in; '' when there are no lines. */
  timeZone: string;
}

/**
 * What Buy again did, for the panel to word: lookups bought and what the API charged, jobs still
 * running, lookups not bought and why (each reason once, in the server's words), the sheets of
 * employee lists the new lists replace, and a refresh's summary of what changed (the server's
 * words, null when it was no refresh).
 */
export interface BuyAgainDone {
  bought: number;
  credits: number;
  pending: number;
  notBought: number;
  reasons: string[];
  replacing: string[];
  refreshed: string | null;
}

export interface BuyAgainResult {
  ok: boolean;
  done: BuyAgainDone;
  /** What the API charged for it. */
  creditsSpent: number;
  receipt: SelectionReceipt;
}

export interface ReportResult {
  sheetName: string;
  rows: number;
  credits: number;
  /** Credits the API may have charged a second time in the period. */
  twice: number;
  message: string;
}

export interface ReceiptServerApi {
  /** The receipt of the selection's first cell; `known`: the selection the sidebar shows already. */
  getCellReceipt(known: string | null): SelectionReceipt;
  /**
   * Buys the selection's lookups again (refused when they now cost more than `confirmedCredits`);
   * with a `budget`, a refresh: those it pays for, the oldest answers first.
   */
  buyAgain(confirmedCredits: number, budget?: number): BuyAgainResult;
  /** Makes the spend report's sheet again, for the period, and opens it. */
  openSpendReport(period: ReportPeriod): ReportResult;
}
