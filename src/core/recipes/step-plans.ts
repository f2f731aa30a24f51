// What each step of a recipe would do over the sheet as it stands, before anything runs: its
// configuration and columns as the run will create them, and per row its plan and known status.
// recipes/preview.ts bounds the cost from these; the server only reads the sheet and the caches.

import type { BulkRunConfig } from '../../shared/bulk-rpc';
import type { Recipe, RecipeStep } from '../../shared/recipe-rpc';
import { type ColumnLayout, type LaidOutRun, ownLayout } from '../bulk/layout';
import type { ColumnClaim, ColumnConflict } from '../bulk/owners';
import {
  cellAt,
  type DistinctLookup,
  distinctLookups,
  perLookupEstimate,
  planRow,
  type SheetTable,
} from '../bulk/plan';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { BULK_STATUS } from '../text/catalogue/statuses';
import type { KnownStatus, StepPlan } from './preview';
import { type DoneStep, doneStep, type RecipeSheet, recipeOwnership, stepConfig } from './steps';

export interface PlannedStep {
  step: RecipeStep;
  config: BulkRunConfig;
  op: Operation;
  layout: ColumnLayout;
  /** Columns its headers found that another input claims: it writes to new ones instead. */
  conflicts: ColumnConflict[];
}

/** The distinct queries of a step whose answers cost nothing (the caches, the sheet), as the server knows them. */
export type FreeQueries = (run: LaidOutRun, distinct: readonly DistinctLookup[]) => ReadonlySet<string>;

/**
 * Every step's configuration and columns, as the run will create them, before anything runs:
 * none in a column another input's run or watch claims (`claims`).
 */
export function plannedSteps(
  recipe: Recipe,
  sheet: RecipeSheet,
  headers: readonly unknown[],
  claims: readonly ColumnClaim[],
): PlannedStep[] {
  const virtual = [...headers];
  const done: DoneStep[] = [];
  const ownership = recipeOwnership(recipe, sheet, claims);
  return recipe.steps.map((step, index) => {
    const config = stepConfig(recipe, index, sheet, done);
    const op = operationByType(step.type)!;
    const { layout, conflicts } = ownLayout(op, config, virtual, ownership);
    for (const column of [...layout.outputs, layout.status]) virtual[column.column - 1] = column.header;
    done.push(doneStep(step.id, layout, 0));
    return { step, config, op, layout, conflicts };
  });
}

const statusOf = (value: unknown): KnownStatus =>
  value === BULK_STATUS.found ? 'found' : value === BULK_STATUS.notFound ? 'notFound' : null;

/** Each step's rows as recipes/preview.ts reads them; `table` starts at column 1 and covers every row. */
export function stepPlans(
  recipe: Recipe,
  steps: readonly PlannedStep[],
  table: SheetTable,
  freeQueries: FreeQueries,
): StepPlan[] {
  // The rows `table` covers, from its first row: the rows a recipe's run would work on.
  const rows = table.values.map((_, i) => table.firstRow + i);
  const ids = recipe.steps.map((step) => step.id);
  return steps.map(({ step, config, op, layout }) => {
    const fromStep = 'step' in step.input;
    const open = { ...config, gates: undefined };
    const rowPlans = rows.map((row) => {
      if (fromStep && String(cellAt(table, row, config.columns.input) ?? '').trim() === '') return null;
      return planRow({ config: open, layout }, table, row);
    });
    return {
      label: op.label,
      price: perLookupEstimate(op, config),
      fallbackOf: step.fallbackOf ? ids.indexOf(step.fallbackOf) : null,
      inputFrom: 'step' in step.input ? ids.indexOf(step.input.step) : null,
      plans: rowPlans,
      statuses: rows.map((row) => statusOf(cellAt(table, row, layout.status.column))),
      free: freeQueries({ config: open, layout }, distinctLookups(rowPlans, table.firstRow)),
      layout,
    };
  });
}
