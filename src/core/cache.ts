// Every paid answer (a result, or a miss, which is charged too) is kept so that recalculation,
// reopening the file, moving rows or copying the formula cost nothing for `ttlDays`. Two layers:
// a fast cache that may forget at any time (CacheService) in front of a durable store shared with
// the add-on's other settings (document properties). The durable store is the source of truth:
// its failures are thrown, because losing a paid answer silently means the user pays again.
import type { EnrichmentRequest } from './api-types';
import {
  layoutRecords,
  ownValue,
  readPayload,
  recordBytes,
  type StoreLayout,
  scanStore,
  utf8Bytes,
} from './cache-store';
import type { CallOutcome } from './client';
import type { BatchStorePort, ClockPort, HashPort, TtlCachePort } from './ports';

export const DEFAULT_TTL_DAYS = 30;
/** The cache's share of the 500 KB document-properties store; the rest is left to settings and jobs. */
export const DEFAULT_BUDGET_BYTES = 350_000;
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
  /** Entries written to the durable store. */
  stored: number;
  /** Older entries removed to stay inside the byte budget. */
  evicted: number;
  /** Entries past their TTL removed on the way. */
  expired: number;
  /** Keys too big for the budget even alone: kept in the fast layer only, for hours, not days. */
  notStored: string[];
}

export interface CacheStats {
  /** Readable entries still inside their TTL. */
  entries: number;
  /** UTF-8 bytes (keys and values) the cache's records take in the store now, expired ones included. */
  bytes: number;
  budgetBytes: number;
  oldestAt: number | null;
  newestAt: number | null;
}

export interface ResultCachePorts {
  fast: TtlCachePort;
  store: BatchStorePort;
  hash: HashPort;
  clock: ClockPort;
}

export interface ResultCacheOptions {
  /** How long a paid answer is reused; default 30. A missing or non-positive value means the default. */
  ttlDays?: number;
  /** Most bytes (keys and values, UTF-8) the cache may take in the store; default 350,000. */
  budgetBytes?: number;
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

export class ResultCache {
  readonly ttlDays: number;
  readonly budgetBytes: number;
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
  }

  /**
   * The saved answers among `keys`: one fast-layer read, then one store read for what it lacked,
   * which is copied back into the fast layer. Absent keys are simply not in the map.
   */
  getMany(keys: readonly string[]): Map<string, CachedAnswer> {
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

    const all = this.readStore();
    const rewarm: Record<string, string> = {};
    for (const key of missed) {
      const payload = readPayload(all, key, this.ports.hash);
      const answer = payload === null ? null : decodeEntry(payload);
      if (!answer || !this.isLive(answer.at, now)) continue;
      answers.set(key, answer);
      if (utf8Bytes(payload!) <= FAST_MAX_VALUE_BYTES) rewarm[key] = payload!;
    }
    if (Object.keys(rewarm).length > 0) {
      this.tryFast(() => this.ports.fast.putMany(rewarm, FAST_TTL_SECONDS));
    }
    return answers;
  }

  /**
   * Saves paid answers in both layers: the fast one first (so that a failing store still spares
   * re-runs for a few hours), then the store in one removeMany and one setMany, after clearing
   * expired and unreadable records and evicting the oldest entries that do not fit the budget.
   */
  putMany(entries: readonly PaidEntry[]): PutReport {
    const now = this.ports.clock.now();
    const payloads = new Map<string, { payload: string; at: number }>();
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

    const scan = scanStore(this.readStore(SAVE_FAILED), this.layout);
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
    let total = candidates.reduce((sum, candidate) => sum + candidate.bytes, 0);
    const writes: Record<string, string> = {};
    for (const candidate of candidates) {
      if (total > limit) {
        total -= candidate.bytes;
        if (candidate.writes) report.notStored.push(candidate.key);
        else {
          report.evicted++;
          dropped.push(candidate.key);
          for (const record of candidate.records) removals.add(record);
        }
      } else if (candidate.writes) {
        Object.assign(writes, candidate.writes);
        for (const record of replaced.get(candidate.key) ?? []) removals.add(record);
        report.stored++;
      }
    }

    // Removing first keeps the store under its hard limit while the new records go in.
    const toRemove = [...removals].filter((key) => ownValue(writes, key) === undefined);
    if (toRemove.length > 0) durable(SAVE_FAILED, () => this.ports.store.removeMany(toRemove));
    if (Object.keys(writes).length > 0) durable(SAVE_FAILED, () => this.ports.store.setMany(writes));
    // So that clear() and the stats tell the truth, what left the store leaves the fast layer too.
    if (dropped.length > 0) this.tryFast(() => this.ports.fast.removeMany(dropped));
    return report;
  }

  /** What the sidebar shows: all accounts, or the one of `scope`. */
  stats(scope?: string): CacheStats {
    const all = this.readStore();
    const scan = scanStore(all, this.layout);
    const inScope = scopeFilter(scope);
    const now = this.ports.clock.now();
    const mine = scan.entries.filter((entry) => inScope(entry.key));
    const live = mine.filter((entry) => this.isLive(entry.at, now)).map((entry) => entry.at);
    const garbageBytes = scan.garbage
      .filter(inScope)
      .reduce((sum, key) => sum + recordBytes(key, ownValue(all, key) ?? ''), 0);
    return {
      entries: live.length,
      bytes: mine.reduce((sum, entry) => sum + entry.bytes, garbageBytes),
      budgetBytes: this.budgetBytes,
      oldestAt: live.length > 0 ? Math.min(...live) : null,
      newestAt: live.length > 0 ? Math.max(...live) : null,
    };
  }

  /** Removes the cache's entries (all, or one account's) from both layers; other settings stay. */
  clear(scope?: string): number {
    const inScope = scopeFilter(scope);
    const scan = scanStore(this.readStore(CLEAR_FAILED), this.layout);
    const entries = scan.entries.filter((entry) => inScope(entry.key));
    const records = [...entries.flatMap((entry) => entry.records), ...scan.garbage.filter(inScope)];
    if (records.length > 0) durable(CLEAR_FAILED, () => this.ports.store.removeMany(records));
    if (entries.length > 0) this.tryFast(() => this.ports.fast.removeMany(entries.map((entry) => entry.key)));
    return entries.length;
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

function durable<T>(failure: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new Error(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
  }
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
