// Watches in the sidebar: a lookup or a recipe set up in the bulk panel, kept running on the rows
// that arrive (typed, pasted, inserted, sent by a form, written by another tool), each within a
// daily credit cap of its own.
import type { BulkPreview, BulkRunConfig } from './bulk-rpc';
import type { BackgroundCollection } from './jobs-rpc';
import type { RecipePreview, RecipeRunConfig } from './recipe-rpc';

/** What the bulk panel sends to turn its setup into a watch. */
export type WatchDraft =
  | {
      kind: 'lookup';
      config: BulkRunConfig;
      dailyCap: number;
      /** A column's scheduled refresh alone: the watch fills no new row, only buys old answers again. */
      refreshOnly?: { days: number; monthlyCredits: number };
    }
  | { kind: 'recipe'; config: RecipeRunConfig; dailyCap: number };

/** What the Watches list may change of a watch. */
export interface WatchChange {
  on?: boolean;
  dailyCap?: number;
  /** Its scheduled refresh, opt-in (null: off): answers older than `days`, at most `monthlyCredits` a month. */
  refresh?: { days: number; monthlyCredits: number } | null;
}

/** The triggers that start watches here: this user's, and how often the clock check runs. */
export interface WatchTriggers {
  edit: boolean;
  change: boolean;
  form: boolean;
  formLinked: boolean;
  clock: BackgroundCollection;
}

/**
 * Why watches run less at today's share of the trigger quota: used up, nearly (from 95 %), only at
 * the hourly check (from 80 %), at most every 10 minutes (from half).
 */
export interface Slowed {
  kind: 'usedUp' | 'nearly' | 'hourly' | 'tenMinutes';
  percent: number;
}

export interface WatchView {
  id: string;
  /** The lookup's label or the recipe's name. */
  label: string;
  sheetName: string;
  /** "Company (A) -> Website (B), Status (C)". */
  columns: string;
  on: boolean;
  /**
   * 'on', 'off', or why it does not run now: its cap reached (`capped`) or below one lookup's
   * price (`below`), its sheet (`misfit`), the account. The sidebar words it.
   */
  state: 'on' | 'off' | 'capped' | 'below' | 'misfit' | 'account';
  dailyCap: number;
  spentToday: number;
  rowsDone: number;
  /** When it last ran, in the spreadsheet's time zone ("Jan 6, 04:02"); null before its first run. */
  lastRunAt: string | null;
  lastProblem: string | null;
  /** Its scheduled refresh, when the user asked for one, with what it spent this month. */
  refresh: { days: number; monthlyCredits: number; spentThisMonth: number } | null;
  /** It only refreshes its column on a schedule: it fills no new row. */
  refreshOnly?: true;
}

export interface WatchList {
  /** False without an API key: nothing runs. */
  keyConfigured: boolean;
  watches: WatchView[];
  /** Every watch paused by the API (401, 402), said once; null when none is. */
  notice: string | null;
  /**
   * Today's share of the daily trigger runtime quota, as the add-on counted it, and why watches
   * are slowed down or wait for it (null at full pace); the sidebar words it.
   */
  runtime: { usedMinutes: number; quotaMinutes: number; percent: number; slowed: Slowed | null };
  /** Which of the triggers that start watches this user has here (the sidebar words them). */
  triggers: WatchTriggers;
  /** How often the clock check looks at rows other tools write here: the offer says the same. */
  clock: BackgroundCollection;
  /** The spreadsheet's time zone, which the last runs are in; '' when no watch has run. */
  timeZone: string;
}

export interface WatchServerApi {
  listWatches(): WatchList;
  /** What the watch would do once on, said first: the bulk run's or the recipe's preview; writes nothing. */
  previewWatch(draft: Omit<WatchDraft, 'dailyCap'>): BulkPreview | RecipePreview;
  /** Creates the watch's columns, saves it and installs its triggers; throws a message to show. */
  createWatch(draft: WatchDraft): WatchList;
  updateWatch(id: string, change: WatchChange): WatchList;
  deleteWatch(id: string): WatchList;
}
