// What each row of a bulk run asks for, and what the preview counts before anything is spent.

import type { BulkPreview, BulkRunConfig } from '../../shared/bulk-rpc';
import type { EnrichmentRequest } from '../api/wire';
import { estimateFor } from '../billing/charges';
import { keyForm, normalizeText } from '../formulas/canonical';
import { prepareRequest } from '../formulas/request';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { BULK_STATUS, isFinalStatus } from '../text/catalogue/statuses';
import { roundCredits } from '../text/credits';
import { inputColumns } from './config';
import type { ColumnLayout, LaidOutRun } from './layout';
import type { BulkSheetPort } from './slice/ports';

/** The preview lists this many invalid rows; the count covers them all. */
export const MAX_LISTED_INVALID = 50;

/** A block of the sheet's values: `values[r][c]` is row `firstRow + r`, column `firstColumn + c`. */
export interface SheetTable {
  firstRow: number;
  firstColumn: number;
  values: readonly (readonly unknown[])[];
}

/** The rows a table holds, in order. */
export const rowsIn = (table: SheetTable): number[] => table.values.map((_, i) => table.firstRow + i);

export function cellAt(table: SheetTable, row: number, column: number): unknown {
  return table.values[row - table.firstRow]?.[column - table.firstColumn] ?? '';
}

/** Every column a run reads or writes: its inputs, its gates' statuses, its outputs and status. */
export function runColumns({ config, layout }: LaidOutRun): number[] {
  return [
    ...inputColumns(config),
    ...(config.gates ?? []).map((gate) => gate.statusColumn),
    ...layout.outputs.map((o) => o.column),
    layout.status.column,
  ];
}

/** The columns a run reads, as one span. */
export function tableSpan(run: LaidOutRun): { first: number; last: number } {
  const columns = runColumns(run);
  return { first: Math.min(...columns), last: Math.max(...columns) };
}

/** Rows `firstRow..lastRow` of the run's span, in one read. */
export function readTable(
  sheet: Pick<BulkSheetPort, 'read'>,
  run: LaidOutRun,
  firstRow: number,
  lastRow: number,
): SheetTable {
  const { first, last } = tableSpan(run);
  return { firstRow, firstColumn: first, values: sheet.read(firstRow, lastRow, first, last) };
}

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

export type RowPlan =
  /**
   * Skipped, never charged again: an output cell holds a value, or (`notFound`) the row's status
   * says an earlier run found nothing, which is all its empty output has to show.
   */
  | { kind: 'filled'; notFound?: true }
  | { kind: 'blank' }
  | { kind: 'invalid'; message: string }
  /** A recipe's step the row does not reach (recipes/): `status` says why, when the user must know. */
  | { kind: 'held'; status: string | null }
  /** `query` tells equal requests apart without hashing them. */
  | { kind: 'lookup'; request: EnrichmentRequest; query: string };

const outputsHold = (table: SheetTable, layout: ColumnLayout, row: number) =>
  layout.outputs.some((output) => hasValue(cellAt(table, row, output.column)));

/**
 * A row is done when its output cells hold values. A "Found" status left over once the outputs were
 * cleared stops nothing: the row is looked up again, from the saved results when they still have it.
 * A "Not found" row keeps its status as its answer, so a re-run never buys a miss twice.
 */
function filledPlan(table: SheetTable, layout: ColumnLayout, row: number): RowPlan | null {
  if (outputsHold(table, layout, row)) return { kind: 'filled' };
  return cellAt(table, row, layout.status.column) === BULK_STATUS.notFound
    ? { kind: 'filled', notFound: true }
    : null;
}

/** A row an earlier run answered and that still shows it: its values, or its "Not found". */
function showsAnswer(table: SheetTable, layout: ColumnLayout, row: number): boolean {
  const status = cellAt(table, row, layout.status.column);
  return status === BULK_STATUS.notFound || (isFinalStatus(status) && outputsHold(table, layout, row));
}

/** Equal for requests with one cache key: spellings that canonical.ts folds are one lookup. */
export function queryOf(request: EnrichmentRequest): string {
  const form = keyForm(request);
  return JSON.stringify([form.input_data, form.department, form.seniority, form.employee_count]);
}

/** A recipe step's row that an earlier step did not pass on; null when every gate is open. */
function heldByGates(config: BulkRunConfig, table: SheetTable, row: number): RowPlan | null {
  for (const gate of config.gates ?? []) {
    const status = cellAt(table, row, gate.statusColumn);
    if (status === (gate.need === 'found' ? BULK_STATUS.found : BULK_STATUS.notFound)) continue;
    // A row the earlier step never reached is none of this step's business: nothing is written.
    return { kind: 'held', status: hasValue(status) ? gate.otherwise : null };
  }
  return null;
}

/** What one row asks, read from its cells; filled rows are not read further. */
export function planRow({ config, layout }: LaidOutRun, table: SheetTable, row: number): RowPlan {
  const filled = filledPlan(table, layout, row);
  if (filled) return filled;
  const held = heldByGates(config, table, row);
  if (held) return held;
  const prepared = prepareRow(operationByType(config.type)!, config, table, row);
  if (prepared.kind === 'empty') return { kind: 'blank' };
  if (prepared.kind === 'invalid') return { kind: 'invalid', message: prepared.message };
  return { kind: 'lookup', request: prepared.request, query: queryOf(prepared.request) };
}

/** The request a row's input cells make, whatever its outputs show. */
function prepareRow(op: Operation, config: BulkRunConfig, table: SheetTable, row: number) {
  const { columns, options } = config;
  const at = (column: number | undefined) => (column === undefined ? undefined : cellAt(table, row, column));
  // Messages name lookups by their labels: the sidebar's user chose one from a list, not a formula.
  return prepareRequest(
    op,
    {
      input: at(columns.input),
      company: at(columns.company),
      location: at(columns.location),
      jobTitle: at(columns.jobTitle),
      department: options?.department,
      seniority: options?.seniority,
      max: options?.max,
    },
    'label',
  );
}

/**
 * The request of a row, filled or not (what its answer was bought for), with, for a name lookup, its
 * input's parts as given (formulas/request.ts); null when it asks none.
 */
export function rowLookup(
  op: Operation,
  config: BulkRunConfig,
  table: SheetTable,
  row: number,
): { request: EnrichmentRequest; parts?: string } | null {
  const prepared = prepareRow(op, config, table, row);
  return prepared.kind === 'request' ? prepared : null;
}

/**
 * The input cells of a row as text, cheap to compare: rows already answered (a final status) are
 * found by it, so a duplicate of one is copied from the sheet even when the cache has forgotten it.
 */
export function rowSignature(config: BulkRunConfig, table: SheetTable, row: number): string {
  return inputColumns(config)
    .map((column) => normalizeText(String(cellAt(table, row, column) ?? '')).toLowerCase())
    .join('\u0001');
}

/** Rows showing an earlier run's answer, by signature (the first such row wins). */
export function answeredRows({ config, layout }: LaidOutRun, table: SheetTable) {
  const answered = new Map<string, number>();
  for (const row of rowsIn(table)) {
    if (!showsAnswer(table, layout, row)) continue;
    const signature = rowSignature(config, table, row);
    if (!answered.has(signature)) answered.set(signature, row);
  }
  return answered;
}

/** What one lookup of this run may cost: flat, or for employee lists the bound from `max`. */
export function perLookupEstimate(op: Operation, config: BulkRunConfig): number {
  return estimateFor(op, { type: op.type, input_data: '', employee_count: config.options?.max });
}

// --- Preview ------------------------------------------------------------------------------------

/** The first row of a distinct query among rows to look up. */
export interface DistinctLookup {
  query: string;
  request: EnrichmentRequest;
  row: number;
}

export interface PreviewPlan {
  plans: RowPlan[];
  /** The first row of each distinct query among rows to look up, in row order. */
  distinct: DistinctLookup[];
}

/**
 * The lookups a run would buy, each query once at its first row: `plans[i]` is row `firstRow + i`,
 * null where the row's input is not known yet (a recipe's step reading an earlier step's output).
 */
export function distinctLookups(plans: readonly (RowPlan | null)[], firstRow: number): DistinctLookup[] {
  const distinct = new Map<string, DistinctLookup>();
  plans.forEach((plan, i) => {
    if (plan?.kind === 'lookup' && !distinct.has(plan.query))
      distinct.set(plan.query, { query: plan.query, request: plan.request, row: firstRow + i });
  });
  return [...distinct.values()];
}

export function planRows(run: LaidOutRun, table: SheetTable): PreviewPlan {
  const plans = rowsIn(table).map((row) => planRow(run, table, row));
  return { plans, distinct: distinctLookups(plans, table.firstRow) };
}

/**
 * The numbers shown before a run. `free` holds the distinct queries whose answer costs nothing:
 * in the result cache, or shown on another row of the sheet.
 */
export function previewOf(
  op: Operation,
  config: BulkRunConfig,
  layout: ColumnLayout,
  plan: PreviewPlan,
  firstRow: number,
  free: ReadonlySet<string>,
  confirmAbove: number,
): Omit<BulkPreview, 'columnConflicts'> {
  const count = (kind: RowPlan['kind']) => plan.plans.filter((p) => p.kind === kind).length;
  const invalid = plan.plans
    .flatMap((p, index) => (p.kind === 'invalid' ? [{ row: firstRow + index, message: p.message }] : []))
    .slice(0, MAX_LISTED_INVALID);
  const lookups = count('lookup');
  const cached = plan.distinct.filter((item) => free.has(item.query)).length;
  const toLookUp = plan.distinct.length - cached;
  const estimatedCredits = roundCredits(toLookUp * perLookupEstimate(op, config));
  return {
    rows: plan.plans.length,
    alreadyFilled: plan.plans.filter((p) => p.kind === 'filled' && !p.notFound).length,
    notFoundBefore: plan.plans.filter((p) => p.kind === 'filled' && p.notFound).length,
    duplicates: lookups - plan.distinct.length,
    cached,
    invalid,
    invalidCount: count('invalid'),
    blank: count('blank') + count('held'),
    toLookUp,
    estimatedCredits,
    estimateIsBound: op.pricing.kind === 'per_employee',
    needsConfirmation: estimatedCredits > confirmAbove,
    outputColumns: layout.outputs,
    statusColumn: layout.status,
  };
}
