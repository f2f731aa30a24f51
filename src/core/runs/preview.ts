// What a run's preview says before anything is spent, computed from the plan over the sheet as
// the server read it: a bulk run's count, cost, what its refresh buys again and what a deleted
// hidden sheet lost (`bulkPreview`, with what the sidebar shows besides, `shownBulkPreview`); a
// recipe's bounds over all its steps (`recipePreview`). The server reads the sheet
// (server/adapters/bulk-sheets.ts) and starts the run (start.ts).

import type { BulkPreview, BulkRunConfig } from '../../shared/bulk-rpc';
import type { Recipe, RecipePreview } from '../../shared/recipe-rpc';
import { runConfirmation } from '../bulk/confirmation';
import { freeQueries, type PaidAnswers } from '../bulk/free-queries';
import type { ColumnLayout } from '../bulk/layout';
import { type ColumnClaim, conflictTexts } from '../bulk/owners';
import { perLookupEstimate, planRows, previewOf, type SheetTable, tableSpan } from '../bulk/plan';
import { refreshCutoff, staleRows, withRefresh } from '../bulk/refresh';
import { withLostResults } from '../cache/lost';
import type { Operation } from '../operations/types';
import { recipePreviewOf } from '../recipes/preview';
import { plannedSteps, stepPlans } from '../recipes/step-plans';
import type { RecipeSheet } from '../recipes/steps';
import { sendingAtPace } from '../text/catalogue/duration';

/** A run's sheet as read before it starts: its columns laid out, and the values the run reads. */
export interface ReadSheet {
  layout: ColumnLayout;
  /** Columns its headers found that another input's answers fill, as the preview names them. */
  conflicts: string[];
  table: SheetTable;
  firstRow: number;
  lastRow: number;
}

/** What a preview reads besides the sheet: the answers paid already, the time, the settings' bar. */
export interface PreviewDeps {
  paid: PaidAnswers;
  now: number;
  /** The settings' confirmation bar, in credits. */
  confirmAbove: number;
  /** The settings' per-run cap, in credits; 0: none. A refresh's budget takes no more than it leaves. */
  runHardCap?: number;
}

export interface Previewed {
  preview: BulkPreview;
  /** What a refresh asked for buys again; null when none was asked. */
  refresh: { cutoff: number; rows: number[]; ages: number[] } | null;
}

export function bulkPreview(
  deps: PreviewDeps,
  config: BulkRunConfig,
  op: Operation,
  prepared: ReadSheet,
): Previewed {
  const { paid, confirmAbove } = deps;
  const { layout, table, firstRow } = prepared;
  const plan = planRows({ config, layout }, table);
  const days = config.refreshOlderThanDays;
  const cutoff = days === undefined ? undefined : (config.refreshBefore ?? refreshCutoff(deps.now, days));
  const free = freeQueries(paid, { config, layout }, table, plan.distinct, cutoff);
  const lost = paid.cache.lostSheet();
  const counted = {
    ...previewOf(op, config, layout, plan, firstRow, free, confirmAbove),
    columnConflicts: prepared.conflicts,
  };
  const preview = withLostResults(counted, lost, counted.estimatedCredits);
  if (days === undefined || cutoff === undefined) return { preview, refresh: null };
  const buying = new Set(plan.distinct.map((item) => item.query).filter((query) => !free.has(query)));
  const budget = refreshBudget(config, deps, counted.estimatedCredits);
  const stale = staleRows({ config, table, plan, paid, cutoff, buying, ...budget });
  const refreshed = withRefresh(preview, days, stale, confirmAbove, config.refreshBudget);
  return {
    preview: withLostResults(refreshed, lost, refreshed.estimatedCredits),
    refresh: { cutoff: stale.cutoff, rows: stale.rows, ages: stale.ages },
  };
}

/** What a refresh's budget leaves it once the run's new lookups are paid within the per-run cap. */
function refreshBudget(config: BulkRunConfig, deps: PreviewDeps, buying: number): { budget?: number } {
  const cap = deps.runHardCap ?? 0;
  if (config.refreshBudget === undefined && !(cap > 0)) return {};
  const room = cap > 0 ? Math.max(0, cap - buying) : Number.POSITIVE_INFINITY;
  return { budget: Math.min(config.refreshBudget ?? Number.POSITIVE_INFINITY, room) };
}

/** The preview as the sidebar shows it: what to confirm, and how long sending takes at `pace`. */
export function shownBulkPreview(
  preview: BulkPreview,
  config: BulkRunConfig,
  op: Operation,
  runHardCap: number,
  pace: number,
): BulkPreview {
  const perLookup = perLookupEstimate(op, config);
  return {
    ...preview,
    confirmation: runConfirmation(preview, perLookup, runHardCap),
    ...(preview.toLookUp > 0 ? { sendingTime: sendingAtPace(preview.toLookUp, pace) } : {}),
    ...(typeof config.rows === 'object' ? { selected: config.rows } : {}),
  };
}

/** A recipe's sheet as the preview reads it: its header row, its last row, a block of its cells. */
export interface RecipeSheetRead {
  headers: unknown[];
  lastRow: number;
  /** Rows `firstRow`..`lastRow` of columns 1..`width`. */
  block(firstRow: number, lastRow: number, width: number): unknown[][];
}

export function recipePreview(
  deps: PreviewDeps,
  { recipe, sheet }: { recipe: Recipe; sheet: RecipeSheet },
  read: RecipeSheetRead,
  claims: readonly ColumnClaim[],
): RecipePreview {
  const { headers } = read;
  const steps = plannedSteps(recipe, sheet, headers, claims);
  const firstRow = sheet.headerRow + 1;
  const lastRow = Math.max(sheet.headerRow, read.lastRow);
  // Every column a step reads or writes, its company's included, wherever it stands.
  const width = Math.max(...steps.map((step) => tableSpan(step).last));
  const values = read.block(firstRow, lastRow, width);
  const table: SheetTable = { firstRow, firstColumn: 1, values };
  const plans = stepPlans(recipe, steps, table, (run, distinct) =>
    freeQueries(deps.paid, run, table, distinct),
  );
  const conflicts = steps.flatMap((step) => step.conflicts);
  const columnConflicts = conflictTexts(conflicts, headers);
  const counted = recipePreviewOf(recipe.name, values.length, plans, deps.confirmAbove);
  const preview = { ...counted, columnConflicts };
  return withLostResults(preview, deps.paid.cache.lostSheet(), preview.creditsMax);
}
