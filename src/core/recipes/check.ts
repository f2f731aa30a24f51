// What a sidebar's recipe run asks for, checked before anything is read or spent: a recipe that
// exists and can run, a sheet and header row, and one column for each slot it reads.
import type { Recipe, RecipeRunConfig, SlotName } from '../../shared/recipe-rpc';
import { refuse } from '../text/catalogue/sidebar/refuse';
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
  if (!recipe) throw refuse('bulk', 'chooseRecipe');
  const problem = recipeProblem(recipe);
  if (problem) throw new Error(problem);
  const sheetName = typeof raw.sheetName === 'string' ? raw.sheetName : '';
  if (sheetName === '') throw refuse('bulk', 'chooseSheet');
  const headerRow = Number(raw.headerRow);
  if (!Number.isSafeInteger(headerRow) || headerRow < 1) throw refuse('bulk', 'headerRowWhole');
  return { recipe, sheet: { sheetName, headerRow, slots: checkSlots(recipe, raw) } };
}

/** The input column of each slot the recipe reads, one column each; an optional one may be left out. */
function checkSlots(recipe: Recipe, raw: RecipeRunConfig): Partial<Record<SlotName, number>> {
  const slots: Partial<Record<SlotName, number>> = {};
  for (const slot of recipe.slots) {
    const column = raw.slots?.[slot];
    if (column === undefined || column === null) {
      if (OPTIONAL_SLOTS.has(slot)) continue;
      throw refuse('bulk', 'chooseColumn', SLOT_LABELS[slot]);
    }
    if (!Number.isSafeInteger(column) || column < 1) throw refuse('bulk', 'mustBeColumn', SLOT_LABELS[slot]);
    slots[slot] = column;
  }
  const used = Object.values(slots);
  if (new Set(used).size !== used.length) throw refuse('bulk', 'differentColumns');
  return slots;
}
