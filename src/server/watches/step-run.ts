// One step of a watch over its sheet: the due rows read at once (core/watches/due.ts), then bulk
// slices over them (core/bulk/slice/), each bounded like a bulk run's and writing before it returns,
// through the guarded sheet (sheet-port.ts), each allowed to spend what is left of the watch's caps.
// What it did comes back as a StepResult; the watch's run (watch-run.ts) folds it in and saves it.
import { type SheetTable, tableSpan } from '../../core/bulk/plan';
import { type BulkRun, newRun } from '../../core/bulk/run';
import { SLICE_LIMITS } from '../../core/bulk/slice/ports';
import { cellBlocks } from '../../core/bulk/slice/row-values';
import { runSlice } from '../../core/bulk/slice/slice';
import { collectOnce } from '../../core/jobs/collector';
import { operationByType } from '../../core/operations/table';
import { DAY_MS } from '../../core/platform/time';
import { capStatus } from '../../core/watches/caps';
import { type DueRows, dueRows } from '../../core/watches/due';
import type { IncompleteRows } from '../../core/watches/incomplete';
import { refusalOf } from '../../core/watches/pause';
import type { Watch, WatchStep } from '../../core/watches/watch';
import { digestHashPort } from '../adapters/apps-script';
import { listSheetPort } from '../adapters/employee-sheets';
import type { ExecutionContext } from '../context';
import type { GuardedSheet } from './sheet-port';

const COLLECTOR_LOCK_WAIT_MS = 3_000;
/** A slice starts only when its whole budget, and this margin, fit before the run's end. */
const SLICE_MARGIN_MS = 15_000;

/** Why a step stopped before its last due row. */
export type StepStop =
  | { kind: 'time' }
  /** No cap room: `by` says which (the watch's daily cap, or the per-run cap of the settings). */
  | { kind: 'cap'; by: 'daily' | 'run' }
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
  ctx: ExecutionContext;
  /** The watch's sheet for this pass: its rows remembered as read, its writes guarded. */
  port: GuardedSheet;
  /** The sheet's last row with content, as this pass found it. */
  lastRow: number;
  watch: Watch;
  index: number;
  /** When the run must be done. */
  until: number;
  /** Which rows with a blank input wait for the rest (core/watches/incomplete.ts). */
  incomplete: IncompleteRows;
  /**
   * What the next slice may spend given what this step spent so far (0: nothing), and which cap
   * binds.
   */
  caps(spentSoFar: number): { left: number; by: 'daily' | 'run' };
}

export function runStep(step: WatchStep, env: StepContext): StepResult {
  return new StepRun(step, env).run();
}

class StepRun {
  private readonly result: StepResult = {
    spent: 0,
    answered: 0,
    failed: 0,
    pending: 0,
    stop: null,
  };
  private readonly port: GuardedSheet;
  private readonly firstRow: number;

  constructor(
    private readonly step: WatchStep,
    private readonly env: StepContext,
  ) {
    this.port = env.port;
    this.firstRow = env.watch.headerRow + 1;
  }

  private now(): number {
    return this.env.ctx.deps.client.clock.now();
  }

  run(): StepResult {
    const { lastRow } = this.env;
    if (lastRow < this.firstRow) return this.result;
    const { step } = this;
    const span = tableSpan(step.config, step.layout);
    const table: SheetTable = {
      firstRow: this.firstRow,
      firstColumn: span.first,
      values: this.port.read(this.firstRow, lastRow, span.first, span.last),
    };
    const op = operationByType(step.config.type)!;
    const holds = (row: number) => this.env.incomplete.holds(step.config, table, row);
    const due = dueRows(op, step.config, step.layout, table, this.firstRow, lastRow, holds);
    for (const [from, to] of due.spans) {
      const stoppedAt = this.walk(from, to);
      if (stoppedAt === null) continue;
      if (this.result.stop?.kind === 'cap' && this.result.stop.by === 'daily')
        this.sayCapped(due, table, stoppedAt);
      break;
    }
    return this.result;
  }

  /** Slices from `from` to `to`; answers the row it stopped at, null when it reached `to`. */
  private walk(from: number, to: number): number | null {
    let cursor = from;
    while (cursor <= to) {
      const stop = this.cannotStart();
      if (stop) {
        this.result.stop = stop;
        return cursor;
      }
      const sliced = this.slice(cursor, to);
      const stopped = this.fold(sliced);
      if (stopped) return sliced.cursor;
      // A slice that got nowhere (the lock busy, the pace full): the next run goes on from here.
      if (sliced.cursor <= cursor) {
        this.result.stop = { kind: 'time' };
        return cursor;
      }
      cursor = sliced.cursor;
    }
    return null;
  }

  private cannotStart(): StepStop | null {
    if (this.now() + SLICE_LIMITS.budgetMs + SLICE_MARGIN_MS > this.env.until) return { kind: 'time' };
    const caps = this.env.caps(this.result.spent);
    return caps.left > 0 ? null : { kind: 'cap', by: caps.by };
  }

  private slice(cursor: number, lastRow: number): BulkRun {
    const { ctx, watch, index } = this.env;
    const { step } = this;
    const run = newRun({
      id: `${watch.id}:${index}`,
      config: step.config,
      spreadsheetId: ctx.spreadsheetId,
      layout: step.layout,
      firstRow: this.firstRow,
      lastRow,
      combinedSheet: null,
      now: this.now(),
    });
    const keepPaidMs = ctx.settings.cacheTtlDays * DAY_MS;
    // Spending's totals count a watch's credits with the bulk runs' (its groups are formulas, bulk
    // runs and key tests); the record of purchases, the receipts and the report name the watch.
    return runSlice(
      {
        lookup: ctx.deps,
        hash: digestHashPort,
        scope: ctx.scope,
        sheet: this.port,
        combined: null,
        deliverLists: () => {
          collectOnce(
            { ...ctx.deps, sheets: listSheetPort() },
            { scope: ctx.scope, day: ctx.day, lockWaitMs: COLLECTOR_LOCK_WAIT_MS, keepPaidMs },
          );
        },
      },
      { ...run, cursor },
      {
        day: ctx.day,
        spreadsheetId: ctx.spreadsheetId,
        runHardCap: this.env.caps(this.result.spent).left,
        limits: { requestsPerSecond: ctx.settings.requestsPerSecond },
        purchaseSource: 'watch',
      },
    );
  }

  /** Folds a slice into the step's result; answers whether the step stops here. */
  private fold(sliced: BulkRun): boolean {
    const { result } = this;
    result.spent += sliced.credits;
    result.answered += sliced.counts.found + sliced.counts.notFound;
    result.failed += sliced.counts.errors;
    result.pending = sliced.pending.reduce((sum, [start, end]) => sum + end - start + 1, 0);
    if (sliced.state === 'stopped') {
      const byCap = sliced.message?.startsWith('This run reached its cap') === true;
      const by = this.env.caps(result.spent).by;
      result.stop = byCap
        ? { kind: 'cap', by }
        : { kind: 'refused', message: refusalOf(sliced.message ?? '') };
      return true;
    }
    if (sliced.notice !== null && sliced.waitUntil > this.now()) {
      result.stop = { kind: 'failing', notice: sliced.notice, waitUntil: sliced.waitUntil };
      return true;
    }
    return false;
  }

  /** The due rows the cap left undone say so in their status column (core/watches/caps.ts). */
  private sayCapped(due: DueRows, table: SheetTable, from: number): void {
    const { status } = this.step.layout;
    const text = capStatus(this.env.watch.dailyCap);
    const rows = new Map<number, string[]>();
    for (const row of due.rows) {
      const current = table.values[row - table.firstRow]?.[status.column - table.firstColumn];
      if (row >= from && current !== text) rows.set(row, [text]);
    }
    if (rows.size > 0) this.port.write(cellBlocks(rows, [status.column]));
  }
}
