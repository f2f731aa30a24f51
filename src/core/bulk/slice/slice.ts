// One slice of a bulk run: a bounded number of rows, a bounded amount of clock time. It reads the
// run's columns once, asks the rows' answers in one lookup pass (cache, known jobs, then the API in
// paced batches), writes outputs and statuses in blocks, and answers the run's next state. A slice
// that dies loses nothing paid: the lookup pass stores every answer before it returns, so the same
// rows asked again come from the cache, free.
import { failureCharge } from '../../billing/charges';
import { resultKey } from '../../cache/keys';
import type { LookupItem, LookupResult } from '../../lookup/items';
import { lookupMany } from '../../lookup/pass';
import { operationByType } from '../../operations/table';
import type { Operation } from '../../operations/types';
import type { CellValue } from '../../render/values';
import { BULK_STATUS, isErrorStatus, isPendingStatus } from '../../text/catalogue/statuses';
import { type ColumnLayout, type LaidOutRun, rowServed } from '../layout';
import {
  answeredRows,
  cellAt,
  perLookupEstimate,
  planRow,
  readTable,
  rowSignature,
  type SheetTable,
} from '../plan';
import { settleRefreshed } from '../refresh-notes';
import { countRows, rowsOf } from '../row-ranges';
import type { BulkRun } from '../run';
import { keepLent, sayLostSheet } from './lent';
import { EmployeeLists } from './lists';
import { nextRun, type SliceEnd } from './next-run';
import { outcomesOf, type SliceView } from './outcomes';
import type { BulkSliceDeps, SliceLimits, SliceOptions } from './ports';
import { SLICE_LIMITS } from './ports';
import { cellBlocks } from './row-values';
import { asksLookup, type Outcome, type Source, type Work } from './work';

/** Runs one slice of `run`; answers the run as it should be saved. */
export function runSlice(deps: BulkSliceDeps, run: BulkRun, options: SliceOptions): BulkRun {
  return new Slice(deps, run, options).run();
}

class Slice implements SliceView {
  readonly limits: SliceLimits;
  readonly op: Operation;
  readonly layout: ColumnLayout;
  private readonly laidOut: LaidOutRun;
  readonly lists: EmployeeLists;
  private readonly started: number;
  table!: SheetTable;
  private readonly keys = new Map<string, string>();
  private credits = 0;

  constructor(
    private readonly deps: BulkSliceDeps,
    readonly input: BulkRun,
    private readonly options: SliceOptions,
  ) {
    this.limits = { ...SLICE_LIMITS, ...options.limits };
    this.op = operationByType(input.config.type)!;
    this.layout = { outputs: input.outputs, status: input.status };
    this.laidOut = { config: input.config, layout: this.layout };
    this.started = this.now();
    this.lists = new EmployeeLists(deps, this.op, input);
  }

  private now(): number {
    return this.deps.lookup.client.clock.now();
  }

  status(row: number): unknown {
    return cellAt(this.table, row, this.layout.status.column);
  }

  run(): BulkRun {
    const { input: run } = this;
    // Rows below the ones this slice may take are not needed yet.
    const lastRead = Math.min(run.lastRow, run.cursor + this.limits.maxRows - 1);
    this.table = readTable(this.deps.sheet, this.laidOut, run.firstRow, lastRead);
    const { work, stale } = this.chooseRows();
    const cut = this.planLookups(work);
    const results = this.lookUp(work.filter((_, index) => !cut.capped.has(index)));
    keepLent(this.deps.lookup.cache, results);
    this.bookCredits(work, results);
    const outcomes = outcomesOf(this, work, cut.capped, results, this.cappedAs());
    this.write(work, outcomes);
    const end: SliceEnd = {
      work,
      outcomes,
      stale,
      cut,
      credits: this.credits,
      started: this.started,
      now: this.now(),
      limits: this.limits,
      runHardCap: this.options.runHardCap,
    };
    const next = nextRun(this.input, end);
    return sayLostSheet(this.deps.lookup.cache, settleRefreshed(this.deps.sheet, next, work, outcomes));
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
    const plan = planRow(this.laidOut, this.table, row);
    if (plan.kind !== 'lookup') return { row, source, plan };
    const key = this.keys.get(plan.query) ?? resultKey(this.deps.hash, this.deps.scope, plan.request);
    this.keys.set(plan.query, key);
    return { row, source, plan, key };
  }

  /**
   * Which rows this slice asks. A repeat of a row already showing its answer is copied from that row
   * (free, even once the cache has dropped the answer). New lookups past the slice's time come back
   * "not sent" and wait for the next slice. The rows a cap cannot pay for are not asked at all
   * (`capped`, by index; `index` is the first of them); every other row is, its saved answer free.
   */
  private planLookups(work: Work[]): SliceEnd['cut'] {
    const asked = work.filter((w) => w.source !== 'pending' && asksLookup(w));
    // An employee list's row shows where its sheet went, not the list: there is nothing to copy.
    if (asked.length > 0 && this.op.shape !== 'employees') this.copyAnswered(asked);
    const capped = this.pastCap(work, asked);
    if (capped.size === 0) return { index: work.length, reason: null, capped };
    return { index: Math.min(...capped), reason: 'cap', capped };
  }

  /** A row repeating one that already shows its answer copies it from there. */
  private copyAnswered(asked: readonly Work[]): void {
    const { config } = this.input;
    const answered = answeredRows(this.laidOut, this.table);
    for (const w of asked) {
      const from = answered.get(rowSignature(config, this.table, w.row));
      if (from !== undefined && from !== w.row) w.copyFrom = from;
    }
  }

  /**
   * The indexes of the rows the cap cannot pay for; none without a cap. A saved answer, a repeat
   * of a row bought in this slice and a copy cost nothing: they always fit.
   */
  private pastCap(work: readonly Work[], asked: readonly Work[]): Set<number> {
    const capped = new Set<number>();
    let room = this.capRoom();
    if (room === null) return capped;
    const toBuy = asked.filter((w) => w.copyFrom === undefined);
    const paidAfter = this.input.config.paidAfter ?? Number.NEGATIVE_INFINITY;
    const saved = this.deps.lookup.cache.getMany(toBuy.map((w) => w.key!));
    const cached = new Set([...saved].filter(([, answer]) => answer.at >= paidAfter).map(([key]) => key));
    const perLookup = perLookupEstimate(this.op, this.input.config);
    const buying = new Set<string>();
    for (const [index, w] of work.entries()) {
      if (w.source === 'pending' || !asksLookup(w) || w.copyFrom !== undefined) continue;
      if (cached.has(w.key!) || buying.has(w.key!)) continue;
      if (perLookup > room + 1e-9) capped.add(index);
      else {
        buying.add(w.key!);
        room -= perLookup;
      }
    }
    return capped;
  }

  /** What the caps leave this slice to spend; null without a cap. */
  private capRoom(): number | null {
    const { runHardCap, watchCaps } = this.options;
    if (watchCaps) return watchCaps.left;
    if (!(runHardCap > 0)) return null;
    // Jobs still running will be charged too.
    const perLookup = perLookupEstimate(this.op, this.input.config);
    return runHardCap - this.input.credits - countRows(this.input.pending) * perLookup;
  }

  /** A row the caps cannot pay for: a watch passes it over, saying why; a run leaves it for Resume. */
  private cappedAs(): Outcome {
    const { watchCaps } = this.options;
    return watchCaps ? { kind: 'capped', status: watchCaps.status } : { kind: 'defer' };
  }

  private lookUp(work: readonly Work[]): Map<string, LookupResult> {
    const { options, limits } = this;
    const context = {
      buyer: options.buyer ?? buyerOf(this.input),
      // A refresh run: answers saved before its cutoff are bought again (bulk/refresh.ts).
      paidAfter: this.input.config.paidAfter,
      spreadsheetId: this.input.spreadsheetId,
      day: options.day,
      formulaDailyCap: 0,
      retryServerErrors: true,
      maxRequestsPerSecond: limits.requestsPerSecond,
      stoppable: options.stoppable,
      live: options.live,
    };
    const results = new Map<string, LookupResult>();
    // Rows waiting on a job first: one status round, then the slice moves on. Then new lookups: a
    // 202 is handed to the job collector at once, so sending uses the whole budget.
    for (const pollJobs of [true, false]) {
      const items = this.itemsOf(work, pollJobs, results);
      if (items.length === 0) continue;
      const deadline = pollJobs ? this.now() + limits.pollWindowMs : this.started + limits.lookupBudgetMs;
      for (const [key, result] of lookupMany(this.deps.lookup, items, { ...context, deadline, pollJobs }))
        results.set(key, result);
    }
    if (this.op.shape === 'employees') this.lists.place(work, results);
    return results;
  }

  /** The distinct lookups of the rows waiting on a job (`pending`) or of the others, but those in `skip`. */
  private itemsOf(work: readonly Work[], pending: boolean, skip: ReadonlyMap<string, unknown>): LookupItem[] {
    const items = new Map<string, LookupItem>();
    for (const { row, source, plan, key, copyFrom } of work) {
      if ((source === 'pending') !== pending || plan.kind !== 'lookup' || key === undefined) continue;
      if (copyFrom !== undefined || skip.has(key) || items.has(key)) continue;
      const served = rowServed(this.input.config.sheetName, this.layout, row);
      items.set(key, { key, op: this.op, request: plan.request, served });
    }
    return [...items.values()];
  }

  /**
   * This run's credits: every answer bought in this slice (rows written later included: a row
   * after a stop is answered from the cache then, free), and the jobs it started, when something
   * else (the job collector) collected them.
   */
  private bookCredits(work: readonly Work[], results: ReadonlyMap<string, LookupResult>): void {
    const booked = new Set<string>();
    const book = (key: string, spent: number | null) => {
      if (spent === null || booked.has(key)) return;
      this.credits += spent;
      booked.add(key);
    };
    for (const [key, result] of results) book(key, this.spentOn(result));
    for (const w of work) if (w.key !== undefined) book(w.key, this.collectedJobCredits(w, results));
  }

  /** What this slice paid for a result; null when it bought nothing (a saved answer, a lookup not sent). */
  private spentOn(result: LookupResult): number | null {
    if (result.kind === 'found' || result.kind === 'miss') return result.cached ? null : result.credits;
    return result.kind === 'failed' ? failureCharge(this.op, result.error) : null;
  }

  /** A job this run started and something else collected: what its answer cost; null for other rows. */
  private collectedJobCredits(w: Work, results: ReadonlyMap<string, LookupResult>): number | null {
    if (w.source !== 'pending' || w.key === undefined) return null;
    // Only a row waiting on a job this run started; "waiting" rows wait on someone else's purchase.
    if (this.status(w.row) !== BULK_STATUS.processing) return null;
    const result = results.get(w.key);
    return result?.kind === 'found' || result?.kind === 'miss' ? result.credits : null;
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
      case 'held':
      case 'pending':
      case 'error':
        return [...blank, outcome.status];
      case 'capped':
        return outcome.status === null ? null : [...blank, outcome.status];
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
    const columns = [...this.layout.outputs, this.layout.status].map((c) => c.column);
    const blocks = cellBlocks(rows, columns);
    if (blocks.length > 0) this.deps.sheet.write(blocks);
  }
}

/** Who buys a run's lookups, as the record of purchases names it. */
const buyerOf = (run: BulkRun) =>
  run.config.refreshedOn ? ('refresh' as const) : run.recipe ? ('recipe' as const) : ('bulk' as const);
