// Turns a recipe's step into the bulk run that does it, once the steps before it have run: its
// inputs are the slots' columns or an earlier step's output column, and its gates keep it to the
// rows that step passes on (a fallback: rows where its base found nothing; a step reading another's
// output: rows where that one found it).

import type { BulkRunConfig, RowGate } from '../../shared/bulk-rpc';
import type { Recipe, RecipeRunConfig, RecipeStep, StepInput } from '../../shared/recipe-rpc';
import type { ColumnLayout } from '../bulk/layout';
import { type ColumnClaim, type Ownership, recipeFamily } from '../bulk/owners';
import type { ChainStep as DoneStep } from '../bulk/run';
import { operationByType } from '../operations/table';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { skippedStatus } from '../text/catalogue/statuses';
import { SLOT_LABELS } from './recipes';

export type { ChainStep as DoneStep, RunChain as RecipeState } from '../bulk/run';

/** Where step `id` wrote (its columns `layout`), and what it spent: what later steps read and gate on. */
export const doneStep = (id: string, layout: ColumnLayout, credits: number): DoneStep => {
  return { id, statusColumn: layout.status.column, outputColumn: layout.outputs[0]!.column, credits };
};

/** A recipe's run over a sheet: which sheet, its header row, a column for each slot. */
export type RecipeSheet = Omit<RecipeRunConfig, 'recipeId'>;

/** The step `id` done before; refused when it has not run. */
function doneOf(done: readonly DoneStep[], id: string): DoneStep {
  const found = done.find((step) => step.id === id);
  if (!found) throw refuse('bulk', 'stepNotRun', id);
  return found;
}

function columnOf(input: StepInput, sheet: RecipeSheet, done: readonly DoneStep[]): number {
  if (!('slot' in input)) return doneOf(done, input.step).outputColumn;
  const column = sheet.slots[input.slot];
  if (column === undefined) throw refuse('bulk', 'chooseSlotFirst', SLOT_LABELS[input.slot]);
  return column;
}

function labelOf(recipe: Recipe, stepId: string): string {
  const step = recipe.steps.find((candidate) => candidate.id === stepId);
  return (step && operationByType(step.type)?.label) ?? stepId;
}

function gatesOf(recipe: Recipe, step: RecipeStep, done: readonly DoneStep[]): RowGate[] {
  const statusOf = (id: string) => doneOf(done, id).statusColumn;
  const gates: RowGate[] = [];
  if (step.fallbackOf)
    gates.push({ statusColumn: statusOf(step.fallbackOf), need: 'notFound', otherwise: null });
  for (const input of [step.input, step.company]) {
    if (!input || !('step' in input)) continue;
    const otherwise = skippedStatus(labelOf(recipe, input.step));
    gates.push({ statusColumn: statusOf(input.step), need: 'found', otherwise });
  }
  return gates;
}

/** The bulk run configuration of step `index`, given the steps done before it. */
export function stepConfig(recipe: Recipe, index: number, sheet: RecipeSheet, done: readonly DoneStep[]) {
  const step = recipe.steps[index];
  if (!step) throw refuse('bulk', 'noSuchStep', index + 1);
  // A company read from a slot the user left unmapped is left out: the step then looks up from
  // its input alone, as the same lookup in a bulk run with no company column would.
  const company =
    step.company && !('slot' in step.company && sheet.slots[step.company.slot] === undefined)
      ? step.company
      : undefined;
  const config: BulkRunConfig = {
    sheetName: sheet.sheetName,
    headerRow: sheet.headerRow,
    type: step.type,
    columns: {
      input: columnOf(step.input, sheet, done),
      ...(company ? { company: columnOf(company, sheet, done) } : {}),
    },
    output: step.fields ? { mode: 'fields', fields: [...step.fields] } : { mode: 'primary' },
  };
  const gates = gatesOf(recipe, step, done);
  if (gates.length > 0) config.gates = gates;
  return config;
}

/**
 * Whose columns a recipe's steps write: the recipe's family over these slots (its steps share
 * columns), new ones named for its first slot's column when another input claims one.
 */
export function recipeOwnership(
  recipe: Recipe,
  sheet: RecipeSheet,
  claims: readonly ColumnClaim[],
): Ownership {
  const first = recipe.slots.map((slot) => sheet.slots[slot]).find((column) => column !== undefined);
  return { claims, family: recipeFamily(recipe.id, sheet.slots), tagColumn: first };
}
