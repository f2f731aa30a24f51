// Server side of the sidebar's bulk run (src/shared/bulk-rpc.ts): the sheet's columns, the preview
// and the start, and the calls of the sidebar's loop, each one slice of the run as core/runs/
// bulk-run.ts decides it, over the adapters here (the run's property, its sheets, the ledger).

import { checkConfig } from '../core/bulk/config';
import { runConfirmation } from '../core/bulk/confirmation';
import { freeQueries } from '../core/bulk/free-queries';
import { perLookupEstimate, planRows, previewOf } from '../core/bulk/plan';
import { clearedRows, refreshCutoff, staleRows, withRefresh } from '../core/bulk/refresh';
import { type BulkRun, cancelRun, leaseHeld, pauseRun, resumeRun, startRefusal } from '../core/bulk/run';
import { cellBlocks } from '../core/bulk/slice/row-values';
import { resultKey } from '../core/cache/keys';
import { withLostResults } from '../core/cache/lost';
import type { Operation } from '../core/operations/types';
import { progressWithRecipe } from '../core/recipes/progress';
import { type BulkRunPorts, continueRun, controlRun, retryFailed } from '../core/runs/bulk-run';
import { BULK_TEXTS } from '../core/text/catalogue/sidebar/bulk';
import { sendingAtPace } from '../core/text/duration';
import type { BulkPreview, BulkProgress, BulkRunConfig, SheetColumns } from '../shared/bulk-rpc';
import { appsScriptClock, digestHashPort } from './adapters/apps-script';
import { combinedPort, type RunSheet, readRunSheet, sheetPort } from './adapters/bulk-sheets';
import { beginRun, readColumnClaims, readRun, saveRun } from './bulk-run-store';
import { keepCollecting } from './collector/clock-trigger';
import { installDrivers } from './collector/edit-open-triggers';
import type { ExecutionContext } from './context';
import { requireActiveSpreadsheet } from './platform/spreadsheet';
import { movePurchases, type RecordAccess, recordAccess } from './purchase-record';
import { recipePorts } from './recipes';
import { runPorts } from './run-ports';
import { context, paidAnswers, sheetNamed } from './sidebar-call';

const HEADER_ROW = 1;

// --- Reading the sheet ----------------------------------------------------------------------------

export function getSheetColumns(sheetName: string | null): SheetColumns {
  const spreadsheet = requireActiveSpreadsheet();
  const sheet = sheetName ? sheetNamed(sheetName) : spreadsheet.getActiveSheet();
  const lastColumn = sheet.getLastColumn();
  const headers =
    lastColumn > 0 ? (sheet.getRange(HEADER_ROW, 1, 1, lastColumn).getDisplayValues()[0] ?? []) : [];
  return {
    sheets: spreadsheet
      .getSheets()
      .filter((each) => !each.isSheetHidden())
      .map((each) => each.getName()),
    sheetName: sheet.getName(),
    headerRow: HEADER_ROW,
    headers,
    lastRow: sheet.getLastRow(),
  };
}

// --- Preview and start ------------------------------------------------------------------------------

interface Previewed {
  preview: BulkPreview;
  /** What a refresh asked for buys again; null when none was asked. */
  refresh: { cutoff: number; rows: number[] } | null;
}

function computePreview(
  ctx: ExecutionContext,
  config: BulkRunConfig,
  op: Operation,
  prepared: RunSheet,
): Previewed {
  const { layout, table, firstRow, lastRow } = prepared;
  const plan = planRows(op, config, layout, table, firstRow, lastRow);
  const days = config.refreshOlderThanDays;
  const cutoff = days === undefined ? undefined : refreshCutoff(ctx.deps.client.clock.now(), days);
  const free = freeQueries(paidAnswers(ctx), config, layout, table, plan.distinct, cutoff);
  const lost = ctx.deps.cache.lostSheet();
  const counted = {
    ...previewOf(op, config, layout, plan, firstRow, free, ctx.settings.confirmAbove),
    columnConflicts: prepared.conflicts,
  };
  const preview = withLostResults(counted, lost, counted.estimatedCredits);
  if (days === undefined || cutoff === undefined) return { preview, refresh: null };
  const stale = staleRows({
    op,
    config,
    table,
    plan,
    firstRow,
    saved: (keys) => ctx.deps.cache.getMany(keys, undefined, 'skip'),
    keyOf: (request) => resultKey(digestHashPort, ctx.scope, request),
    cutoff,
    buying: new Set(plan.distinct.map((item) => item.query).filter((query) => !free.has(query))),
  });
  const refreshed = withRefresh(preview, days, stale, ctx.settings.confirmAbove);
  return {
    preview: withLostResults(refreshed, lost, refreshed.estimatedCredits),
    refresh: { cutoff, rows: stale.rows },
  };
}

/** The run's sheet, its columns laid out among those other inputs' runs and watches claim. */
function readOwnSheet(config: BulkRunConfig, op: Operation, claims = readColumnClaims()): RunSheet {
  return readRunSheet(sheetNamed(config.sheetName), config, op, { claims, family: null });
}

export function previewBulkRun(raw: BulkRunConfig): BulkPreview {
  const ctx = context();
  const { config, op } = checkConfig(raw);
  const { preview } = computePreview(ctx, config, op, readOwnSheet(config, op));
  const perLookup = perLookupEstimate(op, config);
  const pace = ctx.pace.rate;
  return {
    ...preview,
    confirmation: runConfirmation(preview, perLookup, ctx.settings.runHardCap),
    ...(preview.toLookUp > 0 ? { sendingTime: sendingAtPace(preview.toLookUp, pace) } : {}),
  };
}

export function startBulkRun(raw: BulkRunConfig, confirmedCredits: number): BulkProgress {
  const ctx = context();
  installDrivers();
  const { config, op } = checkConfig(raw);
  const claims = readColumnClaims();
  let prepared = readOwnSheet(config, op, claims);
  if (prepared.lastRow < prepared.firstRow) throw new Error(BULK_TEXTS.noRows.text);
  const { preview, refresh } = computePreview(ctx, config, op, prepared);
  if (preview.needsConfirmation && !(Number(confirmedCredits) >= preview.estimatedCredits)) {
    throw new Error(BULK_TEXTS.confirmRunFirst.say(preview.estimatedCredits, ctx.settings.confirmAbove));
  }
  // The user saw what the deleted hidden sheet lost and confirmed the price: the run goes on without it.
  if (preview.lostResults !== undefined) ctx.deps.cache.acceptLostSheet();
  if (refresh) {
    // Checked before any row is cleared: a refusal must leave the sheet as it was.
    const refusal = startRefusal(readRun());
    if (refusal !== null) throw new Error(refusal);
    clearRows(prepared, refresh.rows);
    config.paidAfter = refresh.cutoff;
    prepared = readOwnSheet(config, op, claims);
  }
  const now = ctx.deps.client.clock.now();
  const run = beginRun(ctx, config, op, prepared, null);
  return progressWithRecipe(run, now);
}

/** Empties the outputs and status of the rows a refresh buys again. */
function clearRows(prepared: RunSheet, rows: readonly number[]): void {
  if (rows.length === 0) return;
  const { layout } = prepared;
  const columns = [...layout.outputs, layout.status].map((column) => column.column);
  sheetPort(prepared.sheet).write(cellBlocks(clearedRows(rows, layout), columns));
}

// --- Slices -----------------------------------------------------------------------------------------

/** Where the spreadsheet's run is kept, its sheets, and what follows a slice (core/runs/bulk-run.ts). */
function bulkRunPorts(ctx: ExecutionContext): BulkRunPorts {
  let record: RecordAccess | null = null;
  return {
    ...runPorts(ctx),
    ...recipePorts(ctx),
    saveRun,
    sheet: (name) => {
      const sheet = requireActiveSpreadsheet().getSheetByName(name);
      return sheet ? sheetPort(sheet) : null;
    },
    combined: (name, op) => combinedPort(requireActiveSpreadsheet(), name, op),
    movePurchases: () => {
      record ??= recordAccess();
      movePurchases(record, ctx.day());
    },
    keepCollecting,
  };
}

export function continueBulkRun(runId: string): BulkProgress {
  return continueRun(bulkRunPorts(context()), runId);
}

const control = (runId: string, change: (run: BulkRun, now: number) => BulkRun) =>
  controlRun(bulkRunPorts(context()), runId, change);

export function pauseBulkRun(runId: string): BulkProgress {
  return control(runId, pauseRun);
}

export function resumeBulkRun(runId: string): BulkProgress {
  return control(runId, resumeRun);
}

export function cancelBulkRun(runId: string): BulkProgress {
  return control(runId, cancelRun);
}

export function retryFailedRows(runId: string): BulkProgress {
  return control(runId, retryFailed);
}

/** Needs no API key: a sidebar opened before the key is set shows the last run too. */
export function getBulkRun(): BulkProgress | null {
  const run = readRun();
  if (!run) return null;
  const now = appsScriptClock.now();
  return progressWithRecipe(run, now, run.state === 'running' && leaseHeld(run, now));
}
