// A refresh over a whole sheet (issue 41): every bulk-run column of the sheet within one budget,
// the oldest answers first across the columns. No run of its own: each column is refreshed by its
// bulk run, one after the other (BulkRunConfig.nextColumns), all under one cutoff (just after the
// newest answer the budget pays for), each with its share of the budget, so that answers of that
// same age past the budget stay. Preview, confirmation, caps, progress, notes and resume are the
// bulk run's; the summary's counts go on from one column's run to the next.
import type { BulkPreview, BulkRunConfig } from '../../shared/bulk-rpc';
import { perLookupEstimate } from '../bulk/plan';
import type { BulkRun } from '../bulk/run';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { roundCredits } from '../text/credits';
import { bulkPreview, type PreviewDeps, type ReadSheet } from './preview';
import type { RecipeRunPorts } from './recipe-steps';

/** The sheet's bulk-run columns (the asked one first, then the runs'), each with the user's refresh. */
function sheetColumns(asked: BulkRunConfig, runs: readonly BulkRunConfig[]): BulkRunConfig[] {
  const { refreshOlderThanDays, refreshOrder } = asked;
  const columns = new Map<string, BulkRunConfig>();
  const all = [asked, ...runs];
  for (const { sheetName, headerRow, type, columns: inputs, output, options, employeesTo } of all) {
    // Employee lists are not refreshed in place (bulk/config.ts).
    if (sheetName !== asked.sheetName || employeesTo !== undefined) continue;
    const column = { sheetName, headerRow, type, columns: inputs, output, ...(options ? { options } : {}) };
    // One lookup over the same inputs writes the same columns (bulk/owners.ts): one run each.
    const key = JSON.stringify([type, inputs, options]);
    if (!columns.has(key))
      columns.set(key, { ...column, refreshOlderThanDays, ...(refreshOrder ? { refreshOrder } : {}) });
  }
  return [...columns.values()];
}

type ReadColumn = (config: BulkRunConfig, op: Operation) => ReadSheet;

/**
 * A sheet's refresh: the run of its first column, the others to follow (`nextColumns`), and their
 * previews as one; refused when `confirmed` is given and falls short of a price that needs a yes.
 * A sheet with nothing to refresh is the asked column's run.
 */
export function sheetRuns(
  deps: PreviewDeps,
  asked: BulkRunConfig,
  runs: readonly BulkRunConfig[],
  read: ReadColumn,
  confirmed?: number,
): { run: BulkRunConfig; preview: BulkPreview } {
  const found = sheetRefresh(deps, asked, runs, read);
  const columns = found.length > 0 ? found : [asked];
  const [first, ...rest] = columns as [BulkRunConfig, ...BulkRunConfig[]];
  const previews = columns.map((config) => previewColumn(deps, read, config).preview);
  const preview = sheetPreview(previews, deps.confirmAbove);
  const short = confirmed !== undefined && !(Number(confirmed) >= preview.estimatedCredits);
  if (preview.needsConfirmation && short)
    throw refuse('bulk', 'confirmRunFirst', preview.estimatedCredits, deps.confirmAbove);
  return { run: rest.length > 0 ? { ...first, nextColumns: rest } : first, preview };
}

/** A column's run previewed over its sheet as `read` reads it. */
function previewColumn(deps: PreviewDeps, read: ReadColumn, config: BulkRunConfig) {
  const op = operationByType(config.type)!;
  return { op, ...bulkPreview(deps, config, op, read(config, op)) };
}

/**
 * The columns' runs of a sheet's refresh, in turn: those with an answer the budget pays for, the
 * oldest of every column first. Empty when none has one.
 */
function sheetRefresh(
  deps: PreviewDeps,
  asked: BulkRunConfig,
  runs: readonly BulkRunConfig[],
  read: ReadColumn,
): BulkRunConfig[] {
  const columns = sheetColumns(asked, runs);
  const aged = columns.flatMap((config, index) => {
    const { op, refresh } = previewColumn(deps, read, config);
    const perLookup = perLookupEstimate(op, config);
    return (refresh?.ages ?? []).map((at) => ({ at, index, perLookup }));
  });
  aged.sort((a, b) => a.at - b.at || a.index - b.index);
  const shares = columns.map(() => 0);
  // Confirmed as one run, it is capped as one: the per-run cap bounds all its columns.
  const cap = deps.runHardCap ?? 0;
  let left = Math.min(asked.refreshBudget ?? Infinity, cap > 0 ? cap : Infinity);
  let cutoff = 0;
  for (const { at, index, perLookup } of aged) {
    if (perLookup > left + 1e-9) break;
    left -= perLookup;
    shares[index] = roundCredits(shares[index]! + perLookup);
    cutoff = at + 1;
  }
  return columns
    .map((config, index) => ({ ...config, refreshBefore: cutoff, refreshBudget: shares[index]! }))
    .filter((config) => config.refreshBudget > 0);
}

/** The columns' previews as one: each count of them all (the refresh's too), and its price. */
function sheetPreview(previews: readonly BulkPreview[], confirmAbove: number): BulkPreview {
  const [first] = previews as [BulkPreview];
  const summed = <T extends object>(pick: (preview: BulkPreview) => T): T => {
    const sum = (key: string) =>
      roundCredits(previews.reduce((total, each) => total + Number(pick(each)[key as keyof T] ?? 0), 0));
    const entries = Object.entries(pick(first)).map(([key, value]) => [
      key,
      typeof value === 'number' ? sum(key) : value,
    ]);
    return Object.fromEntries(entries) as T;
  };
  if (previews.length === 1 || !first.refresh) return first;
  const all = summed((preview) => preview);
  const refresh = { ...summed((preview) => preview.refresh ?? first.refresh!), days: first.refresh.days };
  return { ...all, refresh, needsConfirmation: all.estimatedCredits > confirmAbove };
}

/** Where a sheet's refresh starts the run of its next column, its price confirmed already. */
export interface NextColumnPorts extends Pick<RecipeRunPorts, 'locked' | 'readRun'> {
  saveRun(run: BulkRun): void;
  startColumn(config: BulkRunConfig): BulkRun;
}

/** After a slice: a column's refresh that is done starts the next column's, its counts carried on. */
export function nextColumn(ports: NextColumnPorts, run: BulkRun): BulkRun {
  const [next, ...rest] = run.config.nextColumns ?? [];
  if (run.state !== 'done' || !next) return run;
  // Two sidebars may both see the column done: the first starts the next one, the second shows it.
  return ports.locked(() => {
    const current = ports.readRun();
    if (current && current.id !== run.id) return current;
    const started = ports.startColumn(rest.length > 0 ? { ...next, nextColumns: rest } : next);
    const carried = run.refreshed ? { ...started, refreshed: run.refreshed } : started;
    ports.saveRun(carried);
    return carried;
  });
}
