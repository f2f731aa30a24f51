// CacheService on the virtual clock. Assumption ids (C1...) are those of docs/platform-assumptions.md.
//
// Verified (Apps Script reference, Class Cache and CacheService; measured and published by a Google
// developer advocate, justin.poehnelt.com "Exploring Apps Script CacheService Limits"):
// - get answers null on a miss, never undefined; getAll answers only the keys found
// - keys up to 250 characters, values up to 100 KB (102,400 bytes), else "Argument too large: key"
//   / "Argument too large: value"
// - expiration: "The minimum is 1 second and the maximum is 21600 seconds (6 hours)"; the default
//   is 600 s; non-strings are stored as strings
// - a cache holds about 1,000 items; when full it evicts the oldest ~100 by creation time
// - "The data you write to the cache is not guaranteed to persist until its expiration time":
//   `forgetEverything()` simulates that (C5)
// - a user cache belongs to the user across every document ("CacheService.getUserCache: a cache
//   specific to the current user and script"): emulators of several spreadsheets share one backing
//   (C6)
// Assumed:
// - C1: an expiration over 21,600 s is refused with "Argument too large: expirationInSeconds"
//   (the docs give the maximum but not what happens past it; refusing is the stricter choice, and
//   the wording is the one public stubs and reports use, unverified)
// - C2: a non-positive expiration keeps the default (measured: "Negative expiration is
//   ignored/stored"; which lifetime it then gets is unverified)
// - C3: putAll of more than 1,000 items evicts rather than throws
// - C4: a putAll with one bad item stores none of them
import { Buffer } from 'node:buffer';
import { gasError } from './errors';
import type { Runtime } from './runtime';

export const CACHE_MAX_KEY_CHARS = 250;
export const CACHE_MAX_VALUE_BYTES = 100 * 1024;
export const CACHE_MAX_TTL_SECONDS = 21_600;
export const CACHE_DEFAULT_TTL_SECONDS = 600;
export const CACHE_MAX_ITEMS = 1000;
const EVICTION_BATCH = 100;

export interface CacheEntry {
  readonly value: string;
  readonly expiresAt: number;
}

type Entry = CacheEntry;

/** One cache's contents; Map order is creation order, which eviction follows. */
class CacheStore {
  readonly entries = new Map<string, Entry>();

  live(key: string, now: number): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  put(key: string, value: string, expiresAt: number, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    if (this.entries.size <= CACHE_MAX_ITEMS) return;
    for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
    if (this.entries.size <= CACHE_MAX_ITEMS) return;
    const oldest = [...this.entries.keys()].slice(0, EVICTION_BATCH);
    for (const k of oldest) this.entries.delete(k);
  }
}

export class FakeCache {
  readonly #runtime: Runtime;
  readonly #store: CacheStore;
  readonly #name: string;
  /** The cache's name in the footprint's notes: `document cache`, `user cache`, `script cache`. */
  readonly #scope: string;

  constructor(runtime: Runtime, store: CacheStore, name: string, scope = 'cache') {
    this.#runtime = runtime;
    this.#store = store;
    this.#name = name;
    this.#scope = scope;
  }

  get(key: string): string | null {
    this.#enter('get');
    this.#note(false, [String(key)]);
    return this.#read(checkKey(key), this.#runtime.clock.now());
  }

  getAll(keys: string[]): { [key: string]: string } {
    this.#enter('getAll');
    this.#note(false, keys.map(String));
    const now = this.#runtime.clock.now();
    const found: { [key: string]: string } = {};
    for (const key of keys) {
      const value = this.#read(checkKey(key), now);
      if (value !== null) found[key] = value;
    }
    return found;
  }

  /** Live, or as of a race window's start for a read made without a lock (race.ts). */
  #read(key: string, now: number): string | null {
    const race = this.#runtime.race;
    if (!race) return this.#store.live(key, now);
    const entry = race
      .view(this.#store.entries, this.#runtime.current?.id ?? null, this.#runtime.holdsLock())
      .get(key);
    return entry && entry.expiresAt > now ? entry.value : null;
  }

  put(key: string, value: string, expirationInSeconds?: number): void {
    this.#enter('put');
    this.#note(true, [String(key)]);
    this.#putChecked([[checkKey(key), checkValue(value)]], expirationInSeconds);
  }

  putAll(values: { [key: string]: unknown }, expirationInSeconds?: number): void {
    this.#enter('putAll');
    this.#note(true, Object.keys(values));
    // Validate everything first: a refused item leaves the cache as it was.
    const pairs = Object.entries(values).map(([key, value]): [string, string] => [
      checkKey(key),
      checkValue(value),
    ]);
    this.#putChecked(pairs, expirationInSeconds);
  }

  remove(key: string): void {
    this.#enter('remove');
    this.#note(true, [String(key)]);
    this.#store.entries.delete(checkKey(key));
    this.#runtime.race?.wrote(this.#store.entries, this.#runtime.current?.id ?? null, String(key), undefined);
  }

  removeAll(keys: string[]): void {
    this.#enter('removeAll');
    this.#note(true, keys.map(String));
    for (const key of keys) {
      this.#store.entries.delete(checkKey(key));
      this.#runtime.race?.wrote(
        this.#store.entries,
        this.#runtime.current?.id ?? null,
        String(key),
        undefined,
      );
    }
  }

  #putChecked(pairs: [string, string][], expirationInSeconds: number | undefined): void {
    const now = this.#runtime.clock.now();
    const expiresAt = now + checkTtl(expirationInSeconds) * 1000;
    for (const [key, value] of pairs) {
      this.#store.put(key, value, expiresAt, now);
      this.#runtime.race?.wrote(this.#store.entries, this.#runtime.current?.id ?? null, key, {
        value,
        expiresAt,
      });
    }
  }

  #note(write: boolean, keys: readonly string[]): void {
    this.#runtime.noteStored(this.#scope, write, keys);
  }

  #enter(method: string): void {
    this.#runtime.enter('storage', `${this.#name}.${method}`);
  }
}

/** The lifetime an entry gets; past the documented 6 h the call is refused (C1, C2). */
function checkTtl(requested: number | undefined): number {
  if (requested === undefined || !(requested > 0)) return CACHE_DEFAULT_TTL_SECONDS;
  if (requested > CACHE_MAX_TTL_SECONDS) throw gasError('Argument too large: expirationInSeconds');
  return requested;
}

function checkKey(key: unknown): string {
  const text = String(key);
  if (text.length > CACHE_MAX_KEY_CHARS) throw gasError('Argument too large: key');
  return text;
}

function checkValue(value: unknown): string {
  const text = String(value);
  if (Buffer.byteLength(text, 'utf8') > CACHE_MAX_VALUE_BYTES) throw gasError('Argument too large: value');
  return text;
}

/** What Google keeps behind CacheService, by scope. */
export type CacheBacking = Map<string, CacheStore>;

export class FakeCacheService {
  readonly #runtime: Runtime;
  readonly #stores: Map<string, CacheStore>;
  /**
   * Every cache (script, each user's, each document's): emulators of several spreadsheets of one
   * Google backend share it, so a user's cache is one across their documents (C6).
   */
  readonly backing: CacheBacking;

  constructor(runtime: Runtime, backing: CacheBacking = new Map()) {
    this.#runtime = runtime;
    this.backing = backing;
    this.#stores = backing;
  }

  getScriptCache(): FakeCache {
    this.#runtime.enter('storage', 'CacheService.getScriptCache');
    return this.#cache('script', 'script cache');
  }

  getUserCache(): FakeCache {
    this.#runtime.enter('storage', 'CacheService.getUserCache');
    return this.#cache(`user:${this.#runtime.identity().user}`, 'user cache');
  }

  /** Null without an open document, as documented (the typings omit the null). */
  getDocumentCache(): FakeCache | null {
    this.#runtime.enter('storage', 'CacheService.getDocumentCache');
    const { documentId } = this.#runtime.identity();
    return documentId === null ? null : this.#cache(`document:${documentId}`, 'document cache');
  }

  /** Every cache's entries, for a race window's snapshot. */
  stores(): Map<string, Entry>[] {
    return [...this.#stores.values()].map((store) => store.entries);
  }

  /**
   * The live entries of one cache, for unit tests' fixtures (test/unit/helpers/platform.ts): what
   * they change here bypasses every limit, as a setup step should.
   */
  entriesFor(scope: 'script' | { user: string } | { documentId: string }): Map<string, CacheEntry> {
    const key =
      scope === 'script' ? 'script' : 'user' in scope ? `user:${scope.user}` : `document:${scope.documentId}`;
    return this.#store(key).entries;
  }

  /** Every live key and value of every cache, for tests that scan storage for secrets. */
  dump(): string[] {
    return [...this.#stores.values()].flatMap((store) =>
      [...store.entries].flatMap(([key, e]) => [key, e.value]),
    );
  }

  /** Simulates Google dropping every entry early, which the docs warn can happen at any time. */
  forgetEverything(): void {
    for (const store of this.#stores.values()) store.entries.clear();
  }

  #cache(scope: string, name: string): FakeCache {
    return new FakeCache(this.#runtime, this.#store(scope), 'Cache', name);
  }

  #store(scope: string): CacheStore {
    let store = this.#stores.get(scope);
    if (!store) {
      store = new CacheStore();
      this.#stores.set(scope, store);
    }
    return store;
  }
}
