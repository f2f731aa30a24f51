// The contract between the sidebar and the server: every function the sidebar may call, with its
// argument and answer types. The client wrapper is typed from this (no index signature), so a
// misspelled call fails to compile; src/server/index.ts must export each of these.

/**
 * What begins a refusal's code in a failed call's message, before its family, entry and values as
 * JSON: the server throws it (core/text/catalogue/sidebar/refuse.ts), the sidebar words it.
 */
export const REFUSED = '[refused]';

export type KeyScope = 'user' | 'document';

export interface KeyStatus {
  configured: boolean;
  scope: KeyScope | null;
  /** Never the key: "abcd…wxyz". */
  masked: string | null;
}

/**
 * What saving a key did, for the key panel to word: saved (`untested`: a new key saved without a
 * test), replaced by a new key that works, or not saved (`refused` by the API, or untestable);
 * `said` is the API's own words, redacted, `spent` what the test cost, `masked` the key kept.
 */
export type KeySaid =
  | { kind: 'saved'; untested: boolean }
  | { kind: 'works'; spent: number; said: string | null }
  | { kind: 'notSaved'; spent: number; refused: boolean; said: string; masked: string };

export interface KeySaveResult {
  /** The key saved now: the new one when `saved`, else the one kept. */
  key: KeyStatus;
  saved: boolean;
  /** What happened, for the key panel to word. Never holds a key. */
  said: KeySaid;
  /** Google refused this spreadsheet's Open trigger, or (`edit`) its Edit trigger too; null: both made. */
  triggersRefused: 'open' | 'edit' | null;
  /** What testing the new key cost its account (0 when it was not tested). */
  creditsSpent: number;
  /** Not saved because its test failed: the user may still save it untested, knowingly. */
  canSaveUntested: boolean;
}

export interface KeyTestResult {
  ok: boolean;
  /** The API's error, redacted; null when the key works (the panel words it) or none is saved (`noKey`). */
  message: string | null;
  noKey?: true;
  creditsSpent: number;
}

export interface SidebarState {
  key: KeyStatus;
  /** Where the key panel links for "account dashboard"; null: the text only says where to look. */
  dashboardUrl: string | null;
  /** The cheapest lookup, used to test a key; its price is stated before the test runs. */
  testCost: number;
  /** What the panels show, marked as `getPanelsMark` marks it: the sidebar follows from there. */
  panelsMark: string;
}

import type { BulkServerApi } from './bulk-rpc';
import type { JobsServerApi } from './jobs-rpc';
import type { ReceiptServerApi } from './receipt-rpc';
import type { RecipeServerApi } from './recipe-rpc';
import type { WatchServerApi } from './watch-rpc';

/** The add-on's settings for one spreadsheet (defaults and limits in core/billing/settings.ts). */
export interface Settings {
  /** Credits all formulas of this spreadsheet may spend a day. */
  formulaDailyCap: number;
  /** Bulk runs estimated above this many credits ask for confirmation first. */
  confirmAbove: number;
  /** A bulk run stops when it has spent this many credits; 0 means no cap. */
  runHardCap: number;
  /**
   * The most requests a second the add-on may learn to send (the plan's figure). The pace itself
   * is learned from the API's answers, starting at the one a second its documentation asks for.
   */
  requestsPerSecond: number;
}

/** The pace learned for the account, as Credit settings and Spending show it. */
export interface PaceSummary {
  /** POSTs a second, learned `minutesAgo` minutes ago (null: as the documentation asks), under `ceiling` (the sidebar words it). */
  rate: number;
  minutesAgo: number | null;
  ceiling: number;
  /** Requests the API refused as too fast in the last day. */
  refusalsToday: number;
}

export interface LedgerView {
  day: string;
  today: number;
  month: number;
  /** Credits by operation label, this month. */
  byOperation: { label: string; credits: number }[];
  bySource: { formulas: number; bulk: number; keyTests: number; refresh: number };
  formulaCapLeftToday: number | null;
  /** The saved formula daily cap, which that is left of: "88 of 100". */
  formulaDailyCap: number;
  /**
   * Lookups sent a second time this month after a network failure lost the first answer, and
   * the credits the API may have charged for them twice (it does not say).
   */
  possiblyChargedTwice: { lookups: number; credits: number };
  /** Set once the API answered 402: said prominently, once. */
  outOfCredits: boolean;
  /** The pace learned for the account; null without a key. */
  pace: PaceSummary | null;
  /**
   * The hidden record of purchases was deleted (SPENDING_TEXTS.recordLost): the report lists fewer
   * purchases than the totals count. Null while it is whole.
   */
  recordLost: string | null;
}

export interface CacheView {
  entries: number;
  bytes: number;
  oldestAt: number | null;
  newestAt: number | null;
  /** The same, as the sidebar shows them: "2025-01-06 04:00", in the spreadsheet's time zone. */
  oldest: string | null;
  newest: string | null;
  timeZone: string;
  /** What buying every stored answer again would cost. */
  rebuyCredits: number;
  /**
   * The hidden sheet of saved answers was deleted: what it held and what buying it again costs,
   * until the user goes on without it (`acceptLostResults`); null otherwise.
   */
  lostResults: string | null;
  /**
   * The account's answers in the memory the user's spreadsheets share, from how many of them, and
   * what this spreadsheet may pay again once they and its own are cleared.
   */
  everywhere: { entries: number; spreadsheets: number; rebuyCredits: number };
  /**
   * The memory the user's spreadsheets share let answers go for room (Google's 500 KB of user
   * properties): which spreadsheet bought them and what buying them again costs, until the user
   * goes on (`acceptLostResults`); null otherwise.
   */
  memoryEvicted: string | null;
}

export interface ServerApi
  extends JobsServerApi,
    BulkServerApi,
    RecipeServerApi,
    ReceiptServerApi,
    WatchServerApi {
  getSidebarState(): SidebarState;
  /** A mark of what the Spending, Jobs and Watches panels show: when it moves, they reload. */
  getPanelsMark(): string;
  /** Replacing a saved key tests the new one first; `untested` replaces it without a test. */
  setApiKey(key: string, scope: KeyScope, replace?: 'untested'): KeySaveResult;
  clearApiKey(): KeyStatus;
  testApiKey(): KeyTestResult;
  getSettings(): Settings;
  saveSettings(change: Partial<Record<keyof Settings, unknown>>): Settings;
  /** The pace learned for the account; null without a key. */
  getPace(): PaceSummary | null;
  getLedger(): LedgerView;
  getCacheStats(): CacheView;
  /** `here` (the default): this spreadsheet's; `everywhere`: the shared memory's too (other files keep their own). */
  clearCache(where?: 'here' | 'everywhere'): CacheView;
  /** Goes on without what the deleted hidden sheet held: lookups buy again, a new sheet keeps them. */
  acceptLostResults(): CacheView;
}
