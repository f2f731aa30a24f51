// What the sidebar's Watches calls decide (server/watches/api.ts): the watch a bulk panel's setup
// (a lookup or a recipe) makes, laid out as its run would lay its columns, never in a column
// another input's run or watch claims; whether one more may be made; what a change from the list
// does to a watch. The server reads the sheet's header row and the store, and keeps the triggers.

import type { BulkRunConfig } from '../../shared/bulk-rpc';
import type { Recipe, RecipeRunConfig } from '../../shared/recipe-rpc';
import type { WatchChange, WatchDraft } from '../../shared/watch-rpc';
import { checkConfig } from '../bulk/config';
import { ownLayout } from '../bulk/layout';
import { type ColumnClaim, recipeFamily } from '../bulk/owners';
import type { Operation } from '../operations/types';
import { plannedSteps } from '../recipes/step-plans';
import type { RecipeSheet } from '../recipes/steps';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { checkRefresh } from './refresh';
import { checkDailyCap, MAX_WATCHES, type Watch } from './watch';

/** A watch as its setup plans it, before it is made (watch.ts newWatch). */
export type PlannedWatch = Pick<Watch, 'sheetName' | 'headerRow' | 'label' | 'family' | 'steps'>;

/** What planning a watch reads: a sheet's header row, and the recipe a setup names, checked. */
export interface SetupReads {
  headers(sheetName: string, headerRow: number): unknown[];
  checkRecipe(raw: RecipeRunConfig): { recipe: Recipe; sheet: RecipeSheet };
}

/**
 * The watch `draft` sets up, its columns laid out among `claims`; throws a message to show. A
 * lookup's: its configuration checked as a bulk run's, its columns laid out the same way, never in
 * a column another input's run or watch claims. A recipe's: every step's configuration and columns
 * as its run would create them.
 */
export function plannedWatch(
  draft: WatchDraft,
  reads: SetupReads,
  claims: readonly ColumnClaim[],
): PlannedWatch {
  if (draft?.kind === 'recipe') {
    const { recipe, sheet } = reads.checkRecipe(draft.config);
    const headers = reads.headers(sheet.sheetName, sheet.headerRow);
    const planned = plannedSteps(recipe, sheet, headers, claims);
    const steps = planned.map(({ config, layout }) => ({ config, layout }));
    const family = recipeFamily(recipe.id, sheet.slots);
    return { sheetName: sheet.sheetName, headerRow: sheet.headerRow, label: recipe.name, family, steps };
  }
  const { config, op } = checkConfig((draft as Extract<WatchDraft, { kind: 'lookup' }>).config);
  const watched = watchedConfig(config, op);
  const headers = reads.headers(config.sheetName, config.headerRow);
  const { layout } = ownLayout(op, watched, headers, { claims, family: null });
  const steps = [{ config: watched, layout }];
  return { sheetName: config.sheetName, headerRow: config.headerRow, label: op.label, steps };
}

/** A lookup's configuration as a watch runs it: employee lists go to a sheet each (no combined sheet). */
export function watchedConfig(config: BulkRunConfig, op: Operation): BulkRunConfig {
  return op.shape === 'employees' ? { ...config, employeesTo: 'sheet-per-company' } : config;
}

const sameSetup = (a: Pick<Watch, 'sheetName' | 'steps'>, b: Pick<Watch, 'sheetName' | 'steps'>) =>
  a.sheetName === b.sheetName && JSON.stringify(a.steps) === JSON.stringify(b.steps);

/** Refuses one watch too many, or a second watch of the same setup; throws a message to show. */
export function checkNewWatch(existing: readonly Watch[], planned: PlannedWatch): void {
  if (existing.length >= MAX_WATCHES) throw refuse('watches', 'atMost', MAX_WATCHES);
  if (existing.some((watch) => sameSetup(watch, planned))) throw refuse('watches', 'watchedAlready');
}

/** A change from the Watches list as the server may trust it; throws a message to show. */
export interface CheckedChange {
  on?: boolean;
  dailyCap?: number;
  refresh?: WatchChange['refresh'];
}

export function checkChange(change: WatchChange | undefined): CheckedChange {
  const dailyCap = change?.dailyCap === undefined ? undefined : checkDailyCap(change.dailyCap);
  return {
    ...(change?.on === undefined ? {} : { on: change.on === true }),
    ...(dailyCap === undefined ? {} : { dailyCap }),
    ...(change?.refresh === undefined ? {} : { refresh: checkRefresh(change.refresh) }),
  };
}

/** `watch` as `change` leaves it at `now`: a pause its change ends ends with it. */
export function changedWatch(watch: Watch, change: CheckedChange, now: number): Watch {
  const next: Watch = { ...watch, updatedAt: now };
  if (change.on !== undefined) {
    next.on = change.on;
    // Switched on again: its columns are checked afresh at its next run.
    if (next.on && watch.pause?.kind === 'misfit') next.pause = null;
  }
  if (change.dailyCap !== undefined) {
    next.dailyCap = change.dailyCap;
    if (watch.pause?.kind === 'cap' && change.dailyCap > watch.spentToday) next.pause = null;
  }
  if (change.refresh === null) delete next.refresh;
  else if (change.refresh) next.refresh = { month: '', spent: 0, ...watch.refresh, ...change.refresh };
  return next;
}
