// The contract for bulk runs between the sidebar and the server. A run is a loop of short server
// calls driven by the sidebar; each call does a bounded slice and writes its rows before it returns.
import type { OperationType } from './operation-type';

/** Columns are 1-based sheet column numbers; rows are 1-based sheet row numbers. */
export interface BulkRunConfig {
  sheetName: string;
  /** The row holding the headers; data starts below it. */
  headerRow: number;
  type: OperationType;
  columns: {
    input: number;
    /** Name lookups: company, and optional location and job title, joined after the name. */
    company?: number;
    location?: number;
    jobTitle?: number;
  };
  /** The operation's primary value into one column, or chosen fields into one column each. */
  output: { mode: 'primary' } | { mode: 'fields'; fields: string[] };
  /** Employee lists only. */
  options?: { department?: string; seniority?: string; max?: number };
  /** Employee lists only: a sheet per company, or one combined sheet with a company column. */
  employeesTo?: 'sheet-per-company' | 'combined-sheet';
  /**
   * A recipe's step only (set by the server, never by the sidebar): the row runs only when each
   * earlier step's status column shows what is needed.
   */
  gates?: RowGate[];
  /**
   * Buy again the rows whose saved answer is older than this many days (the user asks for it in
   * the preview): their outputs are cleared and their lookups bought anew. Absent: nothing is.
   */
  refreshOlderThanDays?: number;
  /**
   * With a refresh: the most credits it may spend (answers are never bought again by their age
   * alone, so this is how a user chooses freshness); absent, every stale row is bought again.
   */
  refreshBudget?: number;
  /** Which stale rows a budget takes first: the oldest answers (the default), or the rows top down. */
  refreshOrder?: 'oldest' | 'rows';
  /**
   * Only these rows (a refresh over a selection): `selection` asks the server for the rows the
   * user selected on the run's sheet, which the run then keeps as numbers. Absent: every row.
   * `sheet`: a refresh of every bulk-run column of the sheet within the one budget (core/runs/
   * sheet-refresh.ts).
   */
  rows?: 'selection' | 'sheet' | RowSpan;
  /** Set by the server for a sheet's refresh: the cutoff its columns share, instead of the days'. */
  refreshBefore?: number;
  /** Set by the server for a sheet's refresh: the columns refreshed after this one, in turn. */
  nextColumns?: BulkRunConfig[];
  /** Set by the server when such a run starts: saved answers paid before this time do not count. */
  paidAfter?: number;
  /** Set by the server when a refresh starts: the day its notes say the old answers held until. */
  refreshedOn?: string;
}

/** Sheet rows `first`..`last`, 1-based. */
export interface RowSpan {
  first: number;
  last: number;
}

/** What a refresh found of the answers it bought again (core/bulk/refresh-notes.ts). */
export interface RefreshCounts {
  changed: number;
  same: number;
  notFound: number;
}

/** A condition on an earlier step's status column (recipes). */
export interface RowGate {
  statusColumn: number;
  /** `found`: that step found something (its output is this step's input); `notFound`: a fallback. */
  need: 'found' | 'notFound';
  /** Written in this step's status when that step ran but did not give what is needed; null: nothing. */
  otherwise: string | null;
}

/** The row the add-on reads headers from: the sidebar's runs and recipes name it, the server reads it. */
export const HEADER_ROW = 1;

export interface SheetColumns {
  sheets: string[];
  sheetName: string;
  /** Header text by column, 1-based: headers[0] is column 1 (row `HEADER_ROW`). */
  headers: string[];
}

export interface OutputColumn {
  header: string;
  column: number;
  /** Created to the right of the data when no column had this header. */
  created: boolean;
}

export interface BulkPreview {
  rows: number;
  /** The run is over the user's selection: these rows of the sheet. */
  selected?: RowSpan;
  /** Rows whose output cells hold values: skipped, never charged again. */
  alreadyFilled: number;
  /** Rows an earlier run found nothing for (their status says so, their output is empty): skipped. */
  notFoundBefore: number;
  /** Rows repeating an input of an earlier row: looked up once. */
  duplicates: number;
  /** Distinct inputs already paid for: free. */
  cached: number;
  /** Rows with invalid input: listed, never sent. At most 50 are listed; `invalidCount` has them all. */
  invalid: { row: number; message: string }[];
  invalidCount: number;
  blank: number;
  /** Distinct new lookups to buy. */
  toLookUp: number;
  estimatedCredits: number;
  /**
   * How long sending the new lookups takes at the pace learned for the account ("about 5 minutes
   * at the API's pace of 1 a second"), set by previewBulkRun; absent with nothing to buy.
   */
  sendingTime?: string;
  /** Employee lists are paid per employee: the estimate is a bound from `max` (or the default). */
  estimateIsBound: boolean;
  /** Above the confirmation threshold in the settings. */
  needsConfirmation: boolean;
  /**
   * What the sidebar asks before such a run (what the per-run cap and the balance allow), set by
   * previewBulkRun; null or absent when the run needs no yes.
   */
  confirmation?: RunConfirmation | null;
  outputColumns: OutputColumn[];
  statusColumn: OutputColumn;
  /**
   * Columns found by their headers that hold another input's answers (a watch's, another run's),
   * each said once with the new columns this run writes to instead; empty when there are none.
   */
  columnConflicts: string[];
  /**
   * Asked for: rows showing an answer saved more than `days` days ago, bought again (their
   * outputs cleared when the run starts); `lookups` and `credits` are in the totals above.
   */
  refresh?: { days: number; rows: number; lookups: number; credits: number; budget?: number };
  /**
   * The hidden sheet of saved answers was deleted: what it held and what buying it again costs.
   * The rows it answered are in `toLookUp`; starting the run at the price shown goes on without it.
   */
  lostResults?: string;
}

/**
 * What the question before a run says, in figures (the sidebar words it): the new lookups and what
 * they are estimated at (`bound`: at most that), and, when the estimate is over the per-run cap,
 * the cap, one lookup's price and how many lookups the cap pays for.
 */
export interface RunConfirmation {
  lookups: number;
  credits: number;
  bound: boolean;
  cap: { credits: number; perLookup: number; fits: number } | null;
}

export type BulkState = 'running' | 'paused' | 'cancelled' | 'done' | 'stopped';

/** A run's state and counts; where it writes as its preview said. */
export interface BulkProgress extends Pick<BulkPreview, 'outputColumns' | 'statusColumn'> {
  runId: string;
  state: BulkState;
  sheetName: string;
  type: OperationType;
  rows: number;
  /** Rows finished (found, not found, error, skipped, invalid). */
  done: number;
  found: number;
  notFound: number;
  errors: number;
  skipped: number;
  invalid: number;
  /** Rows waiting on an async job. */
  pending: number;
  creditsSpent: number;
  /** Seconds left at the recent pace, when known. */
  etaSeconds: number | null;
  /** Why the run stopped (401, 402, the per-run cap): said once, for the whole run. */
  message: string | null;
  /** A refresh that is done: how many answers changed, stayed the same or are now not found. */
  refreshSummary?: string;
  /** While running: why it waits (the API failing: it asks again shortly). */
  notice: string | null;
  /** Rows with a row-level error, retryable as a group. */
  failedRows: number;
  /** The operation's label: "Website from company name". */
  label: string;
  /** While running: when to call `continueBulkRun` again (0: at once); null otherwise. */
  nextCallInMs: number | null;
  /** Another call (a second sidebar, a double click) was working on this run: nothing was done. */
  busy: boolean;
  /** A recipe's run: this run is step `step` of `steps`; the recipe's credits so far, all steps. */
  recipe: {
    name: string;
    step: number;
    steps: number;
    creditsSpent: number;
    /**
     * The step done has failed rows: the recipe waits here, so they can be retried first (Retry),
     * or left as they are (`goOnRecipe`). The next step's label; null when nothing waits.
     */
    waitingFor: string | null;
  } | null;
}

export interface BulkServerApi {
  getSheetColumns(sheetName: string | null): SheetColumns;
  previewBulkRun(config: BulkRunConfig): BulkPreview;
  /** Refuses (throws) when the estimate needs confirmation and `confirmedCredits` is below it. */
  startBulkRun(config: BulkRunConfig, confirmedCredits: number): BulkProgress;
  /** One slice of work; the sidebar calls it again while the state is `running`. */
  continueBulkRun(runId: string): BulkProgress;
  pauseBulkRun(runId: string): BulkProgress;
  resumeBulkRun(runId: string): BulkProgress;
  cancelBulkRun(runId: string): BulkProgress;
  /** The current or last run, so a reopened sidebar can show and resume it. */
  getBulkRun(): BulkProgress | null;
  /** Puts the rows with a row-level error back in the queue; answers the run, running again. */
  retryFailedRows(runId: string): BulkProgress;
}
