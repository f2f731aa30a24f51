// What the server answers the Bulk run panel (server/bulk.ts, server/recipes.ts, core/runs/,
// core/recipes/check.ts): its refusals. The panel's own words are in bulk.ts, which Code.js never loads.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

export const BULK_ANSWERS = {
  // The server's refusals.
  notCurrent: said('message', 'This run is no longer the current one; reopen the sidebar.'),
  noRows: said('message', 'There are no rows below the header row.'),
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
  sliceAtWork: said('message', 'A slice of this run is at work; try again in a moment.'),
  chooseRecipe: said('message', 'Choose a recipe first.'),
  chooseSheet: said('message', 'Choose a sheet first.'),
  headerRowWhole: said('message', 'The header row must be a whole number.'),
  chooseColumn: saidBy('message', (slot: string) => `Choose the ${slot} column.`),
  mustBeColumn: saidBy('message', (slot: string) => `The ${slot} column must be a column.`),
  differentColumns: said('message', 'Choose a different column for each input.'),
  notWaiting: said('message', 'This recipe is not waiting for you.'),
} as const;
