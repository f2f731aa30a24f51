// A recipe run's progress: its current step's bulk progress, with which step of which recipe it is
// and what the whole recipe spent so far.
import type { BulkProgress } from '../../shared/bulk-rpc';
import { countRows } from '../bulk/row-ranges';
import { type BulkRun, progressOf } from '../bulk/run';
import { operationByType } from '../operations/table';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { roundCredits } from '../text/credits';

/**
 * The next step's label when the recipe waits at a finished step whose rows failed (they may be
 * retried before going on); null when it goes on by itself or has no next step.
 */
export function waitingFor(run: BulkRun): string | null {
  if (!run.recipe || run.state !== 'done' || countRows(run.failed) === 0) return null;
  const next = run.recipe.recipe.steps[run.recipe.step + 1];
  return next ? (operationByType(next.type)?.label ?? next.id) : null;
}

export function progressWithRecipe(run: BulkRun, now: number, busy = false): BulkProgress {
  const progress = withRefreshSummary(progressOf(run, now, busy), run);
  if (!run.recipe) return progress;
  const { recipe } = run.recipe;
  const before = run.recipe.done.reduce((sum, step) => sum + step.credits, 0);
  return {
    ...progress,
    recipe: {
      name: recipe.name,
      step: run.recipe.step + 1,
      steps: recipe.steps.length,
      creditsSpent: roundCredits(before + progress.creditsSpent),
      waitingFor: waitingFor(run),
    },
  };
}

/** A refresh that is done says what it found of the answers it bought again. */
function withRefreshSummary(progress: BulkProgress, run: BulkRun): BulkProgress {
  const counts = run.refreshed;
  if (run.state !== 'done' || !counts) return progress;
  const refreshSummary = BULK_ANSWERS.refreshSummary.say(counts.changed, counts.same, counts.notFound);
  return { ...progress, refreshSummary };
}
