// The last few bulk runs' layouts (which sheet, rows and columns, what each row asked), kept when a
// new run replaces them, so that a cell a finished run wrote (a recipe's earlier step included)
// still has a receipt: its row's input is read again as that run read it. Their columns stay
// claimed for their inputs (owners.ts): another input's run makes its own. One small property.
import { operationByType } from '../operations/table';
import { parseJson } from '../text/json-text';
import { recipeFamily } from './owners';
import type { BulkRun } from './run';

/**
 * What a receipt needs of a run to read one of its rows again, and whose columns it wrote: a
 * recipe's step keeps its recipe's family (owners.ts).
 */
export type RunLayout = Pick<BulkRun, 'config' | 'firstRow' | 'lastRow' | 'outputs' | 'status'> & {
  family?: string | null;
};

const KEPT = 8;
/** A property value holds 9 KB; the oldest runs go first to stay inside it. */
const MAX_BYTES = 8_000;

/** A run's layout; a recipe's step's family is its recipe's (the run carries it: bulk/run.ts RunChain). */
export const layoutOf = (run: RunLayout & Partial<Pick<BulkRun, 'recipe'>>): RunLayout => {
  const { config, firstRow, lastRow, outputs, status, recipe } = run;
  const family = recipe ? recipeFamily(recipe.recipe.id, recipe.slots) : run.family;
  return { config, firstRow, lastRow, outputs, status, ...(family ? { family } : {}) };
};

export function parsePastRuns(text: string | null | undefined): RunLayout[] {
  const parsed = parseJson(text);
  if (!Array.isArray(parsed)) return [];
  const isLayout = (run: Partial<RunLayout> | null): run is RunLayout =>
    operationByType(String(run?.config?.type)) !== undefined && Array.isArray(run?.outputs);
  return parsed.filter(isLayout);
}

/** The list with `run` first (newest first), as stored: at most KEPT runs, inside one property. */
export function rememberRun(
  past: readonly RunLayout[],
  run: RunLayout & Partial<Pick<BulkRun, 'recipe'>>,
): string {
  const runs = [layoutOf(run), ...past].slice(0, KEPT);
  let text = JSON.stringify(runs);
  while (text.length > MAX_BYTES && runs.length > 1) {
    runs.pop();
    text = JSON.stringify(runs);
  }
  return text;
}
