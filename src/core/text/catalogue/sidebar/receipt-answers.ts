// What the server answers the This cell panel (server/receipt-api.ts), and the lines of a cell's
// receipt (core/receipts/receipt.ts). The panel's own words are in receipt.ts.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const RECEIPT_ANSWERS = {
  selectCell: said('hint', 'Select a cell to see what it cost.'),
  keyFirst: said('hint', 'Save your API key first: receipts are read for its account.'),
  noLookup: saidBy('hint', (cell: string) => `${cell} shows no lookup of Enrich for Sheets.`),
  atMostCells: saidBy(
    'hint',
    (most: number) => `Buy again works on at most ${most.toLocaleString('en-US')} cells at a time.`,
  ),
  formulasOnly: said(
    'hint',
    "Buy again works on the add-on's formulas; a bulk run refreshes its rows from Bulk run (Refresh answers older than…).",
  ),
  // What Buy again did (receipts/buy-again.ts).
  jobExpired: said('message', 'Its job expired.'),
  boughtMomentsAgo: said(
    'message',
    'It was bought moments ago by a formula or a run; try Buy again in a minute.',
  ),
} as const;

/** The lines of a cell's receipt (core/receipts/receipt.ts): `when` is a time, `cost` " for 3 credits" or "". */
export const RECEIPT_LINES = {
  /** "2025-01-06 04:00 for 1 credit (formula, Sheet1!B2)". */
  purchase: saidBy(
    'hint',
    (when: string, credits: number, by: string) => `${when} for ${creditsText(credits)} (${by})`,
  ),
  savedFree: saidBy('hint', (purchase: string) => `Saved result, free. Bought ${purchase}`),
  boughtIn: saidBy(
    'hint',
    (where: string, when: string, cost: string) =>
      `Saved result, free. Bought in '${where}' on ${when}${cost}`,
  ),
  notInRecord: saidBy(
    'hint',
    (when: string, cost: string) =>
      `Saved result, free. Bought ${when}${cost}; that purchase is not in this spreadsheet's record (it was bought in another, or over 90 days ago)`,
  ),
  jobRunning: said('hint', 'Not yet: its job is running'),
  notBought: said('hint', 'Not bought: no saved answer (a formula asks the API when it runs)'),
  notFoundCharged: saidBy('hint', (notFound: string) => `${notFound} (charged all the same)`),
  keptNowhere: said('hint', 'Nowhere: a formula that shows it buys it again when it runs'),
  keptFast: said('hint', 'In the fast cache only, for a few hours at most'),
  /** Where the answer is kept, and its age, which alone never makes it bought again. */
  keptIn: saidBy('hint', (where: string, days: number) => {
    const age = days < 1 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`;
    return `In ${where}, until you clear or refresh it (bought ${age})`;
  }),
  /** Where an answer is kept, each layer (cache/kept.ts `KeptLayer`). */
  layers: {
    fast: said('label', 'the fast cache'),
    properties: said('label', 'document properties'),
    sheet: said('label', 'the hidden sheet'),
    memory: said('label', 'the memory of all your spreadsheets'),
  },
  notTwice: said('hint', 'No'),
  twice: saidBy(
    'hint',
    (credits: number) =>
      `Possibly: a network failure lost the first answer and it was sent again (up to ${creditsText(credits)} more)`,
  ),
  /** Each line's label, in the order the panel shows them. */
  labels: {
    lookup: said('label', 'Lookup'),
    input: said('label', 'Input as sent'),
    bought: said('label', 'Bought'),
    answer: said('label', 'Answer'),
    kept: said('label', 'Kept'),
    job: said('label', 'Job'),
    twice: said('label', 'Charged twice'),
  },
  /** A bought line's cost, after its time. */
  costFor: saidBy('label', (credits: number) => ` for ${creditsText(credits)}`),
} as const;

/** The options sent with a request, after its input on a receipt and in the spend report. */
export const SENT_OPTIONS = {
  department: (department: string) => `department ${department}`,
  seniority: (seniority: string) => `seniority ${seniority}`,
  employeeCount: (count: number) => `at most ${count}`,
} as const;
