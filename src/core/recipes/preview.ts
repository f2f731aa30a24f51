// What a recipe may cost, bounded before anything is spent. A step's rows depend on what earlier
// steps find, which is not known yet: the least is what it costs if every step finds (fallbacks do
// not run, and a step reading another's output runs only where that output is already there), the
// most if every fallback runs and every output it reads is found. Saved answers, duplicates and
// invalid inputs are counted where the inputs are known before the run.
import type { RecipePreview, RecipeStepPreview } from '../../shared/recipe-rpc';
import type { ColumnLayout } from '../bulk/layout';
import type { RowPlan } from '../bulk/plan';
import { roundCredits } from '../text/credits';

export type KnownStatus = 'found' | 'notFound' | null;

export interface StepPlan {
  label: string;
  /** What one lookup of this step costs (a list's bound from its max). */
  price: number;
  /** Earlier steps this one depends on, by index. */
  fallbackOf: number | null;
  inputFrom: number | null;
  /** Per row: its plan, read with the gates left out; null where its input is an earlier step's output, still unknown. */
  plans: (RowPlan | null)[];
  /** Per row: what this step's status column already says. */
  statuses: KnownStatus[];
  /** Queries whose answers are already paid for. */
  free: ReadonlySet<string>;
  /** The columns it writes. */
  layout: ColumnLayout;
}

interface RowReach {
  /** Every earlier step this one depends on may pass the row on. */
  open: boolean[];
  /** The row may reach the step (max) / surely does (min). */
  max: boolean[];
  min: boolean[];
  /** The step may find / surely found, per row: what a step reading its output needs. */
  mayFind: boolean[];
  found: boolean[];
  /** The step may miss / surely missed: what its fallbacks need. */
  mayMiss: boolean[];
  missed: boolean[];
  /** Per row: the query standing for its lookup, when it may look up. */
  queries: (string | null)[];
}

function reachOf(step: StepPlan, earlier: readonly RowReach[]): RowReach {
  const reach: RowReach = {
    open: [],
    max: [],
    min: [],
    mayFind: [],
    found: [],
    mayMiss: [],
    missed: [],
    queries: [],
  };
  const base = step.fallbackOf === null ? null : earlier[step.fallbackOf]!;
  const source = step.inputFrom === null ? null : earlier[step.inputFrom]!;
  for (let row = 0; row < step.plans.length; row++) {
    const plan = step.plans[row] ?? null;
    const status = step.statuses[row] ?? null;
    const { max, min } = gatesAt(base, source, row);
    const query = queryOf(plan, source?.queries[row] ?? null);
    const looksUp = max && query !== null && status === null;
    reach.open.push(max);
    reach.max.push(max && query !== null);
    reach.min.push(min && query !== null && plan !== null);
    reach.queries.push(looksUp ? query : null);
    reach.found.push(status === 'found');
    reach.missed.push(status === 'notFound');
    reach.mayFind.push(status === 'found' || looksUp);
    reach.mayMiss.push(status === 'notFound' || looksUp);
  }
  return reach;
}

/** Whether the earlier steps may pass the row on (max), or surely do (min). */
function gatesAt(base: RowReach | null, source: RowReach | null, row: number) {
  return {
    max: (!base || base.mayMiss[row]!) && (!source || source.mayFind[row]!),
    min: (!base || base.missed[row]!) && (!source || source.found[row]!),
  };
}

/** A known input looks up when its plan says so; an unknown one stands for its source's lookup. */
function queryOf(plan: RowPlan | null, sourceQuery: string | null): string | null {
  if (plan === null) return sourceQuery === null ? null : `via:${sourceQuery}`;
  return plan.kind === 'lookup' ? plan.query : null;
}

function count(step: StepPlan, reach: RowReach, rows: boolean[]): { rows: number; credits: number } {
  const distinct = new Set<string>();
  let reached = 0;
  rows.forEach((reaches, row) => {
    const query = reach.queries[row];
    if (!reaches || !query) return;
    reached++;
    if (!step.free.has(query)) distinct.add(query);
  });
  return { rows: reached, credits: roundCredits(distinct.size * step.price) };
}

export function previewSteps(steps: readonly StepPlan[]): RecipeStepPreview[] {
  const reaches: RowReach[] = [];
  return steps.map((step) => {
    const reach = reachOf(step, reaches);
    reaches.push(reach);
    const most = count(step, reach, reach.max);
    const least = count(step, reach, reach.min);
    const lookups = reach.queries.filter((query) => query !== null && !query.startsWith('via:'));
    const saved = new Set(lookups.filter((query) => step.free.has(query!)));
    return {
      label: step.label,
      fallback: step.fallbackOf !== null,
      rowsMin: least.rows,
      rowsMax: most.rows,
      saved: saved.size,
      duplicates: lookups.length - new Set(lookups).size,
      invalid: step.plans.filter((plan, row) => plan?.kind === 'invalid' && reach.open[row]).length,
      creditsMin: least.credits,
      creditsMax: most.credits,
      outputColumns: step.layout.outputs,
      statusColumn: step.layout.status,
      filled: step.plans.filter((plan, row) => plan?.kind === 'filled' && !plan.notFound && reach.open[row])
        .length,
    };
  });
}

/** The whole recipe: its steps' bounds summed, and whether the most it may cost needs confirming. */
export function recipePreviewOf(
  name: string,
  rows: number,
  steps: readonly StepPlan[],
  confirmAbove: number,
): Omit<RecipePreview, 'columnConflicts'> {
  const previews = previewSteps(steps);
  const creditsMax = roundCredits(previews.reduce((sum, step) => sum + step.creditsMax, 0));
  return {
    name,
    rows,
    steps: previews,
    creditsMin: roundCredits(previews.reduce((sum, step) => sum + step.creditsMin, 0)),
    creditsMax,
    needsConfirmation: creditsMax > confirmAbove,
  };
}
