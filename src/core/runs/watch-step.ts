// One step of a watch over its sheet: the due rows read at once (watches/due.ts), then slices over
// them (slice.ts), each bounded like a bulk run's and writing before it returns, through the
// guarded sheet (server/watches/sheet-port.ts), each allowed to spend what is left of the watch's
// caps; a slice starts only while its whole budget fits before the run's end.
// What it did comes back as a StepResult; the watch's run (watch-run.ts) folds it in and saves it.
import type { BackgroundCollection } from '../../shared/jobs-rpc';
import { cellAt, perLookupEstimate, readTable, type SheetTable } from '../bulk/plan';
import { countRows, type RowRanges, rowsOf } from '../bulk/row-ranges';
import { type BulkRun, newRun } from '../bulk/run';
import { type BulkSheetPort, SLICE_LIMITS } from '../bulk/slice/ports';
import { cellBlocks } from '../bulk/slice/row-values';
import { operationByType } from '../operations/table';
import { belowPriceStatus, capStatus, runEndedStatus } from '../text/catalogue/statuses';
import { capBelowPrice } from '../watches/caps';
import { dueRows } from '../watches/due';
import type { IncompleteRows } from '../watches/incomplete';
import { refusalOf } from '../watches/pause';
import type { CapBelowPrice, Watch, WatchStep } from '../watches/watch';
import type { RunPorts } from './ports';
import { sliceOf } from './slice';

/** A slice starts only when its whole budget, and this margin, fit before the run's end. */
const SLICE_MARGIN_MS = 15_000;

/** Why a step stopped before its last due row. */
export type StepStop =
  | { kind: 'time' }
  /**
   * A cap left rows unbought (they say so; the saved answers were still written): `by` says which
   * (the watch's daily cap, or the per-run cap of the settings).
   */
  | { kind: 'cap'; by: 'daily' | 'run'; below?: CapBelowPrice }
  /** The API refused (401, 402): `message` as the slice said it. */
  | { kind: 'refused'; message: string }
  /** A failing service: no run before `waitUntil`. */
  | { kind: 'failing'; notice: string; waitUntil: number };

export interface StepResult {
  spent: number;
  /** Rows answered (found or not found). */
  answered: number;
  /** Rows whose lookup failed (their status says why). */
  failed: number;
  /** Rows still waiting on an API job. */
  pending: number;
  stop: StepStop | null;
}

export interface StepContext {
  /** `clockSchedule`: as the watch run's ports say it (watch-run.ts). */
  ports: RunPorts & { clockSchedule(): BackgroundCollection };
  /** The watch's sheet for this pass: its rows remembered as read, its writes guarded. */
  port: BulkSheetPort;
  /** The sheet's last row with content, as this pass found it. */
  lastRow: number;
  watch: Watch;
  index: number;
  /** When the run must be done. */
  until: number;
  /** Which rows with a blank input wait for the rest (core/watches/incomplete.ts). */
  incomplete: IncompleteRows;
  /** While every watch is paused (401, 402): what a row that would cost credits says; null otherwise. */
  paused: string | null;
  /**
   * What the next slice may spend given what this step spent so far (0: nothing), and which cap
   * binds.
   */
  caps(spentSoFar: number): { left: number; by: 'daily' | 'run' };
}

export class StepRun {
  private readonly result: StepResult = { spent: 0, answered: 0, failed: 0, pending: 0, stop: null };
  private readonly firstRow: number;

  constructor(
    private readonly step: WatchStep,
    private readonly env: StepContext,
  ) {
    this.firstRow = env.watch.headerRow + 1;
  }

  private now(): number {
    return this.env.ports.clock.now();
  }

  run(): StepResult {
    const { lastRow } = this.env;
    if (lastRow < this.firstRow) return this.result;
    const { step } = this;
    const table = readTable(this.env.port, step, this.firstRow, lastRow);
    const due = dueRows(step, table, (row) => this.env.incomplete.holds(step.config, table, row));
    for (const [k, [from, to]] of due.spans.entries()) {
      const stoppedAt = this.walk(from, to);
      if (stoppedAt === null) continue;
      if (this.result.stop?.kind === 'time')
        this.sayLeft(table, [[stoppedAt, to], ...due.spans.slice(k + 1)]);
      break;
    }
    return this.result;
  }

  /**
   * The due rows this run ended before, whose status is still blank, say so and when they go on:
   * a watch that is on never leaves a row without a word. They stay due (a wait is no failure).
   */
  private sayLeft(table: SheetTable, spans: RowRanges): void {
    const column = this.step.layout.status.column;
    const blank = rowsOf(spans).filter((row) => cellAt(table, row, column) === '');
    if (blank.length === 0) return;
    const status = [runEndedStatus(this.env.ports.clockSchedule())];
    this.env.port.write(cellBlocks(new Map(blank.map((row) => [row, status])), [column]));
  }

  /**
   * Slices from `from` to `to`; answers the row it stopped at, or null when it reached `to`. Past
   * its caps a slice still fills the rows whose answers are saved (free) and passes over the
   * others, which say so: the walk goes on to the end.
   */
  private walk(from: number, to: number): number | null {
    let cursor = from;
    while (cursor <= to) {
      const fits = this.now() + SLICE_LIMITS.budgetMs + SLICE_MARGIN_MS <= this.env.until;
      const sliced = fits ? this.slice(cursor, to) : null;
      if (sliced && this.fold(sliced)) return Math.max(cursor, sliced.cursor);
      // Out of time, or a slice that got nowhere (the lock busy, the pace full): the next run goes
      // on from here.
      if (!sliced || sliced.cursor <= cursor) {
        this.stopWith({ kind: 'time' });
        return cursor;
      }
      cursor = sliced.cursor;
    }
    return null;
  }

  /** A cap reached stays the step's stop when time runs out after it: the watch is capped. */
  private stopWith(stop: StepStop): void {
    if (stop.kind === 'time' && this.result.stop?.kind === 'cap') return;
    this.result.stop = stop;
  }

  private slice(cursor: number, lastRow: number): BulkRun {
    const { ports, watch, index } = this.env;
    const { step } = this;
    const run = newRun({
      id: `${watch.id}:${index}`,
      config: step.config,
      spreadsheetId: ports.spreadsheetId(),
      layout: step.layout,
      firstRow: this.firstRow,
      lastRow,
      combinedSheet: null,
      now: this.now(),
    });
    // Spending's totals count a watch's credits with the bulk runs' (its groups are formulas, bulk
    // runs and key tests); the record of purchases, the receipts and the report name the watch.
    return sliceOf(ports, { ...run, cursor }, this.env.port, null, {
      watchCaps: this.watchCaps(),
      buyer: step.config.refreshedOn ? 'refresh' : 'watch',
      // Watches run in triggers only, which the day's quota may stop at any instant.
      stoppable: true,
    });
  }

  /**
   * What the next slice may spend, and what a row it cannot pay for says: the daily cap tells
   * when it goes on; under the per-run cap the row waits for the next run as it is.
   */
  private watchCaps(): { left: number; status: string | null } {
    if (this.env.paused !== null) return { left: 0, status: this.env.paused };
    const caps = this.env.caps(this.result.spent);
    if (caps.by !== 'daily') return { left: caps.left, status: null };
    const { dailyCap } = this.env.watch;
    const below = this.belowPrice();
    return { left: caps.left, status: below ? belowPriceStatus(dailyCap, below) : capStatus(dailyCap) };
  }

  /** One lookup's price when the watch's daily cap is below it: no new day buys the rows then. */
  private belowPrice(): CapBelowPrice | null {
    const op = operationByType(this.step.config.type)!;
    const price = perLookupEstimate(op, this.step.config);
    return capBelowPrice(this.env.watch.dailyCap, price, op.pricing.kind === 'per_employee');
  }

  /** Folds a slice into the step's result; answers whether the step stops here. */
  private fold(sliced: BulkRun): boolean {
    const { result } = this;
    result.spent += sliced.credits;
    result.answered += sliced.counts.found + sliced.counts.notFound;
    result.failed += sliced.counts.errors;
    result.pending = countRows(sliced.pending);
    if (sliced.state === 'stopped') {
      if (sliced.stoppedBy !== 'cap') {
        result.stop = { kind: 'refused', message: refusalOf(sliced.message ?? '') };
        return true;
      }
      // Its caps passed rows over (they say so) and the slice went on: so does the step.
      const { by } = this.env.caps(result.spent);
      const below = by === 'daily' ? this.belowPrice() : null;
      this.stopWith({ kind: 'cap', by, ...(below ? { below } : {}) });
    }
    if (sliced.notice !== null && sliced.waitUntil > this.now()) {
      result.stop = { kind: 'failing', notice: sliced.notice, waitUntil: sliced.waitUntil };
      return true;
    }
    return false;
  }
}
