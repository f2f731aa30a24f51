// One run of one watch: it takes the watch's lease (watches/lease.ts), checks that its columns
// still fit the sheet, runs its steps in order over the due rows (watch-step.ts), and saves what it
// spent and did after every step, under the document lock, keeping the lease until it is done. If
// another trigger wanted a run meanwhile, it looks at the sheet again before it lets go.
import type { BackgroundCollection } from '../../shared/jobs-rpc';
import { inputColumns } from '../bulk/config';
import type { BulkSheetPort } from '../bulk/slice/ports';
import { BUSY, tryWithLock } from '../platform/locked-section';
import { WATCHES_ANSWERS } from '../text/catalogue/sidebar/watches-answers';
import { plural } from '../text/plural';
import { capProblem, capsLeft } from '../watches/caps';
import { misfit } from '../watches/fit';
import { IncompleteRows, parseIncomplete } from '../watches/incomplete';
import { afterRun, type RunResult, takeLease } from '../watches/lease';
import { refreshStep } from '../watches/refresh';
import type { RunCause } from '../watches/runtime';
import { type Watch, type WatchStep, watchColumns } from '../watches/watch';
import type { RunPorts } from './ports';
import { type StepContext, type StepResult, StepRun, type StepStop } from './watch-step';

/** A watch's sheet as one pass sees it: reads remembered, a write leaving changed rows alone. */
export interface GuardedSheetPort extends BulkSheetPort {
  /** Rows a write left alone because they changed after they were read. */
  readonly dropped: readonly number[];
}

/** Where watches are kept, and their sheets. */
export interface WatchRunPorts extends RunPorts {
  readWatch(id: string): Watch | null;
  saveWatch(watch: Watch): void;
  /**
   * Sheet `name` for one pass, guarding `inputColumns` (a row whose inputs changed is never
   * written), and its last row with content; null when it is gone.
   */
  openSheet(
    name: string,
    inputColumns: readonly number[],
  ): { sheet: GuardedSheetPort; lastRow: number } | null;
  /** How often the clock check runs here, for the rows that wait for it to say so. */
  clockSchedule(): BackgroundCollection;
}

const LOCK_WAIT_MS = 10_000;
/** Looks at the sheet again at most this often in one run, for triggers that wanted a run. */
const MAX_PASSES = 5;

/** How a run ended, for the caller: `refused` pauses every watch (the API's 401 or 402). */
export type RunEnd =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** `pauseChanged`: the run paused the watch (its cap, its columns): the Edit trigger's note changes. */
  | { kind: 'ran'; pending: number; pauseChanged: boolean }
  | { kind: 'refused'; message: string };

interface PassResult {
  result: RunResult;
  pending: number;
  /** Rows a person changed while they were looked up: their answers are saved, to write again. */
  dropped: number;
  stop: StepStop | null;
}

export class WatchRun {
  private readonly token: string;
  private spentThisRun = 0;
  private earlier: ReadonlySet<string> = new Set();

  constructor(
    private readonly ports: WatchRunPorts,
    private readonly id: string,
    private readonly until: number,
    private readonly cause: RunCause,
    /** While every watch is paused: what a row a paid lookup would answer says (nothing is bought). */
    private readonly paused: string | null = null,
  ) {
    this.token = ports.token();
  }

  private now(): number {
    return this.ports.clock.now();
  }

  private locked<T>(work: () => T): T | typeof BUSY {
    return tryWithLock(this.ports.lock, LOCK_WAIT_MS, work);
  }

  run(): RunEnd {
    const taken = this.locked(() => {
      const current = this.ports.readWatch(this.id);
      const now = this.now();
      const outcome = takeLease(current, now, this.token, this.until - now, this.ports.day());
      if (outcome.kind !== 'idle') this.ports.saveWatch(outcome.watch);
      return outcome;
    });
    if (taken === BUSY || taken.kind === 'busy') return { kind: 'busy' };
    if (taken.kind === 'idle') return { kind: 'idle' };
    // What the last hourly check found incomplete: every pass of this run compares with it.
    this.earlier = parseIncomplete(taken.watch.incompleteRows);
    const pausedBefore = taken.watch.pause?.kind ?? null;
    let watch: Watch | null = taken.watch;
    let end: RunEnd = { kind: 'ran', pending: 0, pauseChanged: false };
    for (let pass = 1; watch; pass++) {
      const done = this.pass(watch);
      const goesOn = done.stop === null && done.result.pause?.kind !== 'misfit' && pass < MAX_PASSES;
      // Another trigger wanted a run while this one worked, or rows moved under it: the sheet is
      // read again (what was bought meanwhile is saved, so writing it where the rows are is free).
      const saved = this.save(done.result, goesOn, done.dropped > 0);
      const pauseChanged = (saved?.pause?.kind ?? null) !== pausedBefore;
      end =
        done.stop?.kind === 'refused'
          ? { kind: 'refused', message: done.stop.message }
          : { kind: 'ran', pending: done.pending, pauseChanged };
      // A run that kept its lease looks once more.
      watch = saved?.lease?.token === this.token ? saved : null;
    }
    return end;
  }

  /**
   * Saves what the run did. When it `mayGoOn` and another trigger wanted a run meanwhile (or
   * `again`), the run keeps the lease for one more look; otherwise it lets go. Null when the watch
   * is gone.
   */
  private save(result: RunResult, mayGoOn: boolean, again: boolean) {
    const saved = this.locked(() => {
      const current = this.ports.readWatch(this.id);
      const keep = mayGoOn && (again || current?.wanted === true) && current?.lease?.token === this.token;
      const next = afterRun(current, this.token, result, keep);
      if (next) this.ports.saveWatch(next);
      return next;
    });
    return saved === BUSY ? null : saved;
  }

  /**
   * One look at the sheet: its header row and rows read at once (the fit of the watch's columns is
   * checked on the headers, the first step's rows come from the same read), then every step, in
   * order, each reading what the one before it wrote.
   */
  private pass(watch: Watch): PassResult {
    const opened = this.ports.openSheet(watch.sheetName, inputsOf(watch));
    const port = opened?.sheet ?? null;
    const lastRow = opened ? Math.max(watch.headerRow, opened.lastRow) : 0;
    const reason = misfit(watch, opened !== null, port ? headersRead(port, watch, lastRow) : []);
    const result: RunResult = { spent: 0, rowsDone: 0, lastRunAt: this.now() };
    if (reason !== null || !port) {
      return {
        result: { ...result, pause: { kind: 'misfit', reason: reason ?? '' }, problem: reason },
        pending: 0,
        dropped: 0,
        stop: null,
      };
    }
    const steps: StepResult[] = [];
    const incomplete = new IncompleteRows(this.cause, this.earlier);
    const env = (index: number, most = Number.POSITIVE_INFINITY): StepContext => ({
      ports: this.ports,
      port,
      lastRow,
      watch,
      index,
      until: this.until,
      incomplete,
      paused: this.paused,
      caps: (spent) => {
        const caps = capsLeft(
          watch.dailyCap,
          watch.spentToday + result.spent + spent,
          this.ports.runHardCap,
          this.spentThisRun + spent,
        );
        return most - spent < caps.left ? { left: most - spent, by: 'run' } : caps;
      },
    });
    const run = (step: WatchStep, context: StepContext) => {
      const done = new StepRun(step, context).run();
      steps.push(done);
      result.spent += done.spent;
      this.spentThisRun += done.spent;
      return done;
    };
    for (const [index, step] of (watch.refreshOnly ? [] : watch.steps).entries()) {
      const done = run(step, env(index));
      if (index === 0) result.rowsDone = done.answered;
      if (done.stop) break;
    }
    const refresh = steps.some((step) => step.stop) ? null : this.refresh(watch, port, lastRow);
    if (refresh) result.refreshSpent = run(refresh.step, env(watch.steps.length, refresh.left)).spent;
    return this.ended(watch, result, steps, port.dropped.length, incomplete);
  }

  /** The hourly check's scheduled refresh of the watch, when it asked for one and rows are due. */
  private refresh(watch: Watch, port: BulkSheetPort, lastRow: number) {
    if (this.cause !== 'clock' || !watch.refresh) return null;
    const { lookup, hash, scope } = this.ports.sliceDeps(port, null);
    const paid = { cache: lookup.cache, hash, scope };
    return refreshStep(watch, { port, lastRow }, paid, { at: this.now(), day: this.ports.day() });
  }

  /** What a pass's steps come to: the watch's pause, wait, last problem and incomplete rows. */
  private ended(
    watch: Watch,
    result: RunResult,
    steps: readonly StepResult[],
    dropped: number,
    incomplete: IncompleteRows,
  ): PassResult {
    const stop = steps.find((step) => step.stop !== null)?.stop ?? null;
    const pending = steps.reduce((sum, step) => sum + step.pending, 0);
    const ended: RunResult = { ...result, lastRunAt: this.now(), problem: null };
    // Its columns are back as they were: a watch paused for them goes on.
    if (watch.pause?.kind === 'misfit') ended.pause = null;
    const remembered = incomplete.remembered(stop !== null);
    if (remembered !== undefined) ended.incompleteRows = remembered;
    if (stop?.kind === 'cap' && stop.by === 'daily') {
      ended.pause = { kind: 'cap', day: this.ports.day(), ...(stop.below ? { below: stop.below } : {}) };
      ended.problem = capProblem(watch.dailyCap, stop.below);
    } else if (stop?.kind === 'cap') ended.problem = WATCHES_ANSWERS.runCapReached.say(this.ports.runHardCap);
    else if (stop?.kind === 'failing') {
      ended.problem = stop.notice;
      ended.waitUntil = stop.waitUntil;
    } else if (stop?.kind === 'refused') ended.problem = stop.message;
    // Capped earlier today, it filled only saved answers: the cap is still the news.
    else if (watch.pause?.kind === 'cap') ended.problem = capProblem(watch.dailyCap, watch.pause.below);
    else ended.problem = rowsProblem(steps, dropped);
    return { result: ended, pending, dropped, stop };
  }
}

/** Every column any step reads its input from: a row whose inputs changed is never written. */
const inputsOf = (watch: Watch) => [...new Set(watch.steps.flatMap((step) => inputColumns(step.config)))];

/**
 * The header row and the rows below it, over every column of the watch, in one read the steps'
 * scans are then answered from; the headers, by column (`headers[0]` is column 1).
 */
function headersRead(port: BulkSheetPort, watch: Watch, lastRow: number): unknown[] {
  const columns = watchColumns(watch);
  const first = Math.min(...columns);
  const [headerRow] = port.read(watch.headerRow, lastRow, first, Math.max(...columns));
  const headers: unknown[] = [];
  for (const column of columns) headers[column - 1] = headerRow?.[column - first];
  return headers;
}

/** Rows that failed or that a person changed meanwhile, said once for the run; null for none. */
function rowsProblem(steps: readonly StepResult[], dropped: number): string | null {
  const failed = steps.reduce((sum, step) => sum + step.failed, 0);
  const parts: string[] = [];
  if (failed > 0) parts.push(WATCHES_ANSWERS.rowsFailed.say(plural(failed, 'row', 'rows')));
  if (dropped > 0) parts.push(WATCHES_ANSWERS.rowsChanged.say(plural(dropped, 'row', 'rows'), dropped === 1));
  return parts.length > 0 ? parts.join(' ') : null;
}
