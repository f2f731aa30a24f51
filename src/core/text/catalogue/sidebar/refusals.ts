// What the server refuses a sidebar call with, in the sidebar's words. The server throws a code and
// its values (refuse.ts); the sidebar's calls word it here (`refusalWords`, client/rpc-client.ts),
// so that none of these sentences loads in Code.js. Only what reaches the sidebar alone is here: a
// refusal a formula, a trigger or a menu can meet is worded by the server (calls.ts, …-answers.ts).

import { REFUSED } from '../../../../shared/rpc';
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

/** What any sidebar call that works on the spreadsheet refuses (server/sidebar-call.ts). */
export const CALL_REFUSALS = {
  keyFirst: said('message', 'Set your API key first (API key, above).'),
  noSheet: saidBy('message', (name: string) => `There is no sheet named "${name}" any more.`),
  busy: said('message', 'The spreadsheet is busy; try again in a moment.'),
} as const;

/**
 * The Bulk run panel: a run's setup (bulk/config.ts), its start, slices and retries (core/runs/,
 * bulk/run.ts, server/bulk.ts), a recipe and its steps (recipes/).
 */
export const BULK_REFUSALS = {
  notCurrent: said('message', 'This run is no longer the current one; reopen the sidebar.'),
  noRows: said('message', 'There are no rows below the header row.'),
  selectRows: saidBy('message', (sheet: string) => `Select rows of ${sheet} first, then preview again.`),
  confirmRunFirst: saidBy(
    'message',
    (estimate: number, confirmAbove: number) =>
      `This run is estimated at ${creditsText(estimate)}, above the ${confirmAbove} that need your confirmation: confirm it first.`,
  ),
  confirmRecipeFirst: saidBy(
    'message',
    (most: number, confirmAbove: number) =>
      `This recipe may cost up to ${creditsText(most)}, above the ${confirmAbove} that need your confirmation: confirm it first.`,
  ),
  sliceAtWork: said('message', 'A slice of this run is at work; try again in a moment.'),
  chooseRecipe: said('message', 'Choose a recipe first.'),
  chooseSheet: said('message', 'Choose a sheet first.'),
  headerRowWhole: said('message', 'The header row must be a whole number.'),
  chooseColumn: saidBy('message', (slot: string) => `Choose the ${slot} column.`),
  mustBeColumn: saidBy('message', (slot: string) => `The ${slot} column must be a column.`),
  differentColumns: said('message', 'Choose a different column for each input.'),
  notWaiting: said('message', 'This recipe is not waiting for you.'),
  chooseOperation: said('message', 'Choose an operation first.'),
  wholeNumber: saidBy(
    'message',
    (what: string, min: number) => `${what} must be a whole number of at least ${min}.`,
  ),
  mustBeText: saidBy('message', (what: string) => `${what} must be text.`),
  textTooLong: saidBy(
    'message',
    (what: string, most: number) => `${what} is longer than ${most} characters.`,
  ),
  refreshDays: saidBy(
    'message',
    (most: number) => `Refresh answers older than a whole number of days, from 0 to ${most}.`,
  ),
  listsNotRefreshed: said(
    'message',
    "Employee lists are not refreshed in place: clear a row's status to ask for it again.",
  ),
  oneColumnOnly: saidBy('message', (label: string) => `${label} writes one column; choose its main value.`),
  chooseField: said('message', 'Choose at least one field.'),
  mostFields: saidBy('message', (most: number) => `Choose at most ${most} fields.`),
  maxEmployees: said('message', 'Max employees must be a whole number of at least 1.'),
  noFailedRows: said('message', 'No failed rows to retry.'),
  stepChooseLookup: saidBy('message', (step: number) => `Step ${step}: choose a lookup.`),
  stepMustBeEarlier: saidBy(
    'message',
    (step: number, what: string) => `Step ${step}: ${what} must be an earlier step.`,
  ),
  stepCannotRead: saidBy(
    'message',
    (step: number, label: string, source: number) =>
      `Step ${step}: "${label}" cannot read what step ${source} finds.`,
  ),
  nameRecipe: said('message', 'Name the recipe.'),
  recipeNameLength: saidBy('message', (most: number) => `A recipe's name has at most ${most} characters.`),
  recipeTwoSteps: said('message', 'A recipe has at least two steps.'),
  recipeMostSteps: saidBy('message', (most: number) => `A recipe has at most ${most} steps.`),
  recipesFull: saidBy(
    'message',
    (most: number) => `A spreadsheet keeps at most ${most} recipes: delete one first.`,
  ),
  chooseSlotFirst: saidBy('message', (slot: string) => `Choose the ${slot} column first.`),
  stepNotRun: saidBy('message', (id: string) => `Step "${id}" has not run yet.`),
  noSuchStep: saidBy('message', (step: number) => `The recipe has no step ${step}.`),
} as const;

/** The Watches panel: a watch's setup, record and scheduled refresh (watches/). */
export const WATCHES_REFUSALS = {
  refreshDays: saidBy(
    'message',
    (most: number) => `Refresh answers older than a whole number of days, from 1 to ${most}.`,
  ),
  refreshCredits: saidBy(
    'message',
    (most: number) =>
      `A scheduled refresh needs the credits it may spend a month: more than 0, at most ${most}.`,
  ),
  atMost: saidBy('message', (most: number) => `A spreadsheet has at most ${most} watches: delete one first.`),
  watchedAlready: said('message', 'This is watched already: see Watches below.'),
  gone: said('message', 'This watch is gone: another editor may have deleted it.'),
  capNeeded: said(
    'message',
    'A watch needs a daily credit cap: how many credits it may spend a day (more than 0).',
  ),
  capAtMost: saidBy('message', (most: number) => `A watch's daily cap is at most ${most} credits.`),
  tooLarge: said('message', 'This watch is too large to save: use fewer steps or fields.'),
} as const;

/** The This cell panel's Buy again (server/receipt-api.ts, receipts/refresh.ts). */
export const RECEIPT_REFUSALS = {
  selectFirst: said('message', 'Select the cells to buy again first.'),
  budgetBuysNothing: saidBy(
    'message',
    (budget: number, oldest: number) =>
      `A refresh within ${creditsText(budget)} buys nothing: the oldest answer here costs ${creditsText(oldest)} to buy again.`,
  ),
  priceChanged: saidBy(
    'message',
    (now: number, confirmed: number) =>
      `Buying these again now costs ${creditsText(now)}, not the ${creditsText(confirmed)} you confirmed: look at the price again.`,
  ),
} as const;

/** The Spending panel (server/report-api.ts, server/ledger-api.ts) and Saved results. */
export const SPENDING_REFUSALS = {
  choosePeriod: said('message', 'Choose the period of the report.'),
  readOnly: said('message', 'This view of the document properties is read-only.'),
  clearKeyFirst: said('message', 'Save your API key first: saved results are cleared one account at a time.'),
} as const;

const REFUSALS = {
  call: CALL_REFUSALS,
  bulk: BULK_REFUSALS,
  watches: WATCHES_REFUSALS,
  receipt: RECEIPT_REFUSALS,
  spending: SPENDING_REFUSALS,
};

/** Each family of refusals and its entries, as `refuse` names them. */
export type Refusals = typeof REFUSALS;

type Entry = { text: string } | { say(...values: unknown[]): string };

/**
 * A failed call's message in the sidebar's words: a refusal's code (refuse.ts), wherever it
 * stands in the message, worded with its values; any other message as it is.
 */
export function refusalWords(message: string): string {
  const at = message.indexOf(REFUSED);
  if (at < 0) return message;
  try {
    const [family, entry, ...values] = JSON.parse(message.slice(at + REFUSED.length)) as [string, string];
    const said = (REFUSALS as unknown as Record<string, Record<string, Entry>>)[family]?.[entry];
    if (!said) return message;
    return message.slice(0, at) + ('text' in said ? said.text : said.say(...values));
  } catch {
    return message;
  }
}
