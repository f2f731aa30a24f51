// What a slice needs from the server (the sheet, the combined employee sheet, the lookup pass)
// and the limits that keep it well inside an execution's 6 minutes.

import { DOCUMENTED_PACE } from '../../api/pacing';
import type { Buyer } from '../../billing/buyer';
import type { LiveWork, LookupDeps } from '../../lookup/items';
import type { HashPort } from '../../platform/ports';
import type { CellValue } from '../../render/values';

export const SLICE_LIMITS = {
  /** Rows one slice looks at. */
  maxRows: 400,
  /** What a slice may take, well inside an execution's 6 minutes, so the sidebar updates often. */
  budgetMs: 45_000,
  /**
   * Clock time for lookups. The rest of the budget covers lock waits, reading and writing, which
   * are round trips too (about 5 s of them in a slice of 400 rows).
   */
  lookupBudgetMs: 36_000,
  /** POSTs a second when the caller does not say (the run passes the pace learned for the account). */
  requestsPerSecond: DOCUMENTED_PACE,
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

/**
 * A bulk run's slice is one sidebar call, which may run 6 minutes: it sends for 3 of them, so the
 * round trips every slice pays before and after sending (reading, saving, writing: about 6 s) are
 * paid once in 3 minutes of the pace, not once in 36 s. Far inside Google's kill, and a pause or
 * cancel asked meanwhile stops its sending at once (`live`).
 */
export const BULK_SLICE = { budgetMs: 210_000, lookupBudgetMs: 180_000 } as const;

/**
 * A bulk slice's limits at `rate` POSTs a second. A run's first slice is a short one, so that the
 * user soon sees rows filled and a time left; the others send for BULK_SLICE's 3 minutes, with rows
 * enough for the pace.
 */
export function bulkSliceLimits(rate: number, first: boolean): Partial<SliceLimits> {
  if (first) return {};
  const sendable = Math.ceil((rate * BULK_SLICE.lookupBudgetMs) / 1000);
  return { ...BULK_SLICE, maxRows: Math.min(MOST_BULK_ROWS, Math.max(SLICE_LIMITS.maxRows, sendable)) };
}

/** Rows one bulk slice reads and writes at most, whatever the pace. */
const MOST_BULK_ROWS = 2_000;

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
  /** The notes of rows firstRow..lastRow of one column, for a refresh's (bulk/refresh-notes.ts). */
  notes?(firstRow: number, lastRow: number, column: number): string[];
  /** Sets the notes of one column from firstRow down, one setNotes. */
  setNotes?(firstRow: number, column: number, notes: readonly string[]): void;
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
  /** Writes finished employee lists into their own sheets: one pass of the job collector. */
  deliverLists(): void;
}

export interface SliceOptions {
  day: string;
  /** Credits the run may spend; 0: no cap. It stops at the first row the cap cannot pay for. */
  runHardCap: number;
  /**
   * A watch's caps, instead of the run's: what the slice may still spend (0: nothing) and what
   * the status of a row it cannot pay for says (null: the row is left as it is). Such a row is
   * passed over and the slice goes on, so that every row whose answer is saved is filled: a saved
   * answer is free under every cap.
   */
  watchCaps?: { left: number; status: string | null };
  limits?: Partial<SliceLimits>;
  /** Who the record of purchases names as the buyer; a bulk run's or a recipe's by default. */
  buyer?: Buyer;
  /** The slice runs in a trigger Google may stop at any instant: keep each batch's answers. */
  stoppable?: boolean;
  /** The user watches the run: told of each answer as it comes, asked whether it was stopped. */
  live?: LiveWork;
}
