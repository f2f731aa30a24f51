// One slice of a bulk run: a bounded number of rows, a bounded amount of clock time. It reads the
// run's columns once, asks the rows' answers in one lookup pass (cache, known jobs, then the API in
// paced batches), writes outputs and statuses in blocks, and answers the run's next state. A slice
// that dies loses nothing paid: the lookup pass stores every answer before it returns, so the same
// rows asked again come from the cache, free.
import type { OutputColumn } from '../../../shared/bulk-rpc';
import type { ErrorCode } from '../../api/outcome';
import { resultKey } from '../../cache/keys';
import { deliveryMessage, headerLabel } from '../../jobs/employee-sheet';
import { commitJobChanges, type JobRecord, readJobs } from '../../jobs/registry';
import { type LookupDeps, type LookupItem, type LookupResult, lookupMany } from '../../lookup/pass';
import { chargedCredits, type Operation, operationByType } from '../../operations/table';
import type { HashPort } from '../../platform/ports';
import {
  asLiteralForSheet,
  type CellValue,
  fitCell,
  primaryValue,
  recordRow,
  resultItems,
} from '../../render/results';
import type { ColumnLayout } from '../layout';
import {
  answeredRows,
  cellAt,
  perLookupEstimate,
  planRow,
  type RowPlan,
  rowSignature,
  type SheetTable,
  tableSpan,
} from '../plan';
import { addRows, countRows, removeRows, rowsOf } from '../row-ranges';
import { BULK_STATUS, type BulkRun, isErrorStatus, isPendingStatus } from '../run';

export const SLICE_LIMITS = {
  /** Rows one slice looks at. */
  maxRows: 400,
  /** What a slice may take, well inside an execution's 6 minutes, so the sidebar updates often. */
  budgetMs: 45_000,
  /**
   * Clock time for lookups. The rest of the budget covers lock waits, reading and writing, which
   * are round trips too (about 5 s of them in a slice of 400 rows).
   */
  lookupBudgetMs: 32_000,
  /** POSTs a second when the caller does not say (the run passes the plan's rate from the settings). */
  requestsPerSecond: 5,
  /** Rows waiting on a job at once: each job holds a record in the 500 KB document properties. */
  maxPendingRows: 100,
  /** After a server error, rate limit or network failure, the next slice waits this long. */
  failureWaitMs: 30_000,
  /** Slices in a row that may meet such failures before the rows get the error. */
  maxFailingSlices: 3,
  /** How often rows waiting on a job are asked again (one status round each time). */
  pendingCheckMs: 5_000,
  /** Time for that status round. */
  pollWindowMs: 1_500,
} as const;

export type SliceLimits = { -readonly [K in keyof typeof SLICE_LIMITS]: number };

export interface CellBlock {
  row: number;
  column: number;
  values: CellValue[][];
}

export interface BulkSheetPort {
  /** Rows firstRow..lastRow of columns firstColumn..lastColumn; cells past the grid read as ''. */
  read(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): unknown[][];
  /** One setValues per block; every value is ready for it (see asLiteralForSheet). */
  write(blocks: readonly CellBlock[]): void;
}

/** One sheet holding the employees of every company of a run, with a company column. */
export interface CombinedSheetPort {
  /** Source rows whose employees the sheet already holds (a slice killed after writing them). */
  writtenRows(): Set<number>;
  append(rows: CellValue[][]): void;
}

export interface BulkSliceDeps {
  lookup: LookupDeps;
  hash: HashPort;
  /** The account of the API key (cache keys are scoped by it). */
  scope: string;
  sheet: BulkSheetPort;
  combined: CombinedSheetPort | null;
  /** Writes finished employee lists into their own sheets: one job pump pass. */
  deliverLists(): void;
}

export interface SliceOptions {
  day: string;
  spreadsheetId: string;
  /** Credits the run may spend; 0: no cap. */
  runHardCap: number;
  limits?: Partial<SliceLimits>;
}

// --- What a row shows -------------------------------------------------------------------------

/** The output cells of a found answer, ready for setValues; null when it holds nothing to show. */
export function foundValues(
  op: Operation,
  run: Pick<BulkRun, 'config'>,
  result: unknown,
): CellValue[] | null {
  const { output } = run.config;
  if (output.mode === 'fields') {
    const { row } = recordRow(op, result, output.fields);
    return row.every((value) => value === '') ? null : row.map(asLiteralForSheet);
  }
  if (op.shape === 'list') {
    const names = resultItems(result)
      .map((item) => primaryValue(op, item))
      .filter((value) => value !== null);
    return names.length === 0 ? null : [asLiteralForSheet(fitCell(names.join(', ')))];
  }
  const value = primaryValue(op, result);
  return value === null ? null : [asLiteralForSheet(value)];
}

export function combinedHeader(op: Operation): string[] {
  return ['Company', 'Row', ...op.fields.map(headerLabel)];
}

/** The combined sheet's rows for one company's list: which company, which source row, the fields. */
export function combinedRows(op: Operation, company: string, row: number, result: unknown): CellValue[][] {
  return resultItems(result).map((item) => [
    asLiteralForSheet(company),
    row,
    ...recordRow(op, item, op.fields).row.map(asLiteralForSheet),
  ]);
}

// --- The slice --------------------------------------------------------------------------------

type Source = 'pending' | 'retry' | 'new';

interface Work {
  row: number;
  source: Source;
  plan: RowPlan;
  key?: string;
  /** A row of the sheet already showing this input's answer. */
  copyFrom?: number;
}

type Outcome =
  | { kind: 'skipped' }
  | { kind: 'invalid'; status: string }
  | { kind: 'found'; values: CellValue[] }
  | { kind: 'notFound' }
  | { kind: 'pending'; status: string }
  | { kind: 'error'; status: string; retryable: boolean }
  /** Not asked this time (out of time, lock busy, a failing service, after a stop): a later slice does it. */
  | { kind: 'defer'; transient?: string }
  | { kind: 'fatal'; message: string };

/** Failures that pass with time: a server error, a rate limit, the network. Nothing was charged. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['server_error', 'rate_limited', 'network']);

const asksLookup = (work: Work) => work.plan.kind === 'lookup' && work.key !== undefined;

/** Runs one slice of `run`; answers the run as it should be saved. */
export function runSlice(deps: BulkSliceDeps, run: BulkRun, options: SliceOptions): BulkRun {
  return new Slice(deps, run, options).run();
}

class Slice {
  private readonly limits: SliceLimits;
  private readonly op: Operation;
  private readonly layout: ColumnLayout;
  private readonly started: number;
  private table!: SheetTable;
  private lastRead = 0;
  private readonly keys = new Map<string, string>();
  private credits = 0;
  private jobs: Map<string, JobRecord> | null = null;

  constructor(
    private readonly deps: BulkSliceDeps,
    private readonly input: BulkRun,
    private readonly options: SliceOptions,
  ) {
    this.limits = { ...SLICE_LIMITS, ...options.limits };
    this.op = operationByType(input.config.type)!;
    this.layout = { outputs: input.outputs, status: input.status };
    this.started = this.now();
  }

  private now(): number {
    return this.deps.lookup.client.clock.now();
  }

  private status(row: number): unknown {
    return cellAt(this.table, row, this.layout.status.column);
  }

  run(): BulkRun {
    const { input: run } = this;
    const span = tableSpan(run.config, this.layout);
    // Rows below the ones this slice may take are not needed yet.
    this.lastRead = Math.min(run.lastRow, run.cursor + this.limits.maxRows - 1);
    this.table = {
      firstRow: run.firstRow,
      firstColumn: span.first,
      values: this.deps.sheet.read(run.firstRow, this.lastRead, span.first, span.last),
    };
    const { work, stale } = this.chooseRows();
    const cut = this.planLookups(work);
    const results = this.lookUp(work.slice(0, cut.index));
    this.bookCredits(work, results);
    const outcomes = this.outcomes(work, cut.index, results);
    this.write(work, outcomes);
    return this.nextRun(work, outcomes, stale, cut);
  }

  /** Pending rows when due, then rows to retry, then new rows from the cursor: at most maxRows. */
  private chooseRows(): { work: Work[]; stale: number[] } {
    const { input: run, limits } = this;
    const pendingRows = rowsOf(run.pending);
    // A row of a set whose status says otherwise was answered or edited meanwhile: left alone.
    const stale = [
      ...pendingRows.filter((row) => !isPendingStatus(this.status(row))),
      ...rowsOf(run.retry).filter((row) => !isErrorStatus(this.status(row))),
    ];
    const stillPending = pendingRows.filter((row) => isPendingStatus(this.status(row)));
    const due = this.started >= run.pendingCheckAt ? stillPending.slice(0, limits.maxRows) : [];
    let room = limits.maxRows - due.length;
    const retry = rowsOf(run.retry)
      .filter((row) => isErrorStatus(this.status(row)))
      .slice(0, Math.max(0, room));
    room -= retry.length;
    // Async operations answer with jobs: start no more than the registry can comfortably hold.
    if (this.op.mode === 'async') room = Math.min(room, limits.maxPendingRows - stillPending.length);
    const fresh: number[] = [];
    for (let row = run.cursor; row <= run.lastRow && fresh.length < room; row++) fresh.push(row);
    const work = [
      ...due.map((row): Work => this.workFor(row, 'pending')),
      ...retry.map((row): Work => this.workFor(row, 'retry')),
      ...fresh.map((row): Work => this.workFor(row, 'new')),
    ];
    return { work, stale };
  }

  private workFor(row: number, source: Source): Work {
    const plan = planRow(this.op, this.input.config, this.layout, this.table, row);
    if (plan.kind !== 'lookup') return { row, source, plan };
    let key = this.keys.get(plan.query);
    if (key === undefined) {
      key = resultKey(this.deps.hash, this.deps.scope, plan.request);
      this.keys.set(plan.query, key);
    }
    return { row, source, plan, key };
  }

  /**
   * Which rows this slice asks. A repeat of a row already showing its answer is copied from that row
   * (free, even once the cache has dropped the answer). New lookups past the slice's time come back
   * "not sent" and wait for the next slice. With a per-run cap, the first row the run cannot pay for
   * and the rows after it are not asked at all: answers the index of that row.
   */
  private planLookups(work: Work[]): { index: number; reason: 'cap' | null } {
    const asked = work.filter((w) => w.source !== 'pending' && asksLookup(w));
    // An employee list's row shows where its sheet went, not the list: there is nothing to copy.
    if (asked.length > 0 && this.op.shape !== 'employees') {
      const { config, firstRow } = this.input;
      const answered = answeredRows(config, this.layout, this.table, firstRow, this.lastRead);
      for (const w of asked) {
        const from = answered.get(rowSignature(config, this.table, w.row));
        if (from !== undefined && from !== w.row) w.copyFrom = from;
      }
    }
    const { runHardCap } = this.options;
    if (!(runHardCap > 0)) return { index: work.length, reason: null };
    const toBuy = asked.filter((w) => w.copyFrom === undefined);
    const cached = this.deps.lookup.cache.getMany(toBuy.map((w) => w.key!));
    const perLookup = perLookupEstimate(this.op, this.input.config);
    // Jobs still running will be charged too.
    let room = runHardCap - this.input.credits - countRows(this.input.pending) * perLookup;
    const buying = new Set<string>();
    for (const [index, w] of work.entries()) {
      if (w.source === 'pending' || !asksLookup(w) || w.copyFrom !== undefined) continue;
      if (cached.has(w.key!) || buying.has(w.key!)) continue;
      if (perLookup > room + 1e-9) return { index, reason: 'cap' };
      buying.add(w.key!);
      room -= perLookup;
    }
    return { index: work.length, reason: null };
  }

  private lookUp(work: readonly Work[]): Map<string, LookupResult> {
    const { deps, options, limits } = this;
    const itemsOf = (rows: readonly Work[], skip: ReadonlySet<string>): LookupItem[] => {
      const items = new Map<string, LookupItem>();
      for (const w of rows) {
        if (!asksLookup(w) || w.copyFrom !== undefined || skip.has(w.key!) || items.has(w.key!)) continue;
        if (w.plan.kind === 'lookup')
          items.set(w.key!, { key: w.key!, op: this.op, request: w.plan.request });
      }
      return [...items.values()];
    };
    const context = {
      source: 'bulk' as const,
      jobSource: 'bulk' as const,
      spreadsheetId: options.spreadsheetId,
      day: options.day,
      formulaDailyCap: 0,
      retryServerErrors: true,
      maxRequestsPerSecond: limits.requestsPerSecond,
    };
    const results = new Map<string, LookupResult>();
    // Rows waiting on a job: one status round, then the slice moves on.
    const waiting = itemsOf(
      work.filter((w) => w.source === 'pending'),
      new Set(),
    );
    if (waiting.length > 0) {
      const deadline = this.now() + limits.pollWindowMs;
      for (const [key, result] of lookupMany(deps.lookup, waiting, { ...context, deadline, pollJobs: true }))
        results.set(key, result);
    }
    // New lookups: a 202 is handed to the job pump at once, so sending uses the whole budget.
    const asked = itemsOf(
      work.filter((w) => w.source !== 'pending'),
      new Set(results.keys()),
    );
    if (asked.length > 0) {
      const deadline = this.started + limits.lookupBudgetMs;
      for (const [key, result] of lookupMany(deps.lookup, asked, { ...context, deadline, pollJobs: false }))
        results.set(key, result);
    }
    if (this.op.shape === 'employees') this.placeLists(work, results);
    return results;
  }

  // --- Employee lists ---

  private currentJobs(): Map<string, JobRecord> {
    this.jobs ??= new Map(readJobs(this.deps.lookup.store).map((job) => [job.key, job]));
    return this.jobs;
  }

  /** Lists found this slice go to one combined sheet, or to a sheet each through the job pump. */
  private placeLists(work: readonly Work[], results: Map<string, LookupResult>): void {
    const found = work.filter((w) => {
      const result = w.key === undefined ? undefined : results.get(w.key);
      return result?.kind === 'found' && resultItems(result.result).length > 0;
    });
    if (found.length === 0) return;
    if (this.deps.combined && this.input.combinedSheet) {
      this.writeCombined(found, results, this.deps.combined, this.input.combinedSheet);
      return;
    }
    const waiting = found.some((w) => this.currentJobs().get(w.key!)?.state === 'done');
    if (!waiting) return;
    this.deps.deliverLists();
    this.jobs = null;
  }

  private writeCombined(
    found: readonly Work[],
    results: Map<string, LookupResult>,
    combined: CombinedSheetPort,
    sheetName: string,
  ): void {
    const already = combined.writtenRows();
    const rows: CellValue[][] = [];
    const written = new Set<string>();
    for (const w of found) {
      if (written.has(w.key!) || w.plan.kind !== 'lookup') continue;
      written.add(w.key!);
      if (already.has(w.row)) continue;
      const result = results.get(w.key!);
      if (result?.kind === 'found')
        rows.push(...combinedRows(this.op, w.plan.request.input_data, w.row, result.result));
    }
    if (rows.length > 0) combined.append(rows);
    // The job pump must not also write these lists into sheets of their own.
    const now = this.now();
    const changes = [...written].flatMap((key) => {
      const job = this.currentJobs().get(key);
      if (job?.state !== 'done') return [];
      const count = resultItems((results.get(key) as { result: unknown }).result).length;
      const message = deliveryMessage(count, sheetName);
      const next: JobRecord = { ...job, state: 'collected', sheetName, message, updatedAt: now };
      return [{ expected: job, next }];
    });
    commitJobChanges(this.deps.lookup.store, this.deps.lookup.lock, changes, 2_000);
    this.jobs = null;
  }

  private listOutcome(w: Work, result: Extract<LookupResult, { kind: 'found' }>): Outcome {
    const count = resultItems(result.result).length;
    if (count === 0) return { kind: 'notFound' };
    const { combinedSheet } = this.input;
    if (this.deps.combined && combinedSheet)
      return { kind: 'found', values: [asLiteralForSheet(deliveryMessage(count, combinedSheet))] };
    const job = this.currentJobs().get(w.key!);
    if (job?.state === 'collected' && job.sheetName)
      return {
        kind: 'found',
        values: [asLiteralForSheet(job.message ?? deliveryMessage(count, job.sheetName))],
      };
    if (job?.state === 'collected') return { kind: 'notFound' };
    return { kind: 'pending', status: BULK_STATUS.writingList };
  }

  // --- Outcomes ---

  private outcomes(work: readonly Work[], cut: number, results: Map<string, LookupResult>): Outcome[] {
    let blockNew = false;
    let stopAll = false;
    return work.map((w, index): Outcome => {
      if (stopAll || index >= cut || (blockNew && w.source === 'new')) return { kind: 'defer' };
      const outcome = this.outcomeOf(w, results);
      if (outcome.kind === 'fatal') stopAll = true;
      if (outcome.kind === 'defer' && w.source === 'new') blockNew = true;
      return outcome;
    });
  }

  private outcomeOf(w: Work, results: Map<string, LookupResult>): Outcome {
    const { plan } = w;
    if (plan.kind === 'filled' || plan.kind === 'blank') return { kind: 'skipped' };
    if (plan.kind === 'invalid') return { kind: 'invalid', status: BULK_STATUS.invalid(plan.message) };
    if (w.copyFrom !== undefined) return this.copied(w.copyFrom);
    const result = results.get(w.key!);
    return result ? this.resultOutcome(w, result) : { kind: 'defer' };
  }

  private resultOutcome(w: Work, result: LookupResult): Outcome {
    switch (result.kind) {
      case 'found': {
        if (this.op.shape === 'employees') return this.listOutcome(w, result);
        const values = foundValues(this.op, this.input, result.result);
        return values ? { kind: 'found', values } : { kind: 'notFound' };
      }
      case 'miss':
        return { kind: 'notFound' };
      case 'pending':
        return { kind: 'pending', status: BULK_STATUS.processing };
      case 'waiting':
        return { kind: 'pending', status: BULK_STATUS.waiting };
      case 'refused':
        return { kind: 'defer' };
      case 'expired':
        return {
          kind: 'error',
          status: BULK_STATUS.expired(
            'the result expired before it was collected; its credits were spent. Re-run it from the Jobs panel.',
          ),
          retryable: false,
        };
      case 'failed': {
        const { error } = result;
        if (error.fatal) return { kind: 'fatal', message: error.message };
        if (error.code === 'not_sent') return { kind: 'defer' };
        // A failing service is waited out for a few slices before its rows get the error.
        if (TRANSIENT.has(error.code) && this.input.failingSlices < this.limits.maxFailingSlices)
          return { kind: 'defer', transient: error.message };
        return { kind: 'error', status: BULK_STATUS.error(error.message), retryable: true };
      }
    }
  }

  /**
   * This run's credits: every answer bought in this slice (rows written later included: a row
   * after a stop is answered from the cache then, free), and the jobs it started, when something
   * else (the job pump) collected them.
   */
  private bookCredits(work: readonly Work[], results: ReadonlyMap<string, LookupResult>): void {
    const booked = new Set<string>();
    for (const [key, result] of results) {
      const bought = (result.kind === 'found' || result.kind === 'miss') && !result.cached;
      if (bought) this.credits += result.credits;
      else if (result.kind === 'failed' && result.error.code === 'provider_error')
        this.credits += chargedCredits(this.op, 0);
      else continue;
      booked.add(key);
    }
    for (const w of work) {
      if (w.source !== 'pending' || w.key === undefined || booked.has(w.key)) continue;
      // Only a row waiting on a job this run started; "waiting" rows wait on someone else's purchase.
      if (this.status(w.row) !== BULK_STATUS.processing) continue;
      const result = results.get(w.key);
      if (result?.kind !== 'found' && result?.kind !== 'miss') continue;
      this.credits += result.credits;
      booked.add(w.key);
    }
  }

  private copied(from: number): Outcome {
    if (this.status(from) !== BULK_STATUS.found) return { kind: 'notFound' };
    const values = this.layout.outputs.map((output) => {
      const value = cellAt(this.table, from, output.column);
      return asLiteralForSheet(
        typeof value === 'number' || typeof value === 'boolean' ? value : String(value ?? ''),
      );
    });
    return { kind: 'found', values };
  }

  // --- Writing ---

  private rowValues(outcome: Outcome): CellValue[] | null {
    const blank = this.layout.outputs.map(() => '');
    switch (outcome.kind) {
      case 'found':
        return [...outcome.values, BULK_STATUS.found];
      case 'notFound':
        return [...blank, BULK_STATUS.notFound];
      case 'invalid':
      case 'pending':
      case 'error':
        return [...blank, outcome.status];
      default:
        return null;
    }
  }

  private write(work: readonly Work[], outcomes: readonly Outcome[]): void {
    const rows = new Map<number, CellValue[]>();
    work.forEach((w, i) => {
      const values = this.rowValues(outcomes[i]!);
      if (values) rows.set(w.row, values);
    });
    const columns: OutputColumn[] = [...this.layout.outputs, this.layout.status];
    const blocks = cellBlocks(
      rows,
      columns.map((c) => c.column),
    );
    if (blocks.length > 0) this.deps.sheet.write(blocks);
  }

  // --- The next state ---

  private nextRun(
    work: readonly Work[],
    outcomes: readonly Outcome[],
    stale: readonly number[],
    cut: { index: number; reason: 'cap' | null },
  ): BulkRun {
    const run = this.input;
    const counts = { ...run.counts };
    const resolved: number[] = [...stale];
    const nowPending: number[] = [];
    const failed: number[] = [];
    let cursor = run.cursor;
    let firstDeferredNew: number | null = null;
    let fatal: string | null = null;
    let finished = 0;
    work.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if (outcome.kind === 'defer' || outcome.kind === 'fatal') {
        if (w.source === 'new') firstDeferredNew ??= w.row;
        if (outcome.kind === 'fatal') fatal ??= outcome.message;
        return;
      }
      if (w.source === 'new') cursor = w.row + 1;
      if (w.source !== 'new') resolved.push(w.row);
      if (outcome.kind === 'pending') {
        nowPending.push(w.row);
        return;
      }
      finished++;
      if (outcome.kind === 'skipped') counts.skipped++;
      else if (outcome.kind === 'invalid') counts.invalid++;
      else if (outcome.kind === 'found') counts.found++;
      else if (outcome.kind === 'notFound') counts.notFound++;
      else {
        counts.errors++;
        if (outcome.retryable) failed.push(w.row);
      }
    });
    if (firstDeferredNew !== null) cursor = firstDeferredNew;

    const now = this.now();
    const pendingBefore = removeRows(run.pending, resolved);
    const pending = addRows(pendingBefore, nowPending);
    const retry = removeRows(run.retry, resolved);
    const revisited = work.some((w) => w.source === 'pending');
    const startedWaiting = run.pending.length === 0 && pending.length > 0;
    const failing = outcomes.find((o) => o.kind === 'defer' && o.transient !== undefined);
    const failure = failing?.kind === 'defer' ? failing.transient : undefined;
    const waitMs = this.limits.failureWaitMs;
    const next: BulkRun = {
      ...run,
      waitUntil: failure ? now + waitMs : run.waitUntil,
      failingSlices: failure ? run.failingSlices + 1 : 0,
      notice: failure ? `${failure} The run waits ${Math.round(waitMs / 1000)} s, then asks again.` : null,
      cursor,
      counts,
      pending,
      retry,
      failed: addRows(run.failed, failed),
      credits: run.credits + this.credits,
      activeMs: run.activeMs + (now - this.started),
      timedRows: run.timedRows + finished,
      pendingCheckAt: revisited || startedWaiting ? now + this.limits.pendingCheckMs : run.pendingCheckAt,
      updatedAt: now,
    };
    if (fatal !== null) return { ...next, state: 'stopped', message: stopMessage(fatal, cursor, next) };
    const capReached = cut.reason === 'cap' && outcomes[cut.index]?.kind === 'defer';
    if (capReached) {
      const cap = this.options.runHardCap;
      return {
        ...next,
        state: 'stopped',
        message: `This run reached its cap of ${credits(cap)} (${credits(next.credits)} spent). Raise the per-run cap in the settings, then Resume.`,
      };
    }
    const complete = cursor > run.lastRow && pending.length === 0 && retry.length === 0;
    return complete ? { ...next, state: 'done' } : next;
  }
}

const credits = (n: number) => `${Math.round(n * 100) / 100} credit${n === 1 ? '' : 's'}`;

function stopMessage(reason: string, cursor: number, run: BulkRun): string {
  const where =
    cursor <= run.lastRow ? ` The run stopped at row ${cursor}; nothing from there on was sent.` : '';
  return `${reason}${where} Resume once this is fixed.`;
}

/** Rows grouped into runs of consecutive rows, columns into runs of adjacent columns: one block each. */
export function cellBlocks(
  rows: ReadonlyMap<number, readonly CellValue[]>,
  columns: readonly number[],
): CellBlock[] {
  const order = columns.map((column, index) => ({ column, index })).sort((a, b) => a.column - b.column);
  const columnRuns: { column: number; indexes: number[] }[] = [];
  for (const { column, index } of order) {
    const last = columnRuns[columnRuns.length - 1];
    if (last && column === last.column + last.indexes.length) last.indexes.push(index);
    else columnRuns.push({ column, indexes: [index] });
  }
  const sortedRows = [...rows.keys()].sort((a, b) => a - b);
  const rowRuns: number[][] = [];
  for (const row of sortedRows) {
    const last = rowRuns[rowRuns.length - 1];
    if (last && row === last[last.length - 1]! + 1) last.push(row);
    else rowRuns.push([row]);
  }
  const blocks: CellBlock[] = [];
  for (const rowRun of rowRuns) {
    for (const { column, indexes } of columnRuns) {
      blocks.push({
        row: rowRun[0]!,
        column,
        values: rowRun.map((row) => indexes.map((index) => rows.get(row)![index] ?? '')),
      });
    }
  }
  return blocks;
}
