// Server side of the sidebar's Watches (src/shared/watch-rpc.ts): turn a bulk panel setup (a lookup
// or a recipe) into a watch, list, switch off and on, change the cap, delete. Creating a watch
// creates its columns as a bulk run would, remembers their headers, and makes sure its triggers
// run; deleting the last one removes the triggers only watches need.

import { checkConfig } from '../../core/bulk/config';
import { ownLayout } from '../../core/bulk/layout';
import type { ColumnClaim } from '../../core/bulk/owners';
import { recipeFamily } from '../../core/bulk/owners';
import { plannedSteps } from '../../core/recipes/step-plans';
import { WATCHES_TEXTS } from '../../core/text/catalogue/sidebar/watches';
import { onDay } from '../../core/watches/caps';
import { headersOfColumns } from '../../core/watches/fit';
import { checkDailyCap, MAX_WATCHES, newWatch, type Watch, type WatchStep } from '../../core/watches/watch';
import type { WatchChange, WatchDraft, WatchList } from '../../shared/watch-rpc';
import { appsScriptClock } from '../adapters/apps-script';
import { createColumns, headersOf } from '../adapters/bulk-sheets';
import { readColumnClaims } from '../bulk-run-store';
import { currentBackground, removeJobTriggerIfIdle } from '../collector/clock-trigger';
import { installDrivers } from '../collector/edit-open-triggers';
import { executionContext, today } from '../context';
import { requireActiveSpreadsheet, spreadsheetZone, timeFormatter } from '../platform/spreadsheet';
import { watchListView } from '../presenters/watches';
import { checkRecipe } from '../recipes';
import { context, locked, sheetNamed } from '../sidebar-call';
import { readTally } from './runtime-tally';
import {
  deleteWatchRecord,
  readAccountPause,
  readWatch,
  readWatches,
  saveAccountPause,
  saveWatch,
  writeWatchNote,
} from './store';
import { watchTriggersOf } from './triggers';

interface Planned {
  sheetName: string;
  headerRow: number;
  label: string;
  family?: string;
  steps: WatchStep[];
}

/**
 * A lookup's watch: its configuration checked as a bulk run's, its columns laid out the same way,
 * never in a column another input's run or watch claims (`claims`).
 */
function lookupPlan(draft: Extract<WatchDraft, { kind: 'lookup' }>, claims: readonly ColumnClaim[]): Planned {
  const { config, op } = checkConfig(draft.config);
  // Employee lists go to a sheet each: a watch has no combined sheet of its own.
  const watched =
    op.shape === 'employees' ? { ...config, employeesTo: 'sheet-per-company' as const } : config;
  const headers = headersOf(sheetNamed(config.sheetName), config.headerRow);
  const { layout } = ownLayout(op, watched, headers, { claims, family: null });
  return {
    sheetName: config.sheetName,
    headerRow: config.headerRow,
    label: op.label,
    steps: [{ config: watched, layout }],
  };
}

/** A recipe's watch: every step's configuration and columns as its run would create them. */
function recipePlan(draft: Extract<WatchDraft, { kind: 'recipe' }>, claims: readonly ColumnClaim[]): Planned {
  const { recipe, sheet } = checkRecipe(draft.config);
  const headers = headersOf(sheetNamed(sheet.sheetName), sheet.headerRow);
  const steps = plannedSteps(recipe, sheet, headers, claims).map(({ config, layout }) => ({
    config,
    layout,
  }));
  return {
    sheetName: sheet.sheetName,
    headerRow: sheet.headerRow,
    label: recipe.name,
    family: recipeFamily(recipe.id, sheet.slots),
    steps,
  };
}

const sameSetup = (a: Pick<Watch, 'sheetName' | 'steps'>, b: Pick<Watch, 'sheetName' | 'steps'>) =>
  a.sheetName === b.sheetName && JSON.stringify(a.steps) === JSON.stringify(b.steps);

export function createWatch(draft: WatchDraft): WatchList {
  const ctx = context();
  const dailyCap = checkDailyCap(draft?.dailyCap);
  const claims = readColumnClaims();
  const planned =
    draft?.kind === 'recipe'
      ? recipePlan(draft, claims)
      : lookupPlan(draft as Extract<WatchDraft, { kind: 'lookup' }>, claims);
  locked(ctx, () => {
    const existing = readWatches();
    if (existing.length >= MAX_WATCHES) throw new Error(WATCHES_TEXTS.atMost.say(MAX_WATCHES));
    if (existing.some((watch) => sameSetup(watch, planned)))
      throw new Error(WATCHES_TEXTS.watchedAlready.text);
    const sheet = sheetNamed(planned.sheetName);
    for (const step of planned.steps) createColumns(sheet, planned.headerRow, step.layout);
    const watch = newWatch({
      ...planned,
      id: Utilities.getUuid(),
      headers: headersOfColumns(planned, headersOf(sheet, planned.headerRow)),
      dailyCap,
      day: ctx.day(),
      now: ctx.deps.client.clock.now(),
    });
    saveWatch(watch);
    writeWatchNote([...existing, watch]);
  });
  // The Edit, Open, Change and Form-submit triggers, and the hourly check.
  installDrivers();
  return listWatches();
}

export function updateWatch(id: string, change: WatchChange): WatchList {
  const ctx = context();
  const cap = change?.dailyCap === undefined ? undefined : checkDailyCap(change.dailyCap);
  locked(ctx, () => {
    const watch = readWatch(String(id));
    if (!watch) throw new Error(WATCHES_TEXTS.gone.text);
    const next: Watch = { ...watch, updatedAt: ctx.deps.client.clock.now() };
    if (change?.on !== undefined) {
      next.on = change.on === true;
      // Switched on again: its columns are checked afresh at its next run.
      if (next.on && watch.pause?.kind === 'misfit') next.pause = null;
    }
    if (cap !== undefined) {
      next.dailyCap = cap;
      if (watch.pause?.kind === 'cap' && cap > watch.spentToday) next.pause = null;
    }
    saveWatch(next);
    writeWatchNote(readWatches());
  });
  // Switched on again: its triggers and the hourly check may have gone while none was on.
  if (change?.on === true) installDrivers();
  return listWatches();
}

export function deleteWatch(id: string): WatchList {
  const ctx = context();
  const left = locked(ctx, () => {
    deleteWatchRecord(String(id));
    const watches = readWatches();
    writeWatchNote(watches);
    return watches.length;
  });
  if (left === 0) {
    installDrivers();
    removeJobTriggerIfIdle();
  }
  return listWatches();
}

/** A key that works, or a new one: every watch paused by the API goes on. */
export function resumeWatches(): void {
  if (readAccountPause()) saveAccountPause(null);
}

export function listWatches(): WatchList {
  const spreadsheet = requireActiveSpreadsheet();
  const ctx = executionContext({ canWriteSheets: false });
  const when = timeFormatter(spreadsheet, 'MMM d, HH:mm');
  const now = appsScriptClock.now();
  // A watch that has not run yet today spent nothing today, whatever it spent the day before.
  const day = today(now, spreadsheet);
  return watchListView({
    keyConfigured: ctx !== null,
    watches: readWatches().map((watch) => onDay(watch, day)),
    pause: readAccountPause(),
    tally: readTally(),
    now,
    when,
    timeZone: spreadsheetZone(spreadsheet),
    triggers: { ...watchTriggersOf(spreadsheet), clock: currentBackground() },
  });
}
