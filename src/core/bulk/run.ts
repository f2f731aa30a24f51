// A bulk run over a column, as plain data: which columns it reads and writes, what each row asks
// for, what the preview counts, and the run's state as it is saved between the short server calls
// that do the work (slice.ts). Pure: the server reads the sheet and hands the values in.
import type {
  BulkPreview,
  BulkProgress,
  BulkRunConfig,
  BulkState,
  OutputColumn,
} from '../../shared/bulk-rpc';
import type { EnrichmentRequest } from '../api/wire';
import { normalizeText, parseEmployeeCount, prepareRequest } from '../formulas/request';
import { headerLabel } from '../jobs/employee-sheet';
import { estimateFor } from '../lookup/pass';
import { type Operation, operationByType } from '../operations/table';
import { CELL_TEXT } from '../render/cell-text';
import {
  addRows,
  capRanges,
  countRows,
  decodeRanges,
  encodeRanges,
  NO_ROWS,
  type RowRanges,
  rowsOf,
} from './row-ranges';

/** Document property holding the current (or last) run of this spreadsheet. */
export const BULK_RUN_PROPERTY = 'enrich.bulk.run';
/** The preview lists this many invalid rows; the count covers them all. */
export const MAX_LISTED_INVALID = 50;
const MAX_FIELDS = 12;
const MAX_TEXT_OPTION = 200;
/** A property value holds 9 KB; the run keeps well inside it. */
const MAX_RUN_BYTES = 8_000;

/** What the status column says. Row-level texts begin with a fixed word so a later slice can read them back. */
export const BULK_STATUS = {
  found: 'Found',
  notFound: CELL_TEXT.notFound,
  processing: 'Processing: the API is still working on it',
  writingList: 'Processing: writing the employee sheet',
  waiting: 'Processing: the same input is being looked up elsewhere',
  error: (message: string) => `Error: ${message}`,
  invalid: (message: string) => `Invalid input: ${message}`,
  expired: (message: string) => `Expired: ${message}`,
} as const;

export const isFinalStatus = (value: unknown) =>
  value === BULK_STATUS.found || value === BULK_STATUS.notFound;
export const isPendingStatus = (value: unknown) =>
  typeof value === 'string' && value.startsWith('Processing:');
export const isErrorStatus = (value: unknown) => typeof value === 'string' && value.startsWith('Error: ');

// --- Configuration ------------------------------------------------------------------------------

function wholeNumber(value: unknown, what: string, min = 1): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw new Error(`${what} must be a whole number of at least ${min}.`);
  return value;
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(`${what} must be text.`);
  const text = normalizeText(value);
  if (text.length > MAX_TEXT_OPTION) throw new Error(`${what} is longer than ${MAX_TEXT_OPTION} characters.`);
  return text === '' ? undefined : text;
}

/**
 * The configuration as the server may trust it: a known operation, whole column numbers, only the
 * inputs and options the operation takes. Throws a message the sidebar shows as is.
 */
export function checkConfig(raw: BulkRunConfig): { config: BulkRunConfig; op: Operation } {
  const op = operationByType(String(raw?.type ?? ''));
  if (!op) throw new Error('Choose an operation first.');
  const sheetName = typeof raw.sheetName === 'string' ? raw.sheetName : '';
  if (sheetName === '') throw new Error('Choose a sheet first.');
  const headerRow = wholeNumber(raw.headerRow, 'The header row');
  const input = wholeNumber(raw.columns?.input, 'The input column');
  const columns: BulkRunConfig['columns'] = { input };
  if (op.input === 'person_name') {
    for (const name of ['company', 'location', 'jobTitle'] as const) {
      const column = raw.columns[name];
      if (column !== undefined && column !== null) columns[name] = wholeNumber(column, `The ${name} column`);
    }
  }
  const used = Object.values(columns);
  if (new Set(used).size !== used.length) throw new Error('Choose a different column for each input.');

  let output: BulkRunConfig['output'] = { mode: 'primary' };
  if (raw.output?.mode === 'fields') {
    if (op.shape !== 'scalar' && op.shape !== 'record')
      throw new Error(`${op.label} writes one column; choose its main value.`);
    const fields = [...new Set((raw.output.fields ?? []).map((field) => normalizeText(String(field))))];
    const chosen = fields.filter((field) => field !== '');
    if (chosen.length === 0) throw new Error('Choose at least one field.');
    if (chosen.length > MAX_FIELDS) throw new Error(`Choose at most ${MAX_FIELDS} fields.`);
    output = { mode: 'fields', fields: chosen };
  }

  const config: BulkRunConfig = { sheetName, headerRow, type: op.type, columns, output };
  if (op.shape === 'employees') {
    const options: NonNullable<BulkRunConfig['options']> = {};
    const department = optionalText(raw.options?.department, 'The department');
    const seniority = optionalText(raw.options?.seniority, 'The seniority');
    if (department !== undefined) options.department = department;
    if (seniority !== undefined) options.seniority = seniority;
    const max = raw.options?.max;
    if (max !== undefined && max !== null && String(max).trim() !== '') {
      const count = parseEmployeeCount(max);
      if (count === null) throw new Error('Max employees must be a whole number of at least 1.');
      options.max = count;
    }
    config.options = options;
    config.employeesTo = raw.employeesTo === 'combined-sheet' ? 'combined-sheet' : 'sheet-per-company';
  }
  return { config, op };
}

/** The input columns of a run, in the order they are joined. */
export function inputColumns(config: BulkRunConfig): number[] {
  const { input, company, location, jobTitle } = config.columns;
  return [input, company, location, jobTitle].filter((column): column is number => column !== undefined);
}

// --- Columns ------------------------------------------------------------------------------------

/** What a list operation returns, from its type: `pronet_post_to_reactions` -> "Reactions". */
function outputNoun(op: Operation): string {
  const at = op.type.lastIndexOf('_to_');
  return headerLabel(at < 0 ? op.type : op.type.slice(at + '_to_'.length));
}

function primaryHeader(op: Operation): string {
  if (op.shape === 'employees' || op.shape === 'list') return outputNoun(op);
  return headerLabel(op.fields[0] ?? op.primary[0] ?? 'value');
}

export function statusHeader(op: Operation): string {
  return `Status (${op.label})`;
}

const sameHeader = (a: unknown, b: string) =>
  normalizeText(String(a ?? '')).toLowerCase() === normalizeText(b).toLowerCase();

export interface ColumnLayout {
  outputs: OutputColumn[];
  status: OutputColumn;
}

/**
 * Where the run writes: a column whose header matches is reused, otherwise one is created to the
 * right of the data. An input column is never an output: an output header that names an input
 * (a record's "Name") is made specific ("Name (Company page info)").
 */
export function layoutColumns(
  op: Operation,
  config: BulkRunConfig,
  headers: readonly unknown[],
): ColumnLayout {
  const inputs = new Set(inputColumns(config));
  const inputHeaders = [...inputs].map((column) => headers[column - 1]);
  const specific = (header: string) =>
    inputHeaders.some((name) => sameHeader(name, header)) ? `${header} (${op.label})` : header;
  const wanted =
    config.output.mode === 'fields' ? config.output.fields.map(headerLabel) : [primaryHeader(op)];
  let next = headers.length + 1;
  const taken = new Set<number>();
  const place = (header: string): OutputColumn => {
    const index = headers.findIndex(
      (name, i) => !inputs.has(i + 1) && !taken.has(i + 1) && sameHeader(name, header),
    );
    const column = index >= 0 ? index + 1 : next++;
    taken.add(column);
    return { header, column, created: index < 0 };
  };
  const outputs = wanted.map((header) => place(specific(header)));
  return { outputs, status: place(statusHeader(op)) };
}

// --- Rows ---------------------------------------------------------------------------------------

/** A block of the sheet's values: `values[r][c]` is row `firstRow + r`, column `firstColumn + c`. */
export interface SheetTable {
  firstRow: number;
  firstColumn: number;
  values: readonly (readonly unknown[])[];
}

export function cellAt(table: SheetTable, row: number, column: number): unknown {
  return table.values[row - table.firstRow]?.[column - table.firstColumn] ?? '';
}

/** The columns a run reads: its inputs, outputs and status, as one span. */
export function tableSpan(config: BulkRunConfig, layout: ColumnLayout): { first: number; last: number } {
  const columns = [...inputColumns(config), ...layout.outputs.map((o) => o.column), layout.status.column];
  return { first: Math.min(...columns), last: Math.max(...columns) };
}

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

export type RowPlan =
  /** An output already there, or a final status: skipped, never charged again. */
  | { kind: 'filled' }
  | { kind: 'blank' }
  | { kind: 'invalid'; message: string }
  /** `query` tells equal requests apart without hashing them. */
  | { kind: 'lookup'; request: EnrichmentRequest; query: string };

export function isRowFilled(table: SheetTable, layout: ColumnLayout, row: number): boolean {
  return (
    isFinalStatus(cellAt(table, row, layout.status.column)) ||
    layout.outputs.some((output) => hasValue(cellAt(table, row, output.column)))
  );
}

/** Messages name the operation by its label: the sidebar's user chose it from a list, not a formula. */
function bulkMessage(op: Operation, message: string): string {
  return message.split(op.functionName).join(op.label);
}

export function queryOf(request: EnrichmentRequest): string {
  return JSON.stringify([request.input_data, request.department, request.seniority, request.employee_count]);
}

/** What one row asks, read from its cells; filled rows are not read further. */
export function planRow(
  op: Operation,
  config: BulkRunConfig,
  layout: ColumnLayout,
  table: SheetTable,
  row: number,
): RowPlan {
  if (isRowFilled(table, layout, row)) return { kind: 'filled' };
  const { columns, options } = config;
  const at = (column: number | undefined) => (column === undefined ? undefined : cellAt(table, row, column));
  const prepared = prepareRequest(op, {
    input: at(columns.input),
    company: at(columns.company),
    location: at(columns.location),
    jobTitle: at(columns.jobTitle),
    department: options?.department,
    seniority: options?.seniority,
    max: options?.max,
  });
  if (prepared.kind === 'empty') return { kind: 'blank' };
  if (prepared.kind === 'invalid') return { kind: 'invalid', message: bulkMessage(op, prepared.message) };
  return { kind: 'lookup', request: prepared.request, query: queryOf(prepared.request) };
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

/** Rows showing a final status, by signature (the first such row wins). */
export function answeredRows(
  config: BulkRunConfig,
  layout: ColumnLayout,
  table: SheetTable,
  firstRow: number,
  lastRow: number,
): Map<string, number> {
  const answered = new Map<string, number>();
  for (let row = firstRow; row <= lastRow; row++) {
    if (!isFinalStatus(cellAt(table, row, layout.status.column))) continue;
    const signature = rowSignature(config, table, row);
    if (!answered.has(signature)) answered.set(signature, row);
  }
  return answered;
}

/** What one lookup of this run may cost: flat, or for employee lists the bound from `max`. */
export function perLookupEstimate(op: Operation, config: BulkRunConfig): number {
  const max = config.options?.max;
  return estimateFor(op, {
    type: op.type,
    input_data: '',
    ...(max === undefined ? {} : { employee_count: max }),
  });
}

// --- Preview ------------------------------------------------------------------------------------

export interface PreviewPlan {
  plans: RowPlan[];
  /** The first row of each distinct query among rows to look up, in row order. */
  distinct: { query: string; request: EnrichmentRequest; row: number }[];
}

export function planRows(
  op: Operation,
  config: BulkRunConfig,
  layout: ColumnLayout,
  table: SheetTable,
  firstRow: number,
  lastRow: number,
): PreviewPlan {
  const plans: RowPlan[] = [];
  const distinct: PreviewPlan['distinct'] = [];
  const seen = new Set<string>();
  for (let row = firstRow; row <= lastRow; row++) {
    const plan = planRow(op, config, layout, table, row);
    plans.push(plan);
    if (plan.kind === 'lookup' && !seen.has(plan.query)) {
      seen.add(plan.query);
      distinct.push({ query: plan.query, request: plan.request, row });
    }
  }
  return { plans, distinct };
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
): BulkPreview {
  const count = (kind: RowPlan['kind']) => plan.plans.filter((p) => p.kind === kind).length;
  const invalid: BulkPreview['invalid'] = [];
  plan.plans.forEach((p, index) => {
    if (p.kind === 'invalid' && invalid.length < MAX_LISTED_INVALID)
      invalid.push({ row: firstRow + index, message: p.message });
  });
  const lookups = count('lookup');
  const cached = plan.distinct.filter((item) => free.has(item.query)).length;
  const toLookUp = plan.distinct.length - cached;
  const estimatedCredits = round2(toLookUp * perLookupEstimate(op, config));
  return {
    rows: plan.plans.length,
    alreadyFilled: count('filled'),
    duplicates: lookups - plan.distinct.length,
    cached,
    invalid,
    invalidCount: count('invalid'),
    blank: count('blank'),
    toLookUp,
    estimatedCredits,
    estimateIsBound: op.pricing.kind === 'per_employee',
    needsConfirmation: estimatedCredits > confirmAbove,
    outputColumns: layout.outputs,
    statusColumn: layout.status,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// --- The run's saved state ----------------------------------------------------------------------

export interface RunCounts {
  found: number;
  notFound: number;
  /** Rows with a row-level error, expired jobs included. */
  errors: number;
  /** Rows already filled, and blank rows. */
  skipped: number;
  invalid: number;
}

export interface BulkRun {
  id: string;
  config: BulkRunConfig;
  spreadsheetId: string;
  state: BulkState;
  firstRow: number;
  lastRow: number;
  /** The next row never looked at. */
  cursor: number;
  outputs: OutputColumn[];
  status: OutputColumn;
  /** Employee lists written to one sheet: its name. */
  combinedSheet: string | null;
  counts: RunCounts;
  /** Rows waiting on a job: later slices ask again (which polls the job, never re-posts). */
  pending: RowRanges;
  /** Rows with a retryable row-level error. */
  failed: RowRanges;
  /** Failed rows the user asked to retry, not yet done again. */
  retry: RowRanges;
  /** Credits this run spent (answers it bought; cached answers are free). */
  credits: number;
  /** Why the run stopped (401, 402, its cap), said once for the whole run. */
  message: string | null;
  /** Clock time slices worked, and the rows they finished: the pace for "time left". */
  activeMs: number;
  timedRows: number;
  /** Pending rows are asked again from then on. */
  pendingCheckAt: number;
  /** After a server error, rate limit or network failure: no slice starts before then. */
  waitUntil: number;
  /** Slices in a row that met such a failure; past a few, the rows get the error instead. */
  failingSlices: number;
  /** While running: why the run is waiting (a failing service). */
  notice: string | null;
  /** The slice at work, so that two sidebars never work on the same rows. */
  lease: { token: string; until: number } | null;
  startedAt: number;
  updatedAt: number;
}

export interface NewRun {
  id: string;
  config: BulkRunConfig;
  spreadsheetId: string;
  layout: ColumnLayout;
  firstRow: number;
  lastRow: number;
  combinedSheet: string | null;
  now: number;
}

export function newRun(input: NewRun): BulkRun {
  return {
    id: input.id,
    config: input.config,
    spreadsheetId: input.spreadsheetId,
    state: 'running',
    firstRow: input.firstRow,
    lastRow: input.lastRow,
    cursor: input.firstRow,
    outputs: input.layout.outputs,
    status: input.layout.status,
    combinedSheet: input.combinedSheet,
    counts: { found: 0, notFound: 0, errors: 0, skipped: 0, invalid: 0 },
    pending: NO_ROWS,
    failed: NO_ROWS,
    retry: NO_ROWS,
    credits: 0,
    message: null,
    activeMs: 0,
    timedRows: 0,
    pendingCheckAt: input.now,
    waitUntil: input.now,
    failingSlices: 0,
    notice: null,
    lease: null,
    startedAt: input.now,
    updatedAt: input.now,
  };
}

type StoredRun = Omit<BulkRun, 'pending' | 'failed' | 'retry'> & {
  v: 1;
  pending: string;
  failed: string;
  retry: string;
};

/**
 * One JSON value under 8 KB. Row sets that would not fit are widened (the rows between their ranges
 * join them); every slice re-reads a row's status before acting on it, so that costs nothing.
 */
export function serializeRun(run: BulkRun): string {
  let maxRanges = 400;
  for (;;) {
    const encode = (ranges: RowRanges) => encodeRanges(capRanges(ranges, maxRanges));
    const stored: StoredRun = {
      ...run,
      v: 1,
      pending: encode(run.pending),
      failed: encode(run.failed),
      retry: encode(run.retry),
    };
    const text = JSON.stringify(stored);
    if (text.length <= MAX_RUN_BYTES || maxRanges <= 1) return text;
    maxRanges = Math.floor(maxRanges / 2);
  }
}

export function parseRun(text: string | null | undefined): BulkRun | null {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as StoredRun;
    if (stored?.v !== 1 || typeof stored.id !== 'string' || !operationByType(stored.config?.type))
      return null;
    const { v: _version, ...rest } = stored;
    return {
      ...rest,
      waitUntil: rest.waitUntil ?? 0,
      failingSlices: rest.failingSlices ?? 0,
      notice: rest.notice ?? null,
      pending: decodeRanges(stored.pending),
      failed: decodeRanges(stored.failed),
      retry: decodeRanges(stored.retry),
    };
  } catch {
    return null;
  }
}

// --- Progress and control -----------------------------------------------------------------------

export const finishedRows = (counts: RunCounts) =>
  counts.found + counts.notFound + counts.errors + counts.skipped + counts.invalid;

export const leaseHeld = (run: BulkRun, now: number) => run.lease !== null && run.lease.until > now;

const rowsLeft = (run: BulkRun) => run.cursor <= run.lastRow || run.retry.length > 0;

/** When a slice next has rows to work on (rather than only jobs, or a failing service, to wait for). */
function nextWorkAt(run: BulkRun): number {
  const rows = rowsLeft(run) ? 0 : run.pending.length > 0 ? run.pendingCheckAt : Number.POSITIVE_INFINITY;
  return Math.max(rows, run.waitUntil);
}

export function hasWorkNow(run: BulkRun, now: number): boolean {
  return now >= nextWorkAt(run);
}

/**
 * A running run with nothing left to ask and nothing to wait for is done. A slice says so itself;
 * this covers a run whose last rows were answered elsewhere (their status changed meanwhile).
 */
export function settleIfComplete(run: BulkRun, now: number): BulkRun {
  const complete =
    run.state === 'running' && run.cursor > run.lastRow && run.pending.length === 0 && run.retry.length === 0;
  return complete ? { ...run, state: 'done', updatedAt: now } : run;
}

export function progressOf(run: BulkRun, now: number, busy = false): BulkProgress {
  const rows = run.lastRow - run.firstRow + 1;
  const done = finishedRows(run.counts);
  const left = Math.max(0, rows - done);
  const etaSeconds =
    run.timedRows > 0 && (run.state === 'running' || run.state === 'paused')
      ? Math.round((left * run.activeMs) / run.timedRows / 1000)
      : null;
  let nextCallInMs: number | null = null;
  if (run.state === 'running') {
    if (busy) nextCallInMs = 2_000;
    else nextCallInMs = hasWorkNow(run, now) ? 0 : Math.max(500, Math.min(nextWorkAt(run) - now, 60_000));
  }
  return {
    runId: run.id,
    state: run.state,
    sheetName: run.config.sheetName,
    type: run.config.type,
    label: operationByType(run.config.type)?.label ?? run.config.type,
    rows,
    done,
    found: run.counts.found,
    notFound: run.counts.notFound,
    errors: run.counts.errors,
    skipped: run.counts.skipped,
    invalid: run.counts.invalid,
    pending: countRows(run.pending),
    creditsSpent: round2(run.credits),
    etaSeconds,
    message: run.message,
    notice: run.state === 'running' ? run.notice : null,
    failedRows: countRows(run.failed),
    nextCallInMs,
    busy,
    outputColumns: run.outputs,
    statusColumn: run.status,
  };
}

export function pauseRun(run: BulkRun, now: number): BulkRun {
  return run.state === 'running' ? { ...run, state: 'paused', updatedAt: now } : run;
}

export function resumeRun(run: BulkRun, now: number): BulkRun {
  if (run.state !== 'paused' && run.state !== 'stopped') return run;
  return {
    ...run,
    state: 'running',
    message: null,
    notice: null,
    failingSlices: 0,
    pendingCheckAt: now,
    waitUntil: now,
    updatedAt: now,
  };
}

export function cancelRun(run: BulkRun, now: number): BulkRun {
  return run.state === 'done' || run.state === 'cancelled'
    ? run
    : { ...run, state: 'cancelled', lease: null, updatedAt: now };
}

/** Puts exactly the rows with a row-level error back in the queue; they count again once done. */
export function retryRun(run: BulkRun, now: number): BulkRun {
  const failed = countRows(run.failed);
  if (failed === 0) throw new Error('No failed rows to retry.');
  return {
    ...run,
    state: 'running',
    message: null,
    counts: { ...run.counts, errors: Math.max(0, run.counts.errors - failed) },
    retry: addRows(run.retry, rowsOf(run.failed)),
    failed: NO_ROWS,
    updatedAt: now,
  };
}

/**
 * What a finished slice saves, given what the store holds now: a pause or cancel the user asked for
 * meanwhile wins over "running". Null when another run has replaced this one: nothing is saved.
 */
export function mergeAfterSlice(current: BulkRun | null, sliced: BulkRun): BulkRun | null {
  if (current === null || current.id !== sliced.id) return null;
  const userStopped = current.state === 'paused' || current.state === 'cancelled';
  const state = userStopped && sliced.state === 'running' ? current.state : sliced.state;
  return { ...sliced, state, lease: null };
}
