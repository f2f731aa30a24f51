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
  // The server's refusals.
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
  sheetGone: saidBy('message', (sheet: string) => `The sheet "${sheet}" is gone: the run cannot go on.`),
  /** `lost`: what the deleted hidden sheet (or rows of it) held, in the words of catalogue/lost.ts. */
  lostDuringRun: saidBy(
    'message',
    (lost: string) =>
      `The run is done, but ${lost[0]!.toLowerCase()}${lost.slice(1)} Saved results lets you choose.`,
  ),
  sliceAtWork: said('message', 'A slice of this run is at work; try again in a moment.'),
  chooseRecipe: said('message', 'Choose a recipe first.'),
  chooseSheet: said('message', 'Choose a sheet first.'),
  headerRowWhole: said('message', 'The header row must be a whole number.'),
  chooseColumn: saidBy('message', (slot: string) => `Choose the ${slot} column.`),
  mustBeColumn: saidBy('message', (slot: string) => `The ${slot} column must be a column.`),
  differentColumns: said('message', 'Choose a different column for each input.'),
  notWaiting: said('message', 'This recipe is not waiting for you.'),
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
} as const;
