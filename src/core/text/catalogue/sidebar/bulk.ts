// The Bulk run panel's words (one lookup, or a recipe of chained lookups), and the server's answers
// to it are in bulk-answers.ts, which the server imports: these words ship in the sidebar only.
import type { BackgroundCollection } from '../../../../shared/jobs-rpc';
import { creditsAmount, creditsText } from '../../credits';
import { counted, said, saidBy } from './said';
import { clockCheck } from './watches-answers';

/** Where a run writes: its output columns, worded, and the status column's letters. */
const destinations = (outputs: string, status: string, created: boolean) =>
  `Results go to column ${outputs}; row status to column ${status}${created ? ' (new)' : ''}.`;

/** A recipe's whole cost: one figure when what the steps find changes nothing, else the range and why. */
function recipeTotal(rows: string, min: number, max: number): string {
  if (min === max) return `${rows}. ${creditsText(max)}, whatever the steps find.`;
  return `${rows}. Between ${creditsAmount(min)} and ${creditsText(max)}: the least if every first step finds, the most if every fallback runs.`;
}

export const BULK_TEXTS = {
  intro: said('hint', 'Look up a whole column. Filled rows, repeats and saved results cost nothing.'),
  opHelp: saidBy('hint', (help: string, price: string) => `${help} ${price} each.`),
  title: said('label', 'Bulk run'),
  inputColumn: said('label', 'Input column'),
  companyColumn: said('label', 'Company column'),
  fullNameColumn: said('label', 'Full name column'),
  locationColumn: said('label', 'Location column (optional)'),
  jobTitleColumn: said('label', 'Job title column (optional)'),
  /** A required column picker while no header names its input (core/bulk/column-guess.ts). */
  noColumnYet: said('label', '(choose a column)'),
  mainValue: said('label', 'Main value, in one column'),
  chosenFields: said('label', 'Chosen fields, one column each'),
  maxEmployees: said('label', 'At most this many employees per company'),
  employeeLists: said('label', 'Employee lists'),
  assumedEmployees: said('hint', 'Without a maximum the estimate assumes 25 employees per company.'),
  sheetPerCompany: said('label', 'A new sheet per company'),
  combinedSheet: said('label', 'One sheet for all, with a Company column'),
  refreshOlder: said('label', ' Refresh answers older than '),
  refreshBudget: said('label', 'Spending at most (credits, blank: all)'),
  refreshOldest: said('label', 'Oldest answers first'),
  refreshTopDown: said('label', 'Rows from the top'),
  refreshColumn: said('label', 'Every row of this column'),
  refreshSelection: said('label', 'Only the rows I select on the sheet'),
  refreshSheet: said('label', 'Every bulk-run column of this sheet, one budget'),
  refreshSchedule: said('label', 'Refresh on a schedule'),
  scheduleBudgetFirst: said('message', 'Set the credits it may spend first: on a schedule, that is a month.'),
  scheduled: saidBy(
    'message',
    (days: number, credits: number, clock: BackgroundCollection) =>
      `Refreshing answers here older than ${days} days (${clockCheck(clock)}), at most ${creditsText(credits)} a month. Watches lists it.`,
  ),
  selectedRows: saidBy('label', (first: number, last: number) => ` (rows ${first} to ${last}, selected)`),
  /** A column's scheduled refresh, before it is on: the column, its rows, the schedule and its budget. */
  refreshOnly: saidBy(
    'hint',
    (column: string, rows: string, days: number, credits: number, clock: BackgroundCollection | null) =>
      `Refreshes column ${column}, ${rows} answered, ${clockCheck(clock)}: it buys again those older than ${days} days, the oldest first, at most ${creditsText(credits)} a month.`,
  ),
  refreshOnlyDue: saidBy(
    'hint',
    (rows: string, credits: number) => `Older than that now: ${rows}, ${creditsText(credits)}.`,
  ),
  refreshOnlyWrites: saidBy(
    'hint',
    (status: string, created: boolean) =>
      `It fills no new row and writes nowhere else: only these answers and their row status in column ${status}${created ? ' (new)' : ''}.`,
  ),
  refreshHint: said(
    'hint',
    'Answers are kept until you refresh them: time alone never buys one again. Each changed cell gets a note saying what it was.',
  ),
  withinBudget: saidBy('label', (credits: number) => `, within ${creditsText(credits)}`),
  retryFailed: said('label', 'Retry failed rows'),
  cancelRun: said('label', 'Cancel run'),
  goOn: said('label', 'Go on'),
  inputFirst: said('message', 'Choose the input column first: the sheet needs a header row.'),
  callFailed: saidBy(
    'message',
    (error: string) =>
      `${error} Answers already paid for are kept; Continue picks up from the rows not written yet.`,
  ),
  nothingToLookUp: said('message', 'Nothing to look up: every row is filled or blank.'),
  runItButton: said('label', 'Run it'),
  notNow: said('label', 'Not now'),
  // The preview.
  destinations: saidBy('hint', destinations),
  /** A recipe's step: the rows it skips because their output already shows something. */
  filledSkipped: saidBy(
    'hint',
    (rows: string) => `${rows} already filled (typed, or a formula's): skipped, never written over.`,
  ),
  invalidRow: saidBy('hint', (row: number, message: string) => `Row ${row}: ${message}`),
  invalidRows: saidBy('label', (count: number) => `Invalid rows (${count})`),
  moreRows: saidBy('hint', (more: string) => `…and ${more}.`),
  moreRow: counted('hint', 'more row', 'more rows'),
  savedResult: counted('hint', 'saved result', 'saved results'),
  /** `saved`: "3 saved results". */
  saved: saidBy(
    'hint',
    (saved: string, cached: number) => `${saved}, free: no new lookup for ${cached === 1 ? 'it' : 'them'}.`,
  ),
  olderThan: saidBy('label', (days: string, rows: string) => `Answers older than ${days} (${rows})`),
  alreadyFilled: said('label', 'Already filled (skipped)'),
  notFoundBefore: said('label', 'Not found before (skipped)'),
  duplicates: said('label', 'Duplicates (looked up once)'),
  savedFree: said('label', 'Saved results (free)'),
  invalidInput: said('label', 'Invalid input (not sent)'),
  newLookups: said('label', 'New lookups'),
  estimatedCost: said('label', 'Estimated cost'),
  /** Before an estimate that is a bound: "up to 40 credits". */
  upTo: said('label', 'up to '),
  sendingTakes: saidBy('hint', (time: string) => `Sending takes ${time}.`),
  // The run's progress.
  lessThanAMinute: said('progress', 'less than a minute left'),
  minutesLeft: saidBy('progress', (minutes: number) => `about ${minutes} min left`),
  hoursLeft: saidBy('progress', (hours: number) => `about ${hours} h left`),
  found: saidBy('progress', (count: string) => `Found ${count}`),
  notFound: saidBy('progress', (count: string) => `not found ${count}`),
  errors: saidBy('progress', (count: string) => `errors ${count}`),
  skipped: saidBy('progress', (count: string) => `skipped ${count}`),
  invalid: saidBy('progress', (count: string) => `invalid ${count}`),
  failedRow: counted('progress', 'failed row', 'failed rows'),
  stepDone: saidBy(
    'progress',
    (step: number, steps: number, failed: string, next: string) =>
      `Step ${step} of ${steps} done, with ${failed}: retry them, or go on to "${next}" without them.`,
  ),
  done: said('progress', 'Done: every row has its result or its status.'),
  cancelled: said('progress', 'Cancelled: the rows written keep their results; a new run skips them.'),
  otherSidebar: said('progress', 'Another sidebar is working on this run.'),
  retryThe: saidBy('label', (failed: string) => `Retry the ${failed}`),
  goOnTo: saidBy('label', (next: string) => `Go on to "${next}"`),
  recipeStep: saidBy(
    'progress',
    (name: string, step: number, steps: number) => `${name}, step ${step} of ${steps}: `,
  ),
  stoppedAgain: saidBy(
    'message',
    (why: string) => `Resumed, and stopped again before any row was done. ${why}`,
  ),
  unfinished: saidBy(
    'message',
    (done: number, rows: string, verb: string) =>
      `An unfinished run: ${done} of ${rows} done. ${verb} to go on; rows already written are not charged again.`,
  ),
  // Recipes.
  oneLookup: said('label', 'One lookup'),
  addStep: said('label', 'Add a step'),
  recipeName: said('label', 'Recipe name'),
  saveRecipe: said('label', 'Save recipe'),
  readsItsColumn: said('label', 'reads its column'),
  readsStep: saidBy('label', (step: number) => `reads what step ${step} found`),
  onEveryRow: said('label', 'on every row'),
  whereStepFoundNothing: saidBy('label', (step: number) => `only where step ${step} found nothing`),
  recipeSaved: saidBy('message', (name: string) => `Saved "${name}" with this spreadsheet.`),
  recipeDeleted: saidBy('message', (name: string) => `Deleted "${name}".`),
  recipeWillSpend: saidBy('confirm', (most: string) => `This recipe will spend ${most}. Run it?`),
  recipeMaySpend: saidBy(
    'confirm',
    (most: string, least: string) => `This recipe may spend up to ${most} (at least ${least}). Run it?`,
  ),
  runAndSpend: saidBy('label', (most: string) => `Run and spend ${most}`),
  runUpTo: saidBy('label', (most: string) => `Run, up to ${most}`),
  deleteRecipe: said('label', 'Delete this recipe'),
  recipesGroup: said('label', 'Recipes: chained lookups'),
  buildRecipe: said('label', 'Build a recipe…'),
  ifNotFound: said('label', 'If not found: '),
  recipeTotal: saidBy('hint', recipeTotal),
  // The question before a run whose cost needs a yes, from its figures (bulk/confirmation.ts).
  balance: said(
    'confirm',
    "If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits.",
  ),
  costUpTo: saidBy('confirm', (credits: number) => `up to ${creditsText(credits)}`),
  costAbout: saidBy('confirm', (credits: number) => `about ${creditsText(credits)}`),
  newLookupsCounted: counted('confirm', 'new lookup', 'new lookups'),
  lookupsCounted: counted('confirm', 'lookup', 'lookups'),
  willSpend: saidBy(
    'confirm',
    (cost: string, lookups: string, balance: string) =>
      `This run will spend ${cost} for ${lookups}. ${balance} Run it?`,
  ),
  overCap: saidBy(
    'confirm',
    (lookups: string, cost: string, cap: number) =>
      `These ${lookups} would cost ${cost}, more than the per-run cap of ${creditsText(cap)} allows`,
  ),
  payNone: saidBy(
    'confirm',
    (over: string, price: number) =>
      `${over}: it cannot pay for a single lookup (${creditsText(price)}). Raise the per-run cap in the settings first.`,
  ),
  runStopsAtOnce: said('label', 'Run (it stops at once)'),
  stopsAfter: saidBy(
    'confirm',
    (over: string, lookups: string, most: number, balance: string) =>
      `${over}: the run stops after ${lookups} (${creditsText(most)}); raise the cap in the settings, then Resume, for the rest. ${balance} Run it?`,
  ),
  runAndSpendUpTo: saidBy('label', (most: number) => `Run and spend up to ${creditsText(most)}`),
} as const;
