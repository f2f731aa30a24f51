// What a bulk run's server calls share, recipes' included (recipes.ts): the execution's context,
// the run's document property, the document lock, and reading and preparing the run's sheet.
import type { EnrichmentRequest } from '../core/api/wire';
import { type ColumnLayout, layoutColumns } from '../core/bulk/layout';
import { answeredRows, rowSignature, type SheetTable, tableSpan } from '../core/bulk/plan';
import { BULK_RUN_PROPERTY, type BulkRun, newRun, parseRun, serializeRun } from '../core/bulk/run';
import { resultKey } from '../core/cache/keys';
import { uniqueSheetName } from '../core/jobs/employee-sheet';
import { isPending, readJobs } from '../core/jobs/registry';
import type { Operation } from '../core/operations/types';
import { BUSY, tryWithLock } from '../core/platform/locked-section';
import type { RecipeState } from '../core/recipes/steps';
import { asLiteralForSheet } from '../core/text/sheet-literal';
import type { BulkRunConfig } from '../shared/bulk-rpc';
import { digestHashPort } from './adapters/apps-script';
import { combinedSheet, readBlock } from './adapters/bulk-sheets';
import { type ExecutionContext, executionContext } from './context';
import { requireDocumentProperties } from './platform/properties';
import { requireActiveSpreadsheet } from './platform/spreadsheet';

export type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
export type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const HEADER_ROW = 1;
const LOCK_WAIT_MS = 5_000;
export const COLLECTOR_LOCK_WAIT_MS = 3_000;

export function context(): ExecutionContext {
  // A sidebar call may write sheets: the cache keeps every paid answer in its hidden sheet too.
  const found = executionContext({ canWriteSheets: true });
  if (!found) throw new Error('Set your API key first (API key, above).');
  return found;
}

export function sheetNamed(name: string): Sheet {
  const sheet = requireActiveSpreadsheet().getSheetByName(name);
  if (!sheet) throw new Error(`There is no sheet named "${name}" any more.`);
  return sheet;
}

const properties = requireDocumentProperties;
export const readRun = () => parseRun(properties().getProperty(BULK_RUN_PROPERTY));
export const saveRun = (run: BulkRun) => properties().setProperty(BULK_RUN_PROPERTY, serializeRun(run));

export function locked<T>(ctx: ExecutionContext, work: () => T): T {
  const answer = tryWithLock(ctx.deps.lock, LOCK_WAIT_MS, work);
  if (answer === BUSY) throw new Error('The spreadsheet is busy; try again in a moment.');
  return answer;
}

export function headersOf(sheet: Sheet, headerRow: number): unknown[] {
  const lastColumn = sheet.getLastColumn();
  return lastColumn > 0 ? (sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0] ?? []) : [];
}

export interface Prepared {
  sheet: Sheet;
  layout: ColumnLayout;
  table: SheetTable;
  firstRow: number;
  lastRow: number;
}

export function prepare(config: BulkRunConfig, op: Operation): Prepared {
  const sheet = sheetNamed(config.sheetName);
  const layout = layoutColumns(op, config, headersOf(sheet, config.headerRow));
  const firstRow = config.headerRow + 1;
  const lastRow = Math.max(config.headerRow, sheet.getLastRow());
  const span = tableSpan(config, layout);
  const values = readBlock(sheet, firstRow, lastRow, span.first, span.last);
  return { sheet, layout, table: { firstRow, firstColumn: span.first, values }, firstRow, lastRow };
}

export function createColumns(sheet: Sheet, headerRow: number, layout: ColumnLayout): void {
  const created = [...layout.outputs, layout.status].filter((column) => column.created);
  if (created.length === 0) return;
  const widest = Math.max(...created.map((column) => column.column));
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns < widest) sheet.insertColumnsAfter(maxColumns, widest - maxColumns);
  for (const column of created) {
    sheet.getRange(headerRow, column.column).setValue(asLiteralForSheet(column.header)).setFontWeight('bold');
  }
}

export function createCombinedSheet(spreadsheet: Spreadsheet, config: BulkRunConfig, op: Operation): string {
  const names = spreadsheet.getSheets().map((sheet) => sheet.getName());
  const name = uniqueSheetName(`Employees - ${config.sheetName} (all companies)`, names);
  combinedSheet(spreadsheet, name, op);
  return name;
}

/**
 * Creates the run (its output columns first) and saves it, under the lock; refuses while another
 * run of this spreadsheet is running or paused. `recipe`: the run is a step of that recipe.
 */
export function beginRun(
  ctx: ExecutionContext,
  config: BulkRunConfig,
  op: Operation,
  prepared: Prepared,
  recipe: RecipeState | null,
): BulkRun {
  const now = ctx.deps.client.clock.now();
  return locked(ctx, () => {
    const current = readRun();
    if (current && (current.state === 'running' || current.state === 'paused')) {
      throw new Error(
        `A run is already in progress on "${current.config.sheetName}". Finish or cancel it before starting another.`,
      );
    }
    createColumns(prepared.sheet, config.headerRow, prepared.layout);
    const spreadsheet = requireActiveSpreadsheet();
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
      ...(recipe ? { recipe } : {}),
    });
    saveRun(created);
    return created;
  });
}

/**
 * The distinct queries that cost nothing: paid already (the result cache), bought by a job already
 * started (paid once, whoever started it), or shown on another row of the sheet.
 */
export function freeQueries(
  ctx: ExecutionContext,
  config: BulkRunConfig,
  layout: ColumnLayout,
  table: SheetTable,
  distinct: readonly { query: string; request: EnrichmentRequest; row: number }[],
): Set<string> {
  const keys = distinct.map((item) => resultKey(digestHashPort, ctx.scope, item.request));
  const cached = ctx.deps.cache.getMany(keys);
  const started = new Set(
    readJobs(ctx.deps.store)
      .filter(isPending)
      .map((job) => job.key),
  );
  const answered = answeredRows(
    config,
    layout,
    table,
    table.firstRow,
    table.firstRow + table.values.length - 1,
  );
  return new Set(
    distinct
      .filter((item, i) => {
        const key = keys[i]!;
        return cached.has(key) || started.has(key) || answered.has(rowSignature(config, table, item.row));
      })
      .map((item) => item.query),
  );
}
