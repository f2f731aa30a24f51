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
import { roundCredits } from '../text/credits';
import { bulkPreview, type PreviewDeps, type ReadSheet } from './preview';
import type { RecipeRunPorts } from './recipe-steps';

const opOf = (config: BulkRunConfig): Operation => operationByType(config.type)!;

/** The sheet's bulk-run columns (the asked one first, then the runs'), each with the user's refresh. */
function sheetColumns(asked: BulkRunConfig, runs: readonly BulkRunConfig[]): BulkRunConfig[] {
  const { refreshOlderThanDays, refreshOrder } = asked;
  const columns = new Map<string, BulkRunConfig>();
  for (const { sheetName, headerRow, type, columns: inputs, output, options, employeesTo } of [
    asked,
    ...runs,
  ]) {
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

/**
 * The columns' runs of a sheet's refresh, in turn: those with an answer the budget pays for, the
 * oldest of every column first. Empty when none has one.
 */
export function sheetRefresh(
  deps: PreviewDeps,
  asked: BulkRunConfig,
  runs: readonly BulkRunConfig[],
  read: (config: BulkRunConfig, op: Operation) => ReadSheet,
): BulkRunConfig[] {
  const { refreshBudget: budget, ...unbudgeted } = asked;
  const columns = sheetColumns(unbudgeted, runs);
  const aged = columns.flatMap((config, index) => {
    const op = opOf(config);
    const { refresh } = bulkPreview(deps, config, op, read(config, op));
    const perLookup = perLookupEstimate(op, config);
    return (refresh?.ages ?? []).map((at) => ({ at, index, perLookup }));
  });
  aged.sort((a, b) => a.at - b.at || a.index - b.index);
  const shares = columns.map(() => 0);
  // Confirmed as one run, it is capped as one: the per-run cap bounds all its columns.
  const cap = deps.runHardCap ?? 0;
  let left = Math.min(budget ?? Number.POSITIVE_INFINITY, cap > 0 ? cap : Number.POSITIVE_INFINITY);
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

/** The columns' previews as one: what the sheet's refresh counts, buys and costs in all. */
export function sheetPreview(previews: readonly BulkPreview[], confirmAbove: number): BulkPreview {
  const sum = (pick: (preview: BulkPreview) => number | undefined) =>
    roundCredits(previews.reduce((total, preview) => total + (pick(preview) ?? 0), 0));
  const [first] = previews as [BulkPreview];
  if (previews.length === 1) return first;
  const estimatedCredits = sum((preview) => preview.estimatedCredits);
  return {
    ...first,
    rows: sum((preview) => preview.rows),
    alreadyFilled: sum((preview) => preview.alreadyFilled),
    notFoundBefore: sum((preview) => preview.notFoundBefore),
    toLookUp: sum((preview) => preview.toLookUp),
    estimatedCredits,
    needsConfirmation: estimatedCredits > confirmAbove,
    refresh: {
      days: first.refresh?.days ?? 0,
      rows: sum((preview) => preview.refresh?.rows),
      lookups: sum((preview) => preview.refresh?.lookups),
      credits: sum((preview) => preview.refresh?.credits),
    },
  };
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
