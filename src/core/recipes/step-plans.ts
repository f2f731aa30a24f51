// What each step of a recipe would do over the sheet as it stands, before anything runs: its
// configuration and columns as the run will create them, and per row its plan and known status.
// recipes/preview.ts bounds the cost from these; the server only reads the sheet and the caches.

import type { BulkRunConfig } from '../../shared/bulk-rpc';
import type { Recipe, RecipeStep } from '../../shared/recipe-rpc';
import type { EnrichmentRequest } from '../api/wire';
import { type ColumnLayout, layoutColumns } from '../bulk/layout';
import { cellAt, perLookupEstimate, planRow, type SheetTable, tableSpan } from '../bulk/plan';
import { BULK_STATUS } from '../bulk/statuses';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import type { KnownStatus, StepPlan } from './preview';
import { type DoneStep, type RecipeSheet, stepConfig } from './steps';

export interface PlannedStep {
  step: RecipeStep;
  config: BulkRunConfig;
  op: Operation;
  layout: ColumnLayout;
}

/** The distinct queries of a step whose answers cost nothing (the caches, the sheet), as the server knows them. */
export type FreeQueries = (
  config: BulkRunConfig,
  layout: ColumnLayout,
  distinct: readonly { query: string; request: EnrichmentRequest; row: number }[],
) => ReadonlySet<string>;

/** Every step's configuration and columns, as the run will create them, before anything runs. */
export function plannedSteps(recipe: Recipe, sheet: RecipeSheet, headers: readonly unknown[]): PlannedStep[] {
  const virtual = [...headers];
  const done: DoneStep[] = [];
  return recipe.steps.map((step, index) => {
    const config = stepConfig(recipe, index, sheet, done);
    const op = operationByType(step.type)!;
    const layout = layoutColumns(op, config, virtual);
    for (const column of [...layout.outputs, layout.status]) virtual[column.column - 1] = column.header;
    done.push({
      id: step.id,
      statusColumn: layout.status.column,
      outputColumn: layout.outputs[0]!.column,
      credits: 0,
    });
    return { step, config, op, layout };
  });
}

/** Every column a step reads or writes, its company's included, wherever it stands: the table's width. */
export function stepsWidth(steps: readonly PlannedStep[]): number {
  return Math.max(...steps.map(({ layout, config }) => tableSpan(config, layout).last));
}

const statusOf = (value: unknown): KnownStatus =>
  value === BULK_STATUS.found ? 'found' : value === BULK_STATUS.notFound ? 'notFound' : null;

/** Each step's rows as recipes/preview.ts reads them; `table` starts at column 1 and covers `rows`. */
export function stepPlans(
  recipe: Recipe,
  steps: readonly PlannedStep[],
  table: SheetTable,
  rows: readonly number[],
  freeQueries: FreeQueries,
): StepPlan[] {
  const ids = recipe.steps.map((step) => step.id);
  return steps.map(({ step, config, op, layout }) => {
    const fromStep = 'step' in step.input;
    const open = { ...config, gates: undefined };
    const rowPlans = rows.map((row) => {
      if (fromStep && String(cellAt(table, row, config.columns.input) ?? '').trim() === '') return null;
      return planRow(op, open, layout, table, row);
    });
    const distinct = new Map<string, { query: string; request: EnrichmentRequest; row: number }>();
    rowPlans.forEach((plan, i) => {
      if (plan?.kind === 'lookup' && !distinct.has(plan.query))
        distinct.set(plan.query, { query: plan.query, request: plan.request, row: rows[i]! });
    });
    return {
      label: op.label,
      price: perLookupEstimate(op, config),
      fallbackOf: step.fallbackOf ? ids.indexOf(step.fallbackOf) : null,
      inputFrom: 'step' in step.input ? ids.indexOf(step.input.step) : null,
      plans: rowPlans,
      statuses: rows.map((row) => statusOf(cellAt(table, row, layout.status.column))),
      free: freeQueries(open, layout, [...distinct.values()]),
    };
  });
}
