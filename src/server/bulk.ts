// Server side of the sidebar's bulk run (src/shared/bulk-rpc.ts). The sidebar drives a run as a
// loop of continueBulkRun calls; each does one bounded slice (src/core/bulk/slice/) and saves the
// run in one document property, so a closed sidebar or a killed execution loses nothing. A lease
// in that property (core/bulk/lease.ts), taken under the document lock, keeps two sidebars off the
// same rows.

import { checkConfig } from '../core/bulk/config';
import { type ColumnLayout, layoutColumns } from '../core/bulk/layout';
import { releaseLease, takeSlice } from '../core/bulk/lease';
import {
  answeredRows,
  planRows,
  previewOf,
  rowSignature,
  type SheetTable,
  tableSpan,
} from '../core/bulk/plan';
import {
  BULK_RUN_PROPERTY,
  type BulkRun,
  cancelRun,
  leaseHeld,
  mergeAfterSlice,
  newRun,
  parseRun,
  pauseRun,
  progressOf,
  resumeRun,
  retryRun,
  serializeRun,
} from '../core/bulk/run';
import { SLICE_LIMITS } from '../core/bulk/slice/ports';
import { runSlice } from '../core/bulk/slice/slice';
import { resultKey } from '../core/cache/keys';
import { uniqueSheetName } from '../core/jobs/employee-sheet';
import { pumpOnce } from '../core/jobs/pump';
import { isPending, readJobs } from '../core/jobs/registry';
import type { Operation } from '../core/operations/types';
import { BUSY, tryWithLock } from '../core/platform/locked-section';
import { asLiteralForSheet } from '../core/text/sheet-literal';
import type { BulkPreview, BulkProgress, BulkRunConfig, SheetColumns } from '../shared/bulk-rpc';
import { appsScriptClock, digestHashPort } from './adapters/apps-script';
import { combinedPort, combinedSheet, readBlock, sheetPort } from './adapters/bulk-sheets';
import { listSheetPort } from './adapters/employee-sheets';
import { type ExecutionContext, executionContext } from './context';
import { installDrivers } from './drivers';
import { keepCollecting } from './pump';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const HEADER_ROW = 1;
const LOCK_WAIT_MS = 5_000;
const PUMP_LOCK_WAIT_MS = 3_000;
const DAY_MS = 86_400_000;

function context(): ExecutionContext {
  // A sidebar call may write sheets: the cache keeps every paid answer in its hidden sheet too.
  const found = executionContext({ canWriteSheets: true });
  if (!found) throw new Error('Set your API key first (API key, above).');
  return found;
}

function activeSpreadsheet(): Spreadsheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;
  if (!spreadsheet) throw new Error('Open a spreadsheet first.');
  return spreadsheet;
}

function sheetNamed(name: string): Sheet {
  const sheet = activeSpreadsheet().getSheetByName(name);
  if (!sheet) throw new Error(`There is no sheet named "${name}" any more.`);
  return sheet;
}

const properties = () => PropertiesService.getDocumentProperties();
const readRun = () => parseRun(properties().getProperty(BULK_RUN_PROPERTY));
const saveRun = (run: BulkRun) => properties().setProperty(BULK_RUN_PROPERTY, serializeRun(run));

function locked<T>(ctx: ExecutionContext, work: () => T): T {
  const answer = tryWithLock(ctx.deps.lock, LOCK_WAIT_MS, work);
  if (answer === BUSY) throw new Error('The spreadsheet is busy; try again in a moment.');
  return answer;
}

/** The run by id, under the lock; throws when another run has replaced it. */
function currentRun(runId: string): BulkRun {
  const run = readRun();
  if (!run || run.id !== String(runId))
    throw new Error('This run is no longer the current one; reopen the sidebar.');
  return run;
}

// --- Reading the sheet ----------------------------------------------------------------------------

function headersOf(sheet: Sheet, headerRow: number): unknown[] {
  const lastColumn = sheet.getLastColumn();
  return lastColumn > 0 ? (sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0] ?? []) : [];
}

interface Prepared {
  sheet: Sheet;
  layout: ColumnLayout;
  table: SheetTable;
  firstRow: number;
  lastRow: number;
}

function prepare(config: BulkRunConfig, op: Operation): Prepared {
  const sheet = sheetNamed(config.sheetName);
  const layout = layoutColumns(op, config, headersOf(sheet, config.headerRow));
  const firstRow = config.headerRow + 1;
  const lastRow = Math.max(config.headerRow, sheet.getLastRow());
  const span = tableSpan(config, layout);
  const values = readBlock(sheet, firstRow, lastRow, span.first, span.last);
  return { sheet, layout, table: { firstRow, firstColumn: span.first, values }, firstRow, lastRow };
}

export function getSheetColumns(sheetName: string | null): SheetColumns {
  const spreadsheet = activeSpreadsheet();
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

function computePreview(ctx: ExecutionContext, config: BulkRunConfig, op: Operation, prepared: Prepared) {
  const { layout, table, firstRow, lastRow } = prepared;
  const plan = planRows(op, config, layout, table, firstRow, lastRow);
  const keys = plan.distinct.map((item) => resultKey(digestHashPort, ctx.scope, item.request));
  const cached = ctx.deps.cache.getMany(keys);
  // A job already started for the same query is paid once, whoever started it.
  const started = new Set(
    readJobs(ctx.deps.store)
      .filter(isPending)
      .map((job) => job.key),
  );
  const answered = answeredRows(config, layout, table, firstRow, lastRow);
  const free = new Set(
    plan.distinct
      .filter((item, i) => {
        const key = keys[i]!;
        return cached.has(key) || started.has(key) || answered.has(rowSignature(config, table, item.row));
      })
      .map((item) => item.query),
  );
  return previewOf(op, config, layout, plan, firstRow, free, ctx.settings.confirmAbove);
}

export function previewBulkRun(raw: BulkRunConfig): BulkPreview {
  const ctx = context();
  const { config, op } = checkConfig(raw);
  return computePreview(ctx, config, op, prepare(config, op));
}

function createColumns(sheet: Sheet, headerRow: number, layout: ColumnLayout): void {
  const created = [...layout.outputs, layout.status].filter((column) => column.created);
  if (created.length === 0) return;
  const widest = Math.max(...created.map((column) => column.column));
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns < widest) sheet.insertColumnsAfter(maxColumns, widest - maxColumns);
  for (const column of created) {
    sheet.getRange(headerRow, column.column).setValue(asLiteralForSheet(column.header)).setFontWeight('bold');
  }
}

function createCombinedSheet(spreadsheet: Spreadsheet, config: BulkRunConfig, op: Operation): string {
  const names = spreadsheet.getSheets().map((sheet) => sheet.getName());
  const name = uniqueSheetName(`Employees - ${config.sheetName} (all companies)`, names);
  combinedSheet(spreadsheet, name, op);
  return name;
}

export function startBulkRun(raw: BulkRunConfig, confirmedCredits: number): BulkProgress {
  const ctx = context();
  installDrivers();
  const { config, op } = checkConfig(raw);
  const prepared = prepare(config, op);
  if (prepared.lastRow < prepared.firstRow) throw new Error('There are no rows below the header row.');
  const preview = computePreview(ctx, config, op, prepared);
  if (preview.needsConfirmation && !(Number(confirmedCredits) >= preview.estimatedCredits)) {
    throw new Error(
      `This run is estimated at ${preview.estimatedCredits} credits, above the ${ctx.settings.confirmAbove} that need your confirmation: confirm it first.`,
    );
  }
  const now = ctx.deps.client.clock.now();
  const run = locked(ctx, () => {
    const current = readRun();
    if (current && (current.state === 'running' || current.state === 'paused')) {
      throw new Error(
        `A run is already in progress on "${current.config.sheetName}". Finish or cancel it before starting another.`,
      );
    }
    createColumns(prepared.sheet, config.headerRow, prepared.layout);
    const spreadsheet = activeSpreadsheet();
    const combined =
      config.employeesTo === 'combined-sheet' ? createCombinedSheet(spreadsheet, config, op) : null;
    const created = newRun({
      id: Utilities.getUuid(),
      config,
      spreadsheetId: spreadsheet.getId(),
      layout: prepared.layout,
      firstRow: prepared.firstRow,
      lastRow: prepared.lastRow,
      combinedSheet: combined,
      now,
    });
    saveRun(created);
    return created;
  });
  return progressOf(run, now);
}

// --- Slices -----------------------------------------------------------------------------------------

function runOneSlice(ctx: ExecutionContext, run: BulkRun): BulkRun {
  const spreadsheet = activeSpreadsheet();
  const sheet = spreadsheet.getSheetByName(run.config.sheetName);
  if (!sheet) {
    return {
      ...run,
      state: 'stopped',
      message: `The sheet "${run.config.sheetName}" is gone: the run cannot go on.`,
    };
  }
  const op = checkConfig(run.config).op;
  const keepPaidMs = ctx.settings.cacheTtlDays * DAY_MS;
  return runSlice(
    {
      lookup: ctx.deps,
      hash: digestHashPort,
      scope: ctx.scope,
      sheet: sheetPort(sheet),
      combined: run.combinedSheet ? combinedPort(spreadsheet, run.combinedSheet, op) : null,
      deliverLists: () => {
        pumpOnce(
          { ...ctx.deps, sheets: listSheetPort() },
          { scope: ctx.scope, day: ctx.day, lockWaitMs: PUMP_LOCK_WAIT_MS, keepPaidMs },
        );
      },
    },
    run,
    {
      day: ctx.day,
      spreadsheetId: run.spreadsheetId,
      runHardCap: ctx.settings.runHardCap,
      limits: { requestsPerSecond: ctx.settings.requestsPerSecond },
    },
  );
}

/** Jobs this run waits for are collected even if the sidebar closes. */
function keepCollectingFor(run: BulkRun): void {
  if (run.pending.length > 0) keepCollecting();
}

export function continueBulkRun(runId: string): BulkProgress {
  const ctx = context();
  const { clock } = ctx.deps.client;
  const token = Utilities.getUuid();
  const taken = locked(ctx, () => {
    const { taken, save } = takeSlice(currentRun(runId), clock.now(), token, SLICE_LIMITS.budgetMs);
    if (save) saveRun(save);
    return taken;
  });
  if (!taken.mine) return progressOf(taken.run, clock.now(), taken.busy);

  let sliced: BulkRun;
  try {
    sliced = runOneSlice(ctx, taken.run);
  } catch (error) {
    // The rows are free for the next call; what was bought is in the cache.
    locked(ctx, () => {
      const released = releaseLease(readRun(), taken.run.id, token);
      if (released) saveRun(released);
    });
    throw error;
  }
  const saved = locked(ctx, () => {
    const merged = mergeAfterSlice(readRun(), sliced);
    if (merged) saveRun(merged);
    return merged ?? sliced;
  });
  keepCollectingFor(saved);
  return progressOf(saved, clock.now());
}

function control(runId: string, change: (run: BulkRun, now: number) => BulkRun): BulkProgress {
  const ctx = context();
  const now = ctx.deps.client.clock.now();
  const run = locked(ctx, () => {
    const next = change(currentRun(runId), now);
    saveRun(next);
    return next;
  });
  return progressOf(run, now, run.state === 'running' && leaseHeld(run, now));
}

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
  return control(runId, (run, now) => {
    if (leaseHeld(run, now)) throw new Error('A slice of this run is at work; try again in a moment.');
    return retryRun(run, now);
  });
}

/** Needs no API key: a sidebar opened before the key is set shows the last run too. */
export function getBulkRun(): BulkProgress | null {
  const run = readRun();
  if (!run) return null;
  const now = appsScriptClock.now();
  return progressOf(run, now, run.state === 'running' && leaseHeld(run, now));
}
