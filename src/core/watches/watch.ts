import type { LaidOutRun } from '../bulk/layout';
import { type ColumnClaim, claimsOf } from '../bulk/owners';
import { layoutOf, parsePastRuns } from '../bulk/past-runs';
import { runColumns } from '../bulk/plan';
import { parseRun } from '../bulk/run';
import { operationByType } from '../operations/table';
import type { Lease } from '../platform/lease';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { roundCredits } from '../text/credits';
import { parseJsonObject } from '../text/json-text';

/** A property value holds 9 KB; a recipe of 8 steps stays well inside it. */
const MAX_WATCH_BYTES = 8_500;
/** Watches of one spreadsheet, all sheets together: each run reads and writes its own property. */
export const MAX_WATCHES = 10;
export const MAX_DAILY_CAP = 100_000;

/**
 * "Refresh answers older than `days` days, at most `monthlyCredits` credits a month": what the
 * hourly check may buy again; `spent` counts the month `month` (YYYY-MM).
 */
export interface WatchRefresh {
  days: number;
  monthlyCredits: number;
  month: string;
  spent: number;
}

/** One bulk run's worth of a watch: a lookup, or one step of a recipe (its gates included). */
export type WatchStep = LaidOutRun;

/** One lookup's price, when a watch's daily cap is below it: `bound` for a list, priced by its max. */
export interface CapBelowPrice {
  price: number;
  bound: boolean;
}

/** Why a watch does not run, when the add-on stopped it (the user's off switch is `on`). */
export type WatchPause =
  /**
   * Its daily cap is spent: it goes on when `day` is over, or when the cap is raised. `below`: the
   * cap is below one lookup's price, so no day will do; only raising the cap.
   */
  | { kind: 'cap'; day: string; below?: CapBelowPrice }
  /** Its columns are not where they were: it waits for the user. */
  | { kind: 'misfit'; reason: string };

export interface Watch {
  id: string;
  sheetName: string;
  headerRow: number;
  /** The lookup's label, or the recipe's name. */
  label: string;
  /** A recipe's watch: the recipe's family, whose steps share columns (bulk/owners.ts). */
  family?: string;
  steps: WatchStep[];
  /** Each column it reads or writes, with the header it had when the watch was made. */
  headers: { column: number; header: string }[];
  dailyCap: number;
  on: boolean;
  pause: WatchPause | null;
  /** The spreadsheet's day `spentToday` counts. */
  day: string;
  spentToday: number;
  /** Rows its first step answered (found or not found), since it was made. */
  rowsDone: number;
  lastRunAt: number | null;
  lastProblem: string | null;
  /** The run at work: no other trigger runs this watch until `until`. */
  lease: Lease | null;
  /** A trigger found the lease held: the run at work looks at the sheet again before it ends. */
  wanted: boolean;
  /** After a failing service (5xx, 429, the network): no run starts before then. */
  waitUntil: number;
  /**
   * The rows its last hourly check found with a blank input, as short keys (incomplete.ts): the
   * next check takes those still so. Absent until a check found one.
   */
  incompleteRows?: string;
  /** Its scheduled refresh, opt-in (watches/refresh.ts); absent: answers are never bought again. */
  refresh?: WatchRefresh;
  /** A column's scheduled refresh alone: only the hourly check runs it, for its refresh. */
  refreshOnly?: true;
  createdAt: number;
  updatedAt: number;
}

export type NewWatch = Pick<
  Watch,
  | 'id'
  | 'sheetName'
  | 'headerRow'
  | 'label'
  | 'family'
  | 'steps'
  | 'headers'
  | 'dailyCap'
  | 'day'
  | 'refreshOnly'
  | 'refresh'
> & { now: number };

export function newWatch(input: NewWatch): Watch {
  return {
    ...input,
    on: true,
    pause: null,
    spentToday: 0,
    rowsDone: 0,
    lastRunAt: null,
    lastProblem: null,
    lease: null,
    wanted: false,
    waitUntil: 0,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The daily cap as the server may trust it: a number of credits above 0. Throws a message to show. */
export function checkDailyCap(raw: unknown): number {
  const cap = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof cap !== 'number' || !Number.isFinite(cap) || cap <= 0) throw refuse('watches', 'capNeeded');
  if (cap > MAX_DAILY_CAP) throw refuse('watches', 'capAtMost', MAX_DAILY_CAP);
  return roundCredits(cap);
}

export const watchKey = (id: string) => `${PROPERTY_PREFIX.watch}${id}`;

export function serializeWatch(watch: Watch): string {
  let text = JSON.stringify({ v: 1, ...watch });
  // The rows a check remembered give way first: a later check finds them again.
  if (text.length > MAX_WATCH_BYTES && watch.incompleteRows)
    text = JSON.stringify({ v: 1, ...watch, incompleteRows: undefined });
  if (text.length > MAX_WATCH_BYTES) throw refuse('watches', 'tooLarge');
  return text;
}

const isStep = (step: Partial<WatchStep> | undefined) =>
  operationByType(String(step?.config?.type ?? '')) !== undefined &&
  Array.isArray(step?.layout?.outputs) &&
  typeof step?.layout?.status?.column === 'number';

/** A stored watch, or null when the text is not one (another version, a damaged value). */
export function parseWatch(text: string | null | undefined): Watch | null {
  const { v, ...stored } = (parseJsonObject(text) ?? {}) as Partial<Watch> & { v?: number };
  if (v !== 1 || typeof stored.id !== 'string' || !Array.isArray(stored.steps)) return null;
  if (stored.steps.length === 0 || !stored.steps.every(isStep)) return null;
  return stored as Watch;
}

/** Every watch in the document's properties, oldest first. */
export function watchesIn(all: Readonly<Record<string, string>>): Watch[] {
  return Object.entries(all)
    .filter(([key]) => key.startsWith(PROPERTY_PREFIX.watch))
    .flatMap(([, text]) => parseWatch(text) ?? [])
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Every column a watch reads or writes: inputs, gates' statuses, outputs and statuses. */
export function watchColumns(watch: Pick<Watch, 'steps'>): number[] {
  const columns = watch.steps.flatMap(runColumns);
  return [...new Set(columns)].sort((a, b) => a - b);
}

/** The columns a watch writes, claimed for its steps' inputs and lookups (bulk/owners.ts). */
export function watchClaims(watch: Watch): ColumnClaim[] {
  // A recipe's watch made before families were kept: its steps are one family all the same.
  const family = watch.family ?? (watch.steps.length > 1 ? `watch:${watch.id}` : null);
  return watch.steps.flatMap((step) => claimsOf(step.config, step.layout, family, 'watch'));
}

/**
 * Every column claim of the document, from its properties read at once: the bulk run, the runs it
 * replaced and the watches. A new layout reuses no column another input claims.
 */
export function claimsIn(all: Readonly<Record<string, string>>): ColumnClaim[] {
  const current = parseRun(all[PROPERTY.bulkRun]);
  const runs = [...(current ? [layoutOf(current)] : []), ...parsePastRuns(all[PROPERTY.pastBulkRuns])];
  const runClaims = runs.flatMap((run) => claimsOf(run.config, run, run.family ?? null, 'run'));
  return [...runClaims, ...watchesIn(all).flatMap(watchClaims)];
}
