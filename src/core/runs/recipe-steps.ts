// A recipe runs as one bulk run per step over the same rows (recipes/): when a step's run is done,
// the next one starts from where it wrote, with its inputs and gates read from the steps before.
// What the next step is, and whether it starts now, is decided here; the server reads its sheet
// and begins it (server/recipes.ts).

import type { Recipe } from '../../shared/recipe-rpc';
import { checkConfig } from '../bulk/config';
import { type BulkRun, waitingFor } from '../bulk/run';

import { type DoneStep, doneStep, type RecipeSheet, stepConfig } from '../recipes/steps';
import { refuse } from '../text/catalogue/sidebar/refuse';

/** Where the spreadsheet's one run is kept, and how a recipe's step begins as that run. */
export interface RecipeRunPorts {
  /** Runs `work` under the document lock; throws the sidebar's message when it is busy. */
  locked<T>(work: () => T): T;
  readRun(): BulkRun | null;
  /** Begins step `index` of `recipe` as the spreadsheet's run, its columns made, and saves it. */
  startStep(recipe: Recipe, sheet: RecipeSheet, index: number, done: DoneStep[]): BulkRun;
}

/** The run by id; throws when another run has replaced it. */
export function currentRun(ports: Pick<RecipeRunPorts, 'readRun'>, runId: string): BulkRun {
  const run = ports.readRun();
  if (!run || run.id !== String(runId)) throw refuse('bulk', 'notCurrent');
  return run;
}

/** The bulk run configuration of step `index`, checked as a sidebar's, with the recipe's gates. */
export function stepRun(recipe: Recipe, index: number, sheet: RecipeSheet, done: readonly DoneStep[]) {
  const config = stepConfig(recipe, index, sheet, done);
  const { config: checked, op } = checkConfig(config);
  // checkConfig passes only what a sidebar may send, never gates: those are the recipe's own.
  return { config: config.gates ? { ...checked, gates: config.gates } : checked, op };
}

/**
 * After a slice: a recipe's step that is done hands its rows to the next step, which starts at
 * once (the sidebar's loop goes on); the last step's end is the recipe's. `force`: the user goes
 * on past rows that failed.
 */
export function advanceRecipe(ports: RecipeRunPorts, run: BulkRun, force = false): BulkRun {
  const state = run.recipe;
  if (run.state !== 'done' || !state) return run;
  // Failed rows are the user's to retry or leave before the next step reads this one's statuses.
  if (!force && waitingFor(run) !== null) return run;
  const { recipe } = state;
  if (state.step + 1 >= recipe.steps.length) return run;
  const finished = doneStep(recipe.steps[state.step]!.id, run, run.credits);
  const { sheetName, headerRow } = run.config;
  const sheet: RecipeSheet = { sheetName, headerRow, slots: state.slots };
  // Two sidebars may both see the step done: the first starts the next one, the second shows it.
  return ports.locked(() => {
    const current = ports.readRun();
    if (current && current.id !== run.id) return current;
    return ports.startStep(recipe, sheet, state.step + 1, [...state.done, finished]);
  });
}

/** The user goes on to the next step past the failed rows of the one done. */
export function goOnRecipe(ports: RecipeRunPorts, runId: string): BulkRun {
  const run = currentRun(ports, runId);
  if (waitingFor(run) === null) throw refuse('bulk', 'notWaiting');
  return advanceRecipe(ports, run, true);
}
