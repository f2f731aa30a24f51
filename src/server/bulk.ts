// Server side of the sidebar's bulk run (src/shared/bulk-rpc.ts): the sheet's columns, the preview
// and the start, and the calls of the sidebar's loop, each one slice of the run as core/runs/
// bulk-run.ts decides it, over the adapters here (the run's property, its sheets, the ledger).

import { checkConfig } from '../core/bulk/config';
import type { ColumnClaim } from '../core/bulk/owners';
import { type BulkRun, leaseHeld, pauseRun, progressOf, resumeRun } from '../core/bulk/run';
import type { Operation } from '../core/operations/types';

import { type BulkRunPorts, cancelBulk, continueRun, controlRun, retryFailed } from '../core/runs/bulk-run';
import { bulkPreview, shownBulkPreview } from '../core/runs/preview';
import { sheetRuns } from '../core/runs/sheet-refresh';
import { startBulk } from '../core/runs/start';
import { refuse } from '../core/text/catalogue/sidebar/refuse';
import type { BulkPreview, BulkProgress, BulkRunConfig, SheetColumns } from '../shared/bulk-rpc';
import { HEADER_ROW } from '../shared/bulk-rpc';
import { appsScriptClock } from './adapters/apps-script';
import { combinedPort, type RunSheet, readRunSheet, sheetPort } from './adapters/bulk-sheets';
import { readColumnClaims, readPastRuns, readRun, saveRun, startPorts } from './bulk-run-store';
import { keepCollecting } from './collector/clock-trigger';
import { installDrivers } from './collector/edit-open-triggers';
import type { ExecutionContext } from './context';
import { requireActiveSpreadsheet } from './platform/spreadsheet';
import { movePurchases, type RecordAccess, recordAccess } from './purchase-record';
import { recipePorts } from './recipes';
import { runPorts } from './run-ports';
import { context, previewDeps, sheetNamed } from './sidebar-call';

// --- Reading the sheet ----------------------------------------------------------------------------

export function getSheetColumns(sheetName: string | null): SheetColumns {
  const spreadsheet = requireActiveSpreadsheet();
  const sheet = sheetName ? sheetNamed(sheetName) : spreadsheet.getActiveSheet();
  const lastColumn = sheet.getLastColumn();
  const headers =
    lastColumn > 0 ? (sheet.getRange(HEADER_ROW, 1, 1, lastColumn).getDisplayValues()[0] ?? []) : [];
  const visible = spreadsheet.getSheets().filter((each) => !each.isSheetHidden());
  return {
    sheets: visible.map((each) => each.getName()),
    sheetName: sheet.getName(),
    headers,
  };
}

// --- Preview and start ------------------------------------------------------------------------------

/** The run's sheet, its columns laid out among those other inputs' runs and watches claim. */
function readOwnSheet(config: BulkRunConfig, op: Operation, claims?: ColumnClaim[]): RunSheet {
  const sheet = sheetNamed(config.sheetName);
  return readRunSheet(sheet, config, op, { claims: claims ?? readColumnClaims(sheet, config), family: null });
}

/** The configuration as checked, over the rows the user selected when the sidebar asks for them. */
function checked(raw: BulkRunConfig): ReturnType<typeof checkConfig> {
  const { config, op } = checkConfig(raw);
  if (raw.rows !== 'selection') return { config, op };
  const range = requireActiveSpreadsheet().getActiveRange();
  if (range?.getSheet().getName() !== config.sheetName) throw refuse('bulk', 'selectRows', config.sheetName);
  return { config: { ...config, rows: { first: range.getRow(), last: range.getLastRow() } }, op };
}

/** A refresh of every bulk-run column of the sheet: those the current and past runs wrote. */
function sheetRefresh(ctx: ExecutionContext, config: BulkRunConfig, confirmed?: number) {
  const runs = [readRun(), ...readPastRuns()].flatMap((run) => (run ? [run.config] : []));
  return sheetRuns(previewDeps(ctx), config, runs, readOwnSheet, confirmed);
}

export function previewBulkRun(raw: BulkRunConfig): BulkPreview {
  const ctx = context();
  const { config, op } = checked(raw);
  const { preview } =
    raw.rows === 'sheet'
      ? sheetRefresh(ctx, config)
      : bulkPreview(previewDeps(ctx), config, op, readOwnSheet(config, op));
  return shownBulkPreview(preview, config, op, ctx.settings.runHardCap, ctx.pace.rate);
}

export function startBulkRun(raw: BulkRunConfig, confirmedCredits: number): BulkProgress {
  const ctx = context();
  installDrivers();
  const { config } = checked(raw);
  // A sheet's refresh is confirmed at the price of all its columns.
  const asked = raw.rows === 'sheet' ? sheetRefresh(ctx, config, confirmedCredits).run : config;
  const run = startColumn(ctx, asked, confirmedCredits);
  // Read once the run exists: read before the sheet was, it would make the run's work look not
  // due yet, and the sidebar would wait a second before its first slice.
  return progressOf(run, ctx.deps.client.clock.now());
}

/** Starts a column's run at the price confirmed (a sheet's refresh: the sheet's, confirmed at its start). */
function startColumn(ctx: ExecutionContext, config: BulkRunConfig, confirmedCredits: number) {
  const { op } = checkConfig(config);
  const claims = readColumnClaims(sheetNamed(config.sheetName), config);
  const read = (next: BulkRunConfig) => readOwnSheet(next, op, claims);
  return startBulk(startPorts(ctx), previewDeps(ctx), config, op, read, confirmedCredits);
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
    startColumn: (config) => startColumn(ctx, config, Number.POSITIVE_INFINITY),
  };
}

export const continueBulkRun = (runId: string): BulkProgress => continueRun(bulkRunPorts(context()), runId);

const control = (runId: string, change: (run: BulkRun, now: number) => BulkRun) =>
  controlRun(bulkRunPorts(context()), runId, change);

export const pauseBulkRun = (runId: string): BulkProgress => control(runId, pauseRun);

export const resumeBulkRun = (runId: string): BulkProgress => control(runId, resumeRun);

export const cancelBulkRun = (runId: string): BulkProgress => cancelBulk(bulkRunPorts(context()), runId);

export const retryFailedRows = (runId: string): BulkProgress => control(runId, retryFailed);

/** Needs no API key: a sidebar opened before the key is set shows the last run too. */
export function getBulkRun(): BulkProgress | null {
  const run = readRun();
  if (!run) return null;
  const now = appsScriptClock.now();
  return progressOf(run, now, run.state === 'running' && leaseHeld(run, now));
}
