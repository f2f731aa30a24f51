// Server side of the sidebar's Watches (src/shared/watch-rpc.ts): turn a bulk panel setup (a lookup
// or a recipe) into a watch, list, switch off and on, change the cap, delete. Creating a watch
// creates its columns as a bulk run would, remembers their headers, and makes sure its triggers
// run; deleting the last one removes the triggers only watches need.

import { checkConfig } from '../../core/bulk/config';
import { refuse } from '../../core/text/catalogue/sidebar/refuse';
import { onDay } from '../../core/watches/caps';
import { headersOfColumns } from '../../core/watches/fit';
import { pauseNotice } from '../../core/watches/pause';
import { checkRefresh } from '../../core/watches/refresh';
import {
  changedWatch,
  checkChange,
  checkNewWatch,
  plannedWatch,
  type SetupReads,
  watchedConfig,
} from '../../core/watches/setup';
import { checkDailyCap, newWatch } from '../../core/watches/watch';
import type { BulkPreview } from '../../shared/bulk-rpc';
import type { RecipePreview } from '../../shared/recipe-rpc';
import type { WatchChange, WatchDraft, WatchList } from '../../shared/watch-rpc';
import { appsScriptClock } from '../adapters/apps-script';
import { createColumns, headersOf } from '../adapters/bulk-sheets';
import { previewBulkRun } from '../bulk';
import { readColumnClaims } from '../bulk-run-store';
import { currentBackground, removeJobTriggerIfIdle } from '../collector/clock-trigger';
import { installDrivers } from '../collector/edit-open-triggers';
import { dayIn, executionContext } from '../context';
import { requireActiveSpreadsheet, spreadsheetZone, timeFormatter } from '../platform/spreadsheet';
import { runtimeView, watchView } from '../presenters/watches';
import { checkRecipe, previewRecipe } from '../recipes';
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

/** What planning a watch reads of this spreadsheet (core/watches/setup.ts). */
const setupReads: SetupReads = {
  headers: (sheetName, headerRow) => headersOf(sheetNamed(sheetName), headerRow),
  checkRecipe,
};

/**
 * What turning `draft` on would do, said before it is on: the bulk run's or the recipe's preview
 * over the columns it would create (its destinations, the rows it skips, what the rows already
 * there cost, since it takes them too); a column's scheduled refresh, what it buys again now.
 * Nothing is written.
 */
export function previewWatch(draft: WatchDraft): BulkPreview | RecipePreview {
  if (draft?.kind === 'recipe') return previewRecipe(draft.config);
  const { config, op } = checkConfig(draft?.config);
  const only = draft.refreshOnly ? checkRefresh(draft.refreshOnly) : null;
  if (!only) return previewBulkRun(watchedConfig(config, op));
  // A column's scheduled refresh: its refresh now, as a bulk run's, within a month's credits.
  return previewBulkRun({ ...config, refreshOlderThanDays: only.days, refreshBudget: only.monthlyCredits });
}

export function createWatch(draft: WatchDraft): WatchList {
  const ctx = context();
  const dailyCap = checkDailyCap(draft?.dailyCap);
  const only = draft?.kind === 'lookup' && draft.refreshOnly ? checkRefresh(draft.refreshOnly) : null;
  const claims = readColumnClaims(sheetNamed(draft.config.sheetName), draft.config);
  const planned = plannedWatch(draft, setupReads, claims);
  locked(ctx, () => {
    const existing = readWatches();
    checkNewWatch(existing, planned);
    const sheet = sheetNamed(planned.sheetName);
    for (const step of planned.steps) createColumns(sheet, planned.headerRow, step.layout);
    const watch = newWatch({
      ...planned,
      id: Utilities.getUuid(),
      headers: headersOfColumns(planned, headersOf(sheet, planned.headerRow)),
      dailyCap,
      day: ctx.day(),
      now: ctx.deps.client.clock.now(),
      ...(only ? { refreshOnly: true, refresh: { ...only, month: '', spent: 0 } } : {}),
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
  const checked = checkChange(change);
  locked(ctx, () => {
    const watch = readWatch(String(id));
    if (!watch) throw refuse('watches', 'gone');
    saveWatch(changedWatch(watch, checked, ctx.deps.client.clock.now()));
    writeWatchNote(readWatches());
  });
  // Switched on again: its triggers and the hourly check may have gone while none was on.
  if (checked.on === true) installDrivers();
  return listWatches();
}

export function deleteWatch(id: string): WatchList {
  const left = locked(context(), () => {
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
  const now = appsScriptClock.now();
  const zone = spreadsheetZone(spreadsheet);
  const when = timeFormatter(zone, 'MMM d, HH:mm');
  // A watch that has not run yet today spent nothing today, whatever it spent the day before.
  const day = dayIn(zone, now);
  const watches = readWatches().map((watch) => onDay(watch, day));
  const pause = readAccountPause();
  const runtime = runtimeView(readTally(), now);
  const triggers = { ...watchTriggersOf(spreadsheet), clock: currentBackground() };
  return {
    keyConfigured: ctx !== null,
    watches: watches.map((watch) => watchView(watch, pause !== null, when)),
    notice: pause ? pauseNotice(pause, triggers.clock) : null,
    runtime,
    triggers,
    timeZone: watches.some((watch) => watch.lastRunAt !== null) ? zone : '',
    clock: triggers.clock,
  };
}
