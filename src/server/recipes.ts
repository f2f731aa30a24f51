// Server side of recipes (src/shared/recipe-rpc.ts): a recipe runs as one bulk run per step, over
// the same rows, in order. The preview bounds the whole cost before anything is spent; each next
// step starts when the one before it is done (core/runs/recipe-steps.ts decides when and which),
// with its inputs and gates read from where the earlier steps wrote; here it is begun.

import { progressOf } from '../core/bulk/run';
import { priceLabel } from '../core/operations/pricing';
import { operationByType } from '../core/operations/table';
import { PROPERTY } from '../core/platform/stored-keys';
import { checkRecipeRun } from '../core/recipes/check';
import { parseCustomRecipes, recipeFromDraft, withCustomRecipe } from '../core/recipes/custom';
import { BUILT_IN_RECIPES, SLOT_LABELS } from '../core/recipes/recipes';
import { type RecipeSheet, recipeOwnership } from '../core/recipes/steps';
import { type RecipeSheetRead, recipePreview } from '../core/runs/preview';
import { goOnRecipe as goOn, type RecipeRunPorts, stepRun } from '../core/runs/recipe-steps';
import { beginRun, startRecipe } from '../core/runs/start';
import type { BulkProgress } from '../shared/bulk-rpc';
import type {
  Recipe,
  RecipeDraft,
  RecipePreview,
  RecipeRunConfig,
  RecipeSummary,
} from '../shared/recipe-rpc';
import { headersOf, readBlock, readRunSheet } from './adapters/bulk-sheets';
import { readColumnClaims, readRun, startPorts } from './bulk-run-store';
import { installDrivers } from './collector/edit-open-triggers';
import type { ExecutionContext } from './context';
import { requireDocumentProperties, setDocumentProperty } from './platform/properties';
import { context, locked, previewDeps, sheetNamed } from './sidebar-call';

const properties = requireDocumentProperties;
const customRecipes = () => parseCustomRecipes(properties().getProperty(PROPERTY.customRecipes));
const allRecipes = (): Recipe[] => [...BUILT_IN_RECIPES, ...customRecipes()];
const isCustom = (recipe: Recipe) => recipe.id.startsWith('custom-');

export function listRecipes(): RecipeSummary[] {
  return allRecipes().map((recipe) => ({
    id: recipe.id,
    custom: isCustom(recipe),
    name: recipe.name,
    description: recipe.description,
    slots: recipe.slots.map((name) => ({ name, label: SLOT_LABELS[name] })),
    steps: recipe.steps.map((step) => {
      const op = operationByType(step.type)!;
      return { label: op.label, price: priceLabel(op), fallback: step.fallbackOf !== undefined };
    }),
  }));
}

/** The recipe and the sheet as the server may trust them; throws a message the sidebar shows. */
export const checkRecipe = (raw: RecipeRunConfig) => checkRecipeRun(raw, allRecipes());

export const previewRecipe = (raw: RecipeRunConfig) => previewOver(context(), checkRecipe(raw));

/** The recipe's preview over its sheet as this call reads it (core/runs/preview.ts). */
function previewOver(ctx: ExecutionContext, checked: { recipe: Recipe; sheet: RecipeSheet }): RecipePreview {
  const { sheet } = checked;
  const target = sheetNamed(sheet.sheetName);
  const read: RecipeSheetRead = {
    headers: headersOf(target, sheet.headerRow),
    lastRow: target.getLastRow(),
    block: (firstRow, lastRow, width) => readBlock(target, firstRow, lastRow, 1, width),
  };
  return recipePreview(previewDeps(ctx), checked, read, readColumnClaims(target, sheet));
}

export function startRecipeRun(raw: RecipeRunConfig, confirmedCredits: number): BulkProgress {
  const ctx = context();
  installDrivers();
  const checked = checkRecipe(raw);
  const preview = previewOver(ctx, checked);
  const run = startRecipe(recipePorts(ctx), previewDeps(ctx), checked, preview, confirmedCredits);
  return progressOf(run, ctx.deps.client.clock.now());
}

export function goOnRecipe(runId: string): BulkProgress {
  const ctx = context();
  return progressOf(goOn(recipePorts(ctx), runId), ctx.deps.client.clock.now());
}

/** Where a recipe's steps find the spreadsheet's run, and how one begins over its sheet. */
export function recipePorts(ctx: ExecutionContext): RecipeRunPorts {
  return {
    locked: (work) => locked(ctx, work),
    readRun,
    startStep: (recipe, sheet, index, done) => {
      const { config, op } = stepRun(recipe, index, sheet, done);
      const target = sheetNamed(config.sheetName);
      const ownership = recipeOwnership(recipe, sheet, readColumnClaims(target, sheet));
      const prepared = readRunSheet(target, config, op, ownership);
      return beginRun(startPorts(ctx), config, op, prepared, {
        recipe,
        step: index,
        slots: sheet.slots,
        done,
      });
    },
  };
}

/** Saves a user's recipe in this spreadsheet, under the document lock (two editors may save). */
export function saveRecipe(draft: RecipeDraft): RecipeSummary[] {
  const ctx = context();
  const recipe = recipeFromDraft(draft, `custom-${Utilities.getUuid().slice(0, 8)}`);
  locked(ctx, () => {
    const next = withCustomRecipe(customRecipes(), recipe);
    properties().setProperty(PROPERTY.customRecipes, JSON.stringify(next));
  });
  return listRecipes();
}

export function deleteRecipe(id: string): RecipeSummary[] {
  const ctx = context();
  locked(ctx, () => {
    const next = customRecipes().filter((recipe) => recipe.id !== String(id));
    setDocumentProperty(PROPERTY.customRecipes, next.length === 0 ? null : JSON.stringify(next));
  });
  return listRecipes();
}
