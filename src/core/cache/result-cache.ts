// Every paid answer (a result, or a miss, which is charged too) is kept so that recalculation,
// reopening the file, moving rows or copying the formula cost nothing for `ttlDays`. Three layers:
// a fast cache that may forget at any time (CacheService); a durable store shared with the add-on's
// other settings (document properties), small (350 KB of 500 KB) but writable from a formula; and,
// optionally, a hidden sheet, large but writable only outside custom functions. Properties keep the
// most recent answers, so formulas stay fast; the sheet, where it may be written, keeps them all:
// every write from such a context also copies into it whatever only the properties held, so what
// the properties evict later is never lost. Durable failures are thrown, because losing a paid
// answer silently means the user pays again; a failing sheet write only falls back to properties.

import type { CallOutcome } from '../api/client';
import type { EnrichmentRequest } from '../api/wire';
import type { BatchStorePort, ClockPort, HashPort, SheetStorePort, TtlCachePort } from '../platform/ports';
import { errorMessage } from '../text/error-message';
import {
  layoutRecords,
  ownValue,
  readPayload,
  recordBytes,
  type StoreLayout,
  scanStore,
  utf8Bytes,
} from './property-layout';

export const DEFAULT_TTL_DAYS = 30;
/** The cache's share of the 500 KB document-properties store; the rest is left to settings and jobs. */
export const DEFAULT_BUDGET_BYTES = 350_000;
/**
 * Characters (keys and values) the cache may keep in its hidden sheet: about 25,000 typical answers.
 * A formula that misses the faster layers reads the whole sheet, so it must stay quick to read.
 */
export const DEFAULT_SHEET_BUDGET_CHARS = 5_000_000;
/** CacheService's longest TTL. */
export const FAST_TTL_SECONDS = 21_600;
/** CacheService refuses values over 100 KB (102,400 bytes); bigger answers live in the store only. */
const FAST_MAX_VALUE_BYTES = 100_000;
/** The store's hard limit (500 KB, keys included) less a margin: never fill it for other writers. */
const STORE_SAFE_BYTES = 500_000;
const DAY_MS = 86_400_000;

const KEY_VERSION = 'r1';
const ENTRY_VERSION = 1;
const SCOPE_PATTERN = /^[0-9a-f]{16}$/;
const RESULT_KEY_PATTERN = /^r1:[0-9a-f]{16}:[0-9a-f]{32}$/;

/** The two outcomes that cost credits and are final. Pending and failed calls are never cached. */
export type PaidOutcome = Extract<CallOutcome, { kind: 'found' | 'miss' }>;

/** A paid outcome and when it was paid (clock ms), with its cost when the caller knew it. */
export type CachedAnswer = PaidOutcome & { at: number; credits?: number };

export interface PaidEntry {
  key: string;
  outcome: PaidOutcome;
  credits?: number;
  /** When it was paid; defaults to now. */
  at?: number;
}

export interface PutReport {
  /** Entries of this batch now kept durably (in the properties, the sheet, or both). */
  stored: number;
  /** Older entries removed from the properties to stay inside their byte budget (still in the sheet, if any). */
  evicted: number;
  /** Entries past their TTL removed from the properties on the way. */
  expired: number;
  /** Keys no durable layer could take: kept in the fast layer only, for hours, not days. */
  notStored: string[];
  /** What happened in the hidden sheet; absent when there is no sheet or it may not be written here. */
  sheet?: SheetReport;
}

/** One write to the hidden sheet. */
export interface SheetReport {
  /** Entries of the batch written to the sheet. */
  written: number;
  /** Entries only the properties held, copied into the sheet before the properties could evict them. */
  copied: number;
  /** Entries past their TTL removed from the sheet. */
  expired: number;
  /** Oldest entries removed to keep the sheet inside its character budget. */
  evicted: number;
  /** Why the sheet could not be read or written: the properties kept what they could, as without a sheet. */
  error?: string;
}

export interface CacheStats {
  /** Readable entries still inside their TTL, in any durable layer, each counted once. */
  entries: number;
  /** UTF-8 bytes (keys and values) the cache's records take in the store now, expired ones included. */
  bytes: number;
  budgetBytes: number;
  oldestAt: number | null;
  newestAt: number | null;
  /** The hidden sheet's share; absent without a sheet layer. */
  sheet?: SheetStats;
}

export interface SheetStats {
  /** Readable entries inside their TTL in the sheet (many are in the properties too). */
  entries: number;
  /** Characters (keys and values) of the cache's rows in the sheet, expired ones included. */
  chars: number;
  budgetChars: number;
}

export interface ResultCachePorts {
  fast: TtlCachePort;
  store: BatchStorePort;
  hash: HashPort;
  clock: ClockPort;
  /** The hidden sheet: read everywhere, written only where `canWrite` says so. */
  sheet?: SheetStorePort;
}

export interface ResultCacheOptions {
  /** How long a paid answer is reused; default 30. A missing or non-positive value means the default. */
  ttlDays?: number;
  /** Most bytes (keys and values, UTF-8) the cache may take in the store; default 350,000. */
  budgetBytes?: number;
  /** Most characters (keys and values) the cache may take in the hidden sheet; default 5,000,000. */
  sheetBudgetChars?: number;
}

// --- Keys -------------------------------------------------------------------------------------

/** Names an account without holding its key: 16 hex characters of a one-way hash. */
export function accountScope(hash: HashPort, apiKey: string): string {
  return hex(hash, `enrich-account:${apiKey.trim()}`).slice(0, 16);
}

/**
 * The cache key of one request for one account: `r1:<scope>:<32 hex>`, 52 characters whatever the
 * input, and holding none of it (inputs can be long or personal). Option order does not matter.
 */
export function resultKey(hash: HashPort, scope: string, request: EnrichmentRequest): string {
  if (!SCOPE_PATTERN.test(scope)) throw new Error('resultKey needs a scope made by accountScope().');
  return `${KEY_VERSION}:${scope}:${hex(hash, `enrich-request:${canonicalJson(request)}`).slice(0, 32)}`;
}

export function isResultKey(key: string): boolean {
  return RESULT_KEY_PATTERN.test(key);
}

function hex(hash: HashPort, text: string): string {
  return hash.sha256Hex(text).toLowerCase();
}

/** JSON with object keys sorted at every level and undefined fields left out, as JSON.stringify does. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`);
  return `{${fields.join(',')}}`;
}

// --- Entries ----------------------------------------------------------------------------------

// Stored as {"v":1,"k":"f"|"m","t":paidAt,"c":credits?,"r":result?}: short names, because every
// byte counts against the store's 500 KB.
export function encodeEntry(answer: CachedAnswer): string {
  const kind = answer.kind as string;
  if (kind !== 'found' && kind !== 'miss') throw new TypeError(`A ${kind} outcome is not a paid answer.`);
  const entry: Record<string, unknown> = { v: ENTRY_VERSION, k: kind === 'found' ? 'f' : 'm', t: answer.at };
  if (answer.credits !== undefined) entry.c = answer.credits;
  if (answer.kind === 'found') entry.r = answer.result;
  return JSON.stringify(entry);
}

/** The answer in a stored text; null for anything else (garbage, another version), never a throw. */
export function decodeEntry(text: string): CachedAnswer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { v, k, t, c } = parsed as Record<string, unknown>;
  if (v !== ENTRY_VERSION || typeof t !== 'number' || !Number.isFinite(t)) return null;
  if (c !== undefined && (typeof c !== 'number' || !Number.isFinite(c) || c < 0)) return null;
  const paid = c === undefined ? { at: t } : { at: t, credits: c };
  if (k === 'm') return { kind: 'miss', ...paid };
  if (k === 'f' && 'r' in parsed) return { kind: 'found', result: (parsed as { r: unknown }).r, ...paid };
  return null;
}

// --- The layered cache ------------------------------------------------------------------------

interface Candidate {
  key: string;
  at: number;
  bytes: number;
  records: string[];
  /** The records to write, for an entry of this batch. */
  writes?: Record<string, string>;
}

/** An entry of the batch being saved, encoded. */
interface Payload {
  payload: string;
  at: number;
}

/** One of the cache's rows in the sheet, or one about to be written there. */
interface SheetRow {
  key: string;
  at: number;
  chars: number;
  /** The text to write: set for the batch's entries and for copies of properties entries. */
  write?: string;
  fromBatch?: boolean;
}

interface SheetOutcome {
  report: SheetReport;
  /** Keys the sheet holds after the write; empty when it failed, since nothing is sure then. */
  held: ReadonlySet<string>;
}

/** Entries one write may evict from the properties: 25 deleteProperty calls, about 1.5 s. */
export const MAX_EVICTIONS_PER_WRITE = 25;

export class ResultCache {
  readonly ttlDays: number;
  readonly budgetBytes: number;
  readonly sheetBudgetChars: number;
  private readonly layout: StoreLayout = {
    isEntryKey: isResultKey,
    paidAt: (payload) => decodeEntry(payload)?.at ?? null,
  };

  constructor(
    private readonly ports: ResultCachePorts,
    options: ResultCacheOptions = {},
  ) {
    this.ttlDays = positiveOr(options.ttlDays, DEFAULT_TTL_DAYS);
    this.budgetBytes = positiveOr(options.budgetBytes, DEFAULT_BUDGET_BYTES);
    this.sheetBudgetChars = positiveOr(options.sheetBudgetChars, DEFAULT_SHEET_BUDGET_CHARS);
  }

  /**
   * The saved answers among `keys`: one fast-layer read, then one store read for what it lacked,
   * then one sheet read for what both lacked; what the slower layers had is copied back into the
   * fast layer (never into the properties: a read must not evict anything). Absent keys are
   * simply not in the map. `readStore`, when given, is how the store is read: a caller that reads
   * the same store next passes a memoized reader, so one snapshot serves both.
   */
  getMany(keys: readonly string[], readStore?: () => Record<string, string>): Map<string, CachedAnswer> {
    const wanted = [...new Set(keys)];
    wanted.forEach(assertResultKey);
    const answers = new Map<string, CachedAnswer>();
    if (wanted.length === 0) return answers;
    const now = this.ports.clock.now();

    const fast = this.tryFast(() => this.ports.fast.getMany(wanted)) ?? {};
    for (const key of wanted) {
      const text = ownValue(fast, key);
      const answer = text === undefined ? null : decodeEntry(text);
      if (answer && this.isLive(answer.at, now)) answers.set(key, answer);
    }
    const missed = wanted.filter((key) => !answers.has(key));
    if (missed.length === 0) return answers;

    const rewarm: Record<string, string> = {};
    const take = (key: string, payload: string | null) => {
      const answer = payload === null ? null : decodeEntry(payload);
      if (!answer || !this.isLive(answer.at, now)) return;
      answers.set(key, answer);
      if (utf8Bytes(payload!) <= FAST_MAX_VALUE_BYTES) rewarm[key] = payload!;
    };
    const all = readStore ? durable(READ_FAILED, readStore) : this.readStore();
    for (const key of missed) take(key, readPayload(all, key, this.ports.hash));
    const sheet = this.ports.sheet;
    const stillMissed = missed.filter((key) => !answers.has(key));
    if (sheet && stillMissed.length > 0) {
      const rows = durable(READ_SHEET_FAILED, () => sheet.readAll());
      for (const key of stillMissed) take(key, ownValue(rows, key) ?? null);
    }
    if (Object.keys(rewarm).length > 0) {
      this.tryFast(() => this.ports.fast.putMany(rewarm, FAST_TTL_SECONDS));
    }
    return answers;
  }

  /**
   * The answers a snapshot of the durable store already holds (one `getAll` the caller made, under
   * a lock for instance), without reading anything again.
   */
  answersIn(all: Record<string, string>, keys: readonly string[]): Map<string, CachedAnswer> {
    const now = this.ports.clock.now();
    const answers = new Map<string, CachedAnswer>();
    for (const key of keys) {
      const payload = readPayload(all, key, this.ports.hash);
      const answer = payload === null ? null : decodeEntry(payload);
      if (answer && this.isLive(answer.at, now)) answers.set(key, answer);
    }
    return answers;
  }

  /**
   * Saves paid answers in every layer: the fast one first (so that a failing store still spares
   * re-runs for a few hours); then, where the sheet may be written, the sheet, with the batch and
   * every live properties entry it lacks, in one removeMany and one writeMany; then the
   * properties in one removeMany and one setMany, after clearing expired and unreadable records
   * and evicting the oldest entries that do not fit the budget (safe in the sheet by then).
   */
  putMany(entries: readonly PaidEntry[]): PutReport {
    const now = this.ports.clock.now();
    const payloads = new Map<string, Payload>();
    for (const entry of entries) {
      assertResultKey(entry.key);
      const at = entry.at ?? now;
      const answer: CachedAnswer =
        entry.credits === undefined
          ? { ...entry.outcome, at }
          : { ...entry.outcome, at, credits: entry.credits };
      payloads.set(entry.key, { payload: encodeEntry(answer), at });
    }
    const report: PutReport = { stored: 0, evicted: 0, expired: 0, notStored: [] };
    if (payloads.size === 0) return report;

    const fastValues: Record<string, string> = {};
    for (const [key, { payload }] of payloads) {
      if (utf8Bytes(payload) <= FAST_MAX_VALUE_BYTES) fastValues[key] = payload;
    }
    if (Object.keys(fastValues).length > 0) {
      this.tryFast(() => this.ports.fast.putMany(fastValues, FAST_TTL_SECONDS));
    }

    const all = this.readStore(SAVE_FAILED);
    const sheet = this.writableSheet();
    const inSheet = sheet ? this.saveToSheet(sheet, all, payloads, now) : null;
    // What the sheet holds stays out of the properties: there each new answer would push an older
    // one out, and PropertiesService deletes one key a call (60 ms a row of a bulk run).
    const forStore = new Map([...payloads].filter(([key]) => !inSheet?.held.has(key)));
    const inStore = this.saveToStore(all, forStore, now, report, inSheet?.held ?? new Set());
    if (inSheet) {
      const kept = (key: string) => inStore.has(key) || inSheet.held.has(key);
      report.stored = [...payloads.keys()].filter(kept).length;
      report.notStored = report.notStored.filter((key) => !kept(key));
      report.sheet = inSheet.report;
    }
    return report;
  }

  /**
   * Copies into the sheet every live answer only the properties hold, and clears expired entries
   * there: what putMany does on the way, for a pass that bought nothing. Null when the sheet may
   * not be written here (a custom function) or there is none.
   */
  compact(): SheetReport | null {
    const sheet = this.writableSheet();
    if (!sheet) return null;
    return this.saveToSheet(sheet, this.readStore(SAVE_FAILED), new Map(), this.ports.clock.now()).report;
  }

  /** What the sidebar shows: all accounts, or the one of `scope`; an answer in two layers counts once. */
  stats(scope?: string): CacheStats {
    const all = this.readStore();
    const scan = scanStore(all, this.layout);
    const inScope = scopeFilter(scope);
    const now = this.ports.clock.now();
    const mine = scan.entries.filter((entry) => inScope(entry.key));
    const paidAt = new Map<string, number>();
    for (const entry of mine) if (this.isLive(entry.at, now)) paidAt.set(entry.key, entry.at);
    const garbageBytes = scan.garbage
      .filter(inScope)
      .reduce((sum, key) => sum + recordBytes(key, ownValue(all, key) ?? ''), 0);

    let sheetStats: SheetStats | undefined;
    const sheet = this.ports.sheet;
    if (sheet) {
      const rows = durable(READ_SHEET_FAILED, () => sheet.readAll());
      sheetStats = { entries: 0, chars: 0, budgetChars: this.sheetBudgetChars };
      for (const [key, value] of Object.entries(rows)) {
        if (!isResultKey(key) || !inScope(key)) continue;
        sheetStats.chars += sheetChars(key, value);
        const at = decodeEntry(value)?.at;
        if (at === undefined || !this.isLive(at, now)) continue;
        sheetStats.entries++;
        paidAt.set(key, Math.max(at, paidAt.get(key) ?? at));
      }
    }
    const times = [...paidAt.values()];
    return {
      entries: times.length,
      bytes: mine.reduce((sum, entry) => sum + entry.bytes, garbageBytes),
      budgetBytes: this.budgetBytes,
      oldestAt: times.length > 0 ? times.reduce((a, b) => Math.min(a, b)) : null,
      newestAt: times.length > 0 ? times.reduce((a, b) => Math.max(a, b)) : null,
      ...(sheetStats ? { sheet: sheetStats } : {}),
    };
  }

  /**
   * Removes the cache's entries (all, or one account's) from every layer; other settings and the
   * sheet's other rows stay. Answers how many entries went. Throws, changing nothing, when the
   * sheet holds some and may not be written here.
   */
  clear(scope?: string): number {
    const inScope = scopeFilter(scope);
    const scan = scanStore(this.readStore(CLEAR_FAILED), this.layout);
    const entries = scan.entries.filter((entry) => inScope(entry.key));
    const gone = new Set(entries.map((entry) => entry.key));
    const sheet = this.ports.sheet;
    if (sheet) {
      const rows = durable(CLEAR_SHEET_FAILED, () => sheet.readAll());
      const mine = Object.keys(rows).filter((key) => isResultKey(key) && inScope(key));
      if (mine.length > 0) {
        if (!sheet.canWrite)
          throw new Error(`${CLEAR_SHEET_FAILED}: it can only be written from the sidebar or a menu.`);
        durable(CLEAR_SHEET_FAILED, () => sheet.removeMany(mine));
        for (const key of mine) if (decodeEntry(rows[key]!) !== null) gone.add(key);
      }
    }
    const records = [...entries.flatMap((entry) => entry.records), ...scan.garbage.filter(inScope)];
    if (records.length > 0) durable(CLEAR_FAILED, () => this.ports.store.removeMany(records));
    if (gone.size > 0) this.tryFast(() => this.ports.fast.removeMany([...gone]));
    return gone.size;
  }

  /**
   * The properties' share of a save. Answers the batch's keys it stored; `safe` are keys the sheet
   * holds, which may leave the properties without leaving the fast layer.
   */
  private saveToStore(
    all: Record<string, string>,
    payloads: ReadonlyMap<string, Payload>,
    now: number,
    report: PutReport,
    safe: ReadonlySet<string>,
  ): Set<string> {
    const stored = new Set<string>();
    const scan = scanStore(all, this.layout);
    const removals = new Set(scan.garbage);
    const dropped: string[] = [];
    const candidates: Candidate[] = [];
    // The records of an entry being replaced go only once its successor is written: an answer too
    // big to store must not cost the older answer to the same request.
    const replaced = new Map<string, string[]>();
    for (const entry of scan.entries) {
      if (payloads.has(entry.key)) replaced.set(entry.key, entry.records);
      else if (!this.isLive(entry.at, now)) {
        report.expired++;
        dropped.push(entry.key);
        for (const record of entry.records) removals.add(record);
      } else candidates.push({ ...entry });
    }
    const limit = Math.min(this.budgetBytes, STORE_SAFE_BYTES - scan.foreignBytes);
    for (const [key, { payload, at }] of payloads) {
      const writes = layoutRecords(this.ports.hash, key, payload, at);
      const bytes = Object.entries(writes).reduce((sum, [name, value]) => sum + recordBytes(name, value), 0);
      if (bytes > limit) report.notStored.push(key);
      else candidates.push({ key, at, bytes, records: Object.keys(writes), writes });
    }

    // Oldest first; at equal times an entry already stored goes before one of this batch.
    candidates.sort((a, b) => a.at - b.at || Number(a.writes !== undefined) - Number(b.writes !== undefined));
    let excess = candidates.reduce((sum, candidate) => sum + candidate.bytes, 0) - limit;
    // Room is made by evicting the oldest entries, but each eviction is a deleteProperty call of
    // its own (60 ms): past MAX_EVICTIONS_PER_WRITE the newest of this batch are left out of the
    // properties instead (they stay in the fast cache), so a formula never runs out of its 30 s here.
    const evicted = new Set<Candidate>();
    for (const candidate of candidates) {
      if (excess <= 0 || evicted.size >= MAX_EVICTIONS_PER_WRITE) break;
      if (candidate.writes) continue;
      evicted.add(candidate);
      excess -= candidate.bytes;
    }
    const leftOut = new Set<Candidate>();
    for (const candidate of [...candidates].reverse()) {
      if (excess <= 0) break;
      if (!candidate.writes) continue;
      leftOut.add(candidate);
      excess -= candidate.bytes;
    }
    const writes: Record<string, string> = {};
    for (const candidate of candidates) {
      if (evicted.has(candidate)) {
        report.evicted++;
        dropped.push(candidate.key);
        for (const record of candidate.records) removals.add(record);
      } else if (leftOut.has(candidate)) {
        report.notStored.push(candidate.key);
      } else if (candidate.writes) {
        Object.assign(writes, candidate.writes);
        for (const record of replaced.get(candidate.key) ?? []) removals.add(record);
        stored.add(candidate.key);
      }
    }
    report.stored = stored.size;

    // Removing first keeps the store under its hard limit while the new records go in.
    const toRemove = [...removals].filter((key) => ownValue(writes, key) === undefined);
    if (toRemove.length > 0) durable(SAVE_FAILED, () => this.ports.store.removeMany(toRemove));
    if (Object.keys(writes).length > 0) durable(SAVE_FAILED, () => this.ports.store.setMany(writes));
    // So that clear() and the stats tell the truth, what left every durable layer leaves the fast one.
    const lost = dropped.filter((key) => !safe.has(key));
    if (lost.length > 0) this.tryFast(() => this.ports.fast.removeMany(lost));
    return stored;
  }

  /**
   * The sheet's share of a save: the batch, plus every live properties entry the sheet lacks (or
   * holds older), so that no later eviction from the properties loses an answer; expired and
   * unreadable rows of the cache go, and the oldest when over budget. Rows that are not the
   * cache's are never touched. A failure is reported, not thrown: the properties still save.
   */
  private saveToSheet(
    sheet: SheetStorePort,
    all: Record<string, string>,
    payloads: ReadonlyMap<string, Payload>,
    now: number,
  ): SheetOutcome {
    const report: SheetReport = { written: 0, copied: 0, expired: 0, evicted: 0 };
    try {
      const removals: string[] = [];
      const rows = new Map<string, SheetRow>();
      for (const [key, value] of Object.entries(sheet.readAll())) {
        if (!isResultKey(key)) continue;
        const at = decodeEntry(value)?.at;
        if (at === undefined) removals.push(key);
        else if (this.isLive(at, now)) rows.set(key, { key, at, chars: sheetChars(key, value) });
        else if (!payloads.has(key)) {
          report.expired++;
          removals.push(key);
        }
      }
      for (const entry of scanStore(all, this.layout).entries) {
        if (payloads.has(entry.key) || !this.isLive(entry.at, now)) continue;
        if ((rows.get(entry.key)?.at ?? Number.NEGATIVE_INFINITY) >= entry.at) continue;
        const payload = readPayload(all, entry.key, this.ports.hash);
        if (payload === null) continue;
        rows.set(entry.key, {
          key: entry.key,
          at: entry.at,
          chars: sheetChars(entry.key, payload),
          write: payload,
        });
      }
      for (const [key, { payload, at }] of payloads) {
        rows.set(key, { key, at, chars: sheetChars(key, payload), write: payload, fromBatch: true });
      }

      // Oldest first, as in the properties; at equal times the batch's entries are kept first.
      const ordered = [...rows.values()].sort(
        (a, b) => a.at - b.at || Number(a.fromBatch === true) - Number(b.fromBatch === true),
      );
      let total = ordered.reduce((sum, row) => sum + row.chars, 0);
      const writes: Record<string, string> = {};
      const held = new Set<string>();
      for (const row of ordered) {
        if (total > this.sheetBudgetChars) {
          total -= row.chars;
          if (row.write === undefined) {
            report.evicted++;
            removals.push(row.key);
          }
          continue;
        }
        held.add(row.key);
        if (row.write === undefined) continue;
        writes[row.key] = row.write;
        if (row.fromBatch) report.written++;
        else report.copied++;
      }

      // A key written again keeps its row: removing it first would only move it to the end.
      const toRemove = removals.filter((key) => ownValue(writes, key) === undefined);
      if (toRemove.length > 0) sheet.removeMany(toRemove);
      if (Object.keys(writes).length > 0) sheet.writeMany(writes);
      return { report, held };
    } catch (error) {
      return {
        report: { written: 0, copied: 0, expired: 0, evicted: 0, error: errorMessage(error) },
        held: new Set(),
      };
    }
  }

  private writableSheet(): SheetStorePort | null {
    const sheet = this.ports.sheet;
    return sheet?.canWrite ? sheet : null;
  }

  private isLive(at: number, now: number): boolean {
    return now - at < this.ttlDays * DAY_MS;
  }

  // CacheService throws on oversize values and quotas; it is only a shortcut, so go on without it.
  private tryFast<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch {
      return undefined;
    }
  }

  private readStore(failure: string = READ_FAILED): Record<string, string> {
    return durable(failure, () => this.ports.store.getAll());
  }
}

const READ_FAILED = 'Could not read saved results from the document properties';
const SAVE_FAILED = 'Could not save paid results in the document properties';
const CLEAR_FAILED = 'Could not clear saved results from the document properties';
const READ_SHEET_FAILED = 'Could not read saved results from the hidden sheet';
const CLEAR_SHEET_FAILED = 'Could not clear saved results from the hidden sheet';

function durable<T>(failure: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new Error(`${failure}: ${errorMessage(error)}`);
  }
}

/** What a row takes in the sheet: cells hold characters, whatever their UTF-8 size. */
function sheetChars(key: string, value: string): number {
  return key.length + value.length;
}

function assertResultKey(key: string): void {
  // A key of another shape would land among other settings, where eviction never looks. The key is
  // not echoed: a caller's mistake could have put raw input there.
  if (!isResultKey(key)) throw new Error('Not a result cache key: make keys with resultKey().');
}

function scopeFilter(scope: string | undefined): (key: string) => boolean {
  if (scope === undefined) return () => true;
  if (!SCOPE_PATTERN.test(scope))
    throw new Error('Clearing or counting one account needs its accountScope().');
  const prefix = `${KEY_VERSION}:${scope}:`;
  return (key) => key.startsWith(prefix);
}

function positiveOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
