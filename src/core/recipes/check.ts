// What a sidebar's recipe run asks for, checked before anything is read or spent: a recipe that
// exists and can run, a sheet and header row, and one column for each slot it reads.
import type { Recipe, RecipeRunConfig, SlotName } from '../../shared/recipe-rpc';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { recipeProblem, SLOT_LABELS } from './recipes';
import type { RecipeSheet } from './steps';

const OPTIONAL_SLOTS: ReadonlySet<SlotName> = new Set(['company']);

/**
 * The recipe (one of `recipes`) and the sheet as the server may trust them; throws a message the
 * sidebar shows.
 */
export function checkRecipeRun(
  raw: RecipeRunConfig,
  recipes: readonly Recipe[],
): { recipe: Recipe; sheet: RecipeSheet } {
  const recipe = recipes.find((each) => each.id === String(raw?.recipeId ?? ''));
  if (!recipe) throw new Error(BULK_ANSWERS.chooseRecipe.text);
  const problem = recipeProblem(recipe);
  if (problem) throw new Error(problem);
  const sheetName = typeof raw.sheetName === 'string' ? raw.sheetName : '';
  if (sheetName === '') throw new Error(BULK_ANSWERS.chooseSheet.text);
  const headerRow = Number(raw.headerRow);
  if (!Number.isSafeInteger(headerRow) || headerRow < 1) throw new Error(BULK_ANSWERS.headerRowWhole.text);
  return { recipe, sheet: { sheetName, headerRow, slots: checkSlots(recipe, raw) } };
}

/** The input column of each slot the recipe reads, one column each; an optional one may be left out. */
function checkSlots(recipe: Recipe, raw: RecipeRunConfig): Partial<Record<SlotName, number>> {
  const slots: Partial<Record<SlotName, number>> = {};
  for (const slot of recipe.slots) {
    const column = raw.slots?.[slot];
    if (column === undefined || column === null) {
      if (OPTIONAL_SLOTS.has(slot)) continue;
      throw new Error(BULK_ANSWERS.chooseColumn.say(SLOT_LABELS[slot]));
    }
    if (!Number.isSafeInteger(column) || column < 1)
      throw new Error(BULK_ANSWERS.mustBeColumn.say(SLOT_LABELS[slot]));
    slots[slot] = column;
  }
  const used = Object.values(slots);
  if (new Set(used).size !== used.length) throw new Error(BULK_ANSWERS.differentColumns.text);
  return slots;
}
