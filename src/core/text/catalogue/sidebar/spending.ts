// The Spending panel's words (client/panels/ledger/); the server's (the spend report's sheet and
// message, the ledger's refusals) are in spending-answers.ts.
import { said, saidBy } from './said';

export const SPENDING_TEXTS = {
  nothingYet: said('hint', 'Nothing spent this month yet.'),
  byOperation: said('label', 'This month, by operation'),
  chargedTwice: said('label', 'Possibly charged twice'),
  /** `what`: "1 lookup was", "3 lookups were". */
  resent: saidBy(
    'hint',
    (what: string) =>
      `This month ${what} sent again after a network failure lost the answer; the API may have charged both sends. Compare with your account's usage.`,
  ),
  openReport: said('label', 'Open the report'),
  reportPeriod: said('label', 'Spend report: one row per purchase, in a sheet'),
  spentMonth: said('label', 'Spent this month'),
  leftToday: said('label', 'Left for formulas today'),
  bySource: said('label', 'This month, by source'),
  refusedToday: said('label', 'Refused as too fast today'),
  spentToday: said('label', 'Spent today'),
  /** Everything but formulas, key tests and refreshes: bulk runs, recipes, watches, retries, Buy again. */
  bulkRuns: said('label', 'Runs, watches, retries and Buy again'),
  keyTests: said('label', 'Key tests'),
  apiPace: said('label', 'API pace'),
} as const;
