// What the server says for the Spending panel: the spend report's message (server/report-api.ts)
// and its sheet (billing/report.ts), the ledger's refusals (server/ledger-api.ts).
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

/** What the memory your spreadsheets share let go for room, by the spreadsheet that bought it. */
function memoryEvicted(lost: readonly { boughtIn: string; entries: number; credits: number }[]): string {
  const count = lost.reduce((sum, each) => sum + each.entries, 0);
  const credits = lost.reduce((sum, each) => sum + each.credits, 0);
  const parts = lost.map(
    (each) =>
      `${each.entries.toLocaleString('en-US')} answer${each.entries === 1 ? '' : 's'} bought in ${each.boughtIn}`,
  );
  const them = count === 1 ? 'it' : 'them';
  const keeps =
    lost.length === 1 ? `${lost[0]!.boughtIn} keeps ${them}` : `Each of those spreadsheets keeps its own`;
  return (
    `To make room in your user properties (Google allows 500 KB), the memory your spreadsheets share let go of ${parts.join(' and ')} (${creditsText(credits)} to buy again). ` +
    `${keeps}; your other spreadsheets pay for ${them} again only if you ask.`
  );
}

export const SPENDING_ANSWERS = {
  memoryEvicted: saidBy('message', memoryEvicted),
  opened: saidBy(
    'message',
    (sheet: string, rows: number, credits: number, period: string) =>
      `Opened "${sheet}": ${rows === 1 ? '1 purchase' : `${rows} purchases`}, ${creditsText(credits)} (${period}).`,
  ),
  /**
   * The hidden record of purchases was deleted (`when`: when the add-on noticed and replaced it, in
   * the spreadsheet's zone; null before then): Spending's totals still count what it held.
   */
  recordLost: saidBy(
    'hint',
    (when: string | null, sheet: string) =>
      `The record of purchases${when === null ? '' : ` before ${when}`} was deleted with the hidden sheet "${sheet}": the spend report lists fewer purchases than Spending's totals count.`,
  ),
  /** The cells a formula bought for (`B2`, `B2:B7`) on a sheet deleted since, in a receipt and the report. */
  onDeletedSheet: saidBy('label', (cells: string) => `${cells} of a deleted sheet`),
  // The spend report's sheet (billing/report.ts).
  reportTitle: saidBy('label', (spreadsheet: string) =>
    spreadsheet ? `Enrich for Sheets: spend report of '${spreadsheet}'` : 'Enrich for Sheets: spend report',
  ),
  reportTotal: saidBy(
    'hint',
    (credits: number, purchases: number) =>
      `Total: ${creditsText(credits)} over ${purchases.toLocaleString('en-US')} purchase${purchases === 1 ? '' : 's'} (as Spending counts them)`,
  ),
  reportTwice: saidBy(
    'hint',
    (credits: number) =>
      `Possibly charged twice: up to ${creditsText(credits)} more (lookups sent again after a network failure)`,
  ),
  reportNoTwice: said('hint', 'Possibly charged twice: none'),
  /** The note on the hidden record of purchases (server/adapters/ledger-sheet.ts). */
  ledgerNote: said(
    'hint',
    'Every lookup this spreadsheet paid for, kept 90 days for the spend report and the receipts of cells (Extensions > Enrich for Sheets > Open sidebar). Editing rows loses them; the day totals in Spending stay.',
  ),
  paidUnknown: said('label', 'Paid (whether found was not recorded)'),
  outcomeTwice: saidBy(
    'label',
    (outcome: string, credits: number) =>
      `${outcome}; possibly charged twice (up to ${creditsText(credits)} more)`,
  ),
  foldedPurchases: saidBy(
    'label',
    (count: number) =>
      `${count.toLocaleString('en-US')} purchases (details not kept: too many bought at once for the record)`,
  ),
  // The spend report's sheet (billing/report.ts) and its periods (billing/report-periods.ts).
  /** Who bought, by `Buyer`. */
  sources: {
    formula: said('label', 'Formula'),
    bulk: said('label', 'Bulk run'),
    recipe: said('label', 'Recipe'),
    watch: said('label', 'Watch'),
    keyTest: said('label', 'Key test'),
    retry: said('label', 'Retry'),
    buyAgain: said('label', 'Buy again'),
    refresh: said('label', 'Refresh'),
  },
  outcomeError: said('label', 'Error'),
  /** The table's header, its first column followed by the time zone its times are in. */
  reportHeader: [
    said('label', 'Date and time'),
    said('label', 'Source'),
    said('label', 'Operation'),
    said('label', 'Input'),
    said('label', 'Credits'),
    said('label', 'Outcome'),
    said('label', 'Cell or run served'),
  ],
  severalLookups: said('label', 'Several lookups'),
  periods: {
    today: said('label', 'Today'),
    week: said('label', 'The last 7 days'),
    month: said('label', 'This month'),
    days30: said('label', 'The last 30 days'),
    days90: said('label', 'The last 90 days'),
  },
} as const;
