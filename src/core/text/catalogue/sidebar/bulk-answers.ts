// What the server answers the Bulk run panel (server/bulk.ts, server/recipes.ts, core/runs/,
// core/recipes/check.ts): its refusals. The panel's own words are in bulk.ts, which Code.js never loads.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const BULK_ANSWERS = {
  refreshSummary: saidBy(
    'message',
    (changed: number, same: number, notFound: number) =>
      `Refresh done: ${changed} changed, ${same} the same, ${notFound} now not found.`,
  ),
  // A run that cannot go on, or ended short of its rows.
  sheetGone: saidBy('message', (sheet: string) => `The sheet "${sheet}" is gone: the run cannot go on.`),
  /** `lost`: what the deleted hidden sheet (or rows of it) held, in the words of catalogue/lost.ts. */
  lostDuringRun: saidBy(
    'message',
    (lost: string) =>
      `The run is done, but ${lost[0]!.toLowerCase()}${lost.slice(1)} Saved results lets you choose.`,
  ),
  // A run's setup as the sidebar sends it (bulk/config.ts).
  headerRowField: said('label', 'The header row'),
  refreshBudgetField: said('label', 'The refresh budget'),
  inputColumnField: said('label', 'The input column'),
  /** `slot`: an input's name in the run's setup, "company", "location" or "jobTitle". */
  slotColumnField: saidBy('label', (slot: string) => `The ${slot} column`),
  departmentField: said('label', 'The department'),
  seniorityField: said('label', 'The seniority'),
  // A run under way (bulk/run.ts, bulk/slice/next-run.ts).
  runInProgress: saidBy(
    'message',
    (sheet: string) =>
      `A run is already in progress on "${sheet}". Finish or cancel it before starting another.`,
  ),
  /** A failing service's words, then how long the run waits for it. */
  waitsThenAsks: saidBy(
    'progress',
    (failure: string, seconds: number) => `${failure} The run waits ${seconds} s, then asks again.`,
  ),
  capReached: saidBy(
    'message',
    (cap: number, spent: number) =>
      `This run reached its cap of ${creditsText(cap)} (${creditsText(spent)} spent). Raise the per-run cap in the settings, then Resume.`,
  ),
  stoppedAtRow: saidBy(
    'message',
    (row: number) => ` The run stopped at row ${row}; nothing from there on was sent.`,
  ),
  /** A stop's reason that names its own next step (`step`, "Top up the account"), said as the run's. */
  thenResume: saidBy(
    'message',
    (why: string, where: string, step: string) => `${why}${where} ${step}, then Resume.`,
  ),
  resumeOnceFixed: saidBy(
    'message',
    (why: string, where: string) => `${why}${where} Resume once this is fixed.`,
  ),
  // A recipe's problems (recipes/recipes.ts) and a custom recipe's (recipes/custom.ts).
  recipeNoStep: said('message', 'A recipe needs at least one step to run.'),
  stepRepeats: saidBy(
    'message',
    (step: number, first: number, label: string) =>
      `Step ${step} repeats step ${first}: "${label}" of the same input finds nothing new. Choose another lookup, or have it read something else.`,
  ),
  stepNeverRuns: saidBy(
    'message',
    (step: number, source: number) =>
      `Step ${step} reads what step ${source} finds, but runs only where step ${source} found nothing: it would never run.`,
  ),
  stepUnknownLookup: saidBy('message', (id: string) => `Step "${id}" names an unknown lookup.`),
  stepOtherColumn: saidBy(
    'message',
    (id: string) => `Step "${id}" reads a column the recipe does not ask for.`,
  ),
  stepReadsLater: saidBy('message', (id: string) => `Step "${id}" reads a step that comes after it.`),
  stepFallsBackLater: saidBy('message', (id: string) => `Step "${id}" falls back on a later step.`),
  stepNeedsCompany: saidBy('message', (id: string) => `Step "${id}" needs a company column.`),
  // The preview's columns that hold another input's answers (bulk/owners.ts).
  ownerFormula: saidBy('label', (cell: string) => `the formula in ${cell}`),
  ownerWatch: said('label', 'a watch'),
  ownerRecipe: said('label', 'a recipe'),
  ownerRun: said('label', 'a bulk run'),
  ownerOn: saidBy(
    'label',
    (who: string, one: boolean, columns: string) => `${who} on ${one ? 'column' : 'columns'} ${columns}`,
  ),
  /** "Column B (Website) holds the answers of a watch on column A (Employer): this run writes to new column E (Website (Company)) instead." */
  conflict: saidBy(
    'message',
    (one: boolean, found: string, owner: string, instead: string) =>
      `${one ? 'Column' : 'Columns'} ${found} ${one ? 'holds' : 'hold'} the answers of ${owner}: this run writes to new ${one ? 'column' : 'columns'} ${instead} instead.`,
  ),
} as const;
