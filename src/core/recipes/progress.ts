// A recipe run's progress: its current step's bulk progress, with which step of which recipe it is
// and what the whole recipe spent so far.
import type { BulkProgress } from '../../shared/bulk-rpc';
import { type BulkRun, progressOf } from '../bulk/run';
import { recipeById } from './recipes';

export function progressWithRecipe(run: BulkRun, now: number, busy = false): BulkProgress {
  const progress = progressOf(run, now, busy);
  if (!run.recipe) return progress;
  const recipe = recipeById(run.recipe.recipeId);
  const before = run.recipe.done.reduce((sum, step) => sum + step.credits, 0);
  return {
    ...progress,
    recipe: {
      name: recipe?.name ?? run.recipe.recipeId,
      step: run.recipe.step + 1,
      steps: recipe?.steps.length ?? run.recipe.step + 1,
      creditsSpent: Math.round((before + run.credits) * 100) / 100,
    },
  };
}
