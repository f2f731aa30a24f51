// PropertiesService: script, user and document stores. Assumption ids (P1...) are those of
// docs/platform-assumptions.md.
//
// Verified (Apps Script "Quotas for Google Services": Properties value size 9 KB / val, total
// storage 500 KB / property store, read/write 50,000 / day on consumer accounts, per user, reset
// 24 hours after the first request; reference, Class Properties): values are stored as strings;
// getProperty answers null for a missing key; getProperties returns a copy; a breach of either
// size limit reads "You have exceeded the property storage quota. Please remove some properties
// and try again." (reported for a single oversized value too). In a custom function
// getUserProperties() is the spreadsheet owner's, which the runtime's identity gives.
// User stores belong to a user across every document (Properties guide: "the current user of a
// script, add-on, or web app"): emulators of several spreadsheets share one backing (P5).
// Assumed:
// - P1: keys count toward the 500 KB, in UTF-8 bytes as values do
// - P2: the daily-quota message follows the UrlFetch wording ("Service invoked too many times
//   for one day: properties.")
// - P3: a refused setProperties changes nothing
// - P4: getProperties and getKeys promise no order: the emulator answers in key order, not the
//   order written, so code that relies on the order of writes fails here first
// - P6: in a custom function an editor's formula reads the owner's user properties and may not
//   write them: a write is refused with "You do not have permission to call Properties.<method>"
import { Buffer } from 'node:buffer';
import { gasError, noPermission } from './errors';
import type { Runtime } from './runtime';

export const PROPERTY_MAX_VALUE_BYTES = 9 * 1024;
export const PROPERTY_MAX_STORE_BYTES = 500 * 1024;
export const PROPERTY_DAILY_OPERATIONS = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PROPERTY_QUOTA_MESSAGE =
  'You have exceeded the property storage quota. Please remove some properties and try again.';

type Store = Map<string, string>;

const bytesOf = (key: string, value: string) =>
  Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');

/**
 * A live store. It keeps its size and its key order up to date through every write, whoever makes
 * it (unit tests' fixtures write to it directly): a script reading a big store whole, call after
 * call, would otherwise be sorted and measured again each time.
 */
class LiveStore extends Map<string, string> {
  #bytes = 0;
  #keys: string[] | null = null;

  override set(key: string, value: string): this {
    const before = super.get(key);
    this.#bytes += bytesOf(key, value) - (before === undefined ? 0 : bytesOf(key, before));
    if (before === undefined) this.#keys = null;
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    const before = super.get(key);
    if (before === undefined) return false;
    this.#bytes -= bytesOf(key, before);
    this.#keys = null;
    return super.delete(key);
  }

  override clear(): void {
    this.#bytes = 0;
    this.#keys = null;
    super.clear();
  }

  get bytes(): number {
    return this.#bytes;
  }

  sortedKeys(): readonly string[] {
    this.#keys ??= sortedKeys(this);
    return this.#keys;
  }
}

type QuotaWindows = Map<string, { start: number; used: number }>;

/**
 * What Google keeps behind PropertiesService: every store (script, each user's, each document's) and
 * each user's daily count. Emulators of several spreadsheets of one Google backend share it (P5).
 */
export interface PropertyBacking {
  readonly stores: Map<string, Store>;
  readonly quotaWindows: QuotaWindows;
}

export function newPropertyBacking(): PropertyBacking {
  return { stores: new Map(), quotaWindows: new Map() };
}

function storeBytes(store: Store): number {
  if (store instanceof LiveStore) return store.bytes;
  let total = 0;
  for (const [key, value] of store) total += bytesOf(key, value);
  return total;
}

/** Counts reads and writes per user over a rolling day from the first one. */
class DailyQuota {
  readonly #runtime: Runtime;
  readonly #limit: number;
  readonly #windows: QuotaWindows;

  constructor(runtime: Runtime, limit: number, windows: QuotaWindows) {
    this.#runtime = runtime;
    this.#limit = limit;
    this.#windows = windows;
  }

  spend(): void {
    const now = this.#runtime.clock.now();
    const { user } = this.#runtime.identity();
    let window = this.#windows.get(user);
    if (!window || now - window.start >= DAY_MS) {
      window = { start: now, used: 0 };
      this.#windows.set(user, window);
    }
    if (window.used >= this.#limit) throw gasError('Service invoked too many times for one day: properties.');
    window.used++;
  }
}

/** By UTF-16 code units, as `<` orders strings: the default sort's order, without a JS comparator. */
function sortedKeys(store: Store): string[] {
  return [...store.keys()].sort();
}

/** P4: an order unrelated to the order of writes. */
function inKeyOrder(store: Store): readonly string[] {
  return store instanceof LiveStore ? store.sortedKeys() : sortedKeys(store);
}

/**
 * A fresh object of the store's pairs in key order, assigned one by one: `Object.fromEntries` over
 * a few thousand keys cost about 4 ms a read (4 times the loop), most of a big-range test's time.
 */
function plainCopy(store: Store): { [key: string]: string } {
  const copy: { [key: string]: string } = {};
  for (const key of inKeyOrder(store)) {
    const value = store.get(key)!;
    // An own property, as fromEntries makes it: assigning `__proto__` would set the prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
    else copy[key] = value;
  }
  return copy;
}

/** The Properties methods this fake mirrors: mirror.ts checks their signatures. */
export type PropertiesMethods =
  | 'deleteAllProperties'
  | 'deleteProperty'
  | 'getKeys'
  | 'getProperties'
  | 'getProperty'
  | 'setProperties'
  | 'setProperty';

export class FakeProperties {
  readonly #runtime: Runtime;
  readonly #store: Store;
  readonly #quota: DailyQuota;
  /** A user's store: an editor's formula reads the owner's and may not write it (P6). */
  readonly #ofUser: boolean;
  /** The store's name in the footprint's notes: `document properties`, `user properties`… */
  readonly #name: string;

  constructor(runtime: Runtime, store: Store, quota: DailyQuota, ofUser = false, name = 'properties') {
    this.#runtime = runtime;
    this.#name = name;
    this.#store = store;
    this.#quota = quota;
    this.#ofUser = ofUser;
  }

  getProperty(key: string): string | null {
    this.#enter('getProperty');
    this.#note(false, [String(key)]);
    return this.#seen().get(String(key)) ?? null;
  }

  getProperties(): { [key: string]: string } {
    this.#enter('getProperties');
    this.#note(false, null);
    return plainCopy(this.#seen());
  }

  getKeys(): string[] {
    this.#enter('getKeys');
    this.#note(false, null);
    return [...inKeyOrder(this.#seen())];
  }

  /** The store as this read sees it: live, or as of a race window's start (race.ts). */
  #seen(): Store {
    const race = this.#runtime.race;
    return race
      ? race.view(this.#store, this.#runtime.current?.id ?? null, this.#runtime.holdsLock())
      : this.#store;
  }

  #recordWrite(key: string, value: string | undefined): void {
    this.#runtime.race?.wrote(this.#store, this.#runtime.current?.id ?? null, key, value);
  }

  setProperty(key: string, value: string): FakeProperties {
    this.#enterWrite('setProperty');
    this.#note(true, [String(key)]);
    this.#write([[String(key), String(value)]], false);
    return this;
  }

  setProperties(properties: { [key: string]: string }, deleteAllOthers?: boolean): FakeProperties {
    this.#enterWrite('setProperties');
    this.#note(true, Object.keys(properties));
    const pairs = Object.entries(properties).map(([key, value]): [string, string] => [key, String(value)]);
    this.#write(pairs, deleteAllOthers === true);
    return this;
  }

  deleteProperty(key: string): FakeProperties {
    this.#enterWrite('deleteProperty');
    this.#note(true, [String(key)]);
    this.#store.delete(String(key));
    this.#recordWrite(String(key), undefined);
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.#enterWrite('deleteAllProperties');
    this.#note(true, null);
    this.#store.clear();
    return this;
  }

  #write(pairs: [string, string][], deleteAllOthers: boolean): void {
    for (const [, value] of pairs) {
      if (Buffer.byteLength(value, 'utf8') > PROPERTY_MAX_VALUE_BYTES) throw gasError(PROPERTY_QUOTA_MESSAGE);
    }
    const next = new Map(pairs);
    let bytes = deleteAllOthers ? 0 : storeBytes(this.#store);
    for (const [key, value] of next) {
      const before = deleteAllOthers ? undefined : this.#store.get(key);
      bytes += bytesOf(key, value) - (before === undefined ? 0 : bytesOf(key, before));
    }
    if (bytes > PROPERTY_MAX_STORE_BYTES) throw gasError(PROPERTY_QUOTA_MESSAGE);
    if (deleteAllOthers) this.#store.clear();
    for (const [key, value] of next) this.#store.set(key, value);
    for (const [key, value] of pairs) this.#recordWrite(key, value);
  }

  #note(write: boolean, keys: readonly string[] | null): void {
    this.#runtime.noteStored(this.#name, write, keys);
  }

  #enter(method: string): void {
    this.#runtime.enter('storage', `Properties.${method}`);
    this.#quota.spend();
  }

  #enterWrite(method: string): void {
    this.#enter(method);
    if (this.#ofUser && this.#runtime.current?.userStoresReadOnly === true)
      throw noPermission(`Properties.${method}`);
  }
}

export class FakePropertiesService {
  readonly #runtime: Runtime;
  readonly #stores: Map<string, Store>;
  readonly #quota: DailyQuota;
  /** What this service keeps its stores in, to share with another spreadsheet's emulator. */
  readonly backing: PropertyBacking;

  constructor(
    runtime: Runtime,
    dailyOperations = PROPERTY_DAILY_OPERATIONS,
    backing: PropertyBacking = newPropertyBacking(),
  ) {
    this.#runtime = runtime;
    this.backing = backing;
    this.#stores = backing.stores;
    this.#quota = new DailyQuota(runtime, dailyOperations, backing.quotaWindows);
  }

  getScriptProperties(): FakeProperties {
    this.#runtime.enter('storage', 'PropertiesService.getScriptProperties');
    return this.#properties('script', false, 'script properties');
  }

  getUserProperties(): FakeProperties {
    this.#runtime.enter('storage', 'PropertiesService.getUserProperties');
    return this.#properties(`user:${this.#runtime.identity().user}`, true, 'user properties');
  }

  /** Null without an open document, as documented (the typings omit the null). */
  getDocumentProperties(): FakeProperties | null {
    this.#runtime.enter('storage', 'PropertiesService.getDocumentProperties');
    const { documentId } = this.#runtime.identity();
    return documentId === null
      ? null
      : this.#properties(`document:${documentId}`, false, 'document properties');
  }

  /** Every store, for a race window's snapshot. */
  stores(): Map<string, string>[] {
    return [...this.#stores.values()];
  }

  /** A read-only view for tests: what a store holds now, without spending quota. */
  snapshot(scope: StoreScope): Record<string, string> {
    return Object.fromEntries(this.#stores.get(scopeKey(scope)) ?? []);
  }

  /**
   * The live store, for unit tests' fixtures (test/unit/helpers/platform.ts): what they change here
   * bypasses limits and quota, as a setup step should.
   */
  storeFor(scope: StoreScope): Map<string, string> {
    return this.#store(scopeKey(scope));
  }

  #properties(scope: string, ofUser: boolean, name: string): FakeProperties {
    return new FakeProperties(this.#runtime, this.#store(scope), this.#quota, ofUser, name);
  }

  #store(scope: string): Store {
    let store = this.#stores.get(scope);
    if (!store) {
      store = new LiveStore();
      this.#stores.set(scope, store);
    }
    return store;
  }
}

type StoreScope = 'script' | { user: string } | { documentId: string };

function scopeKey(scope: StoreScope): string {
  return scope === 'script'
    ? 'script'
    : 'user' in scope
      ? `user:${scope.user}`
      : `document:${scope.documentId}`;
}
