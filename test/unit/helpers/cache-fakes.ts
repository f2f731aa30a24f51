// Storage fakes as strict as Google's, for the result cache's tests: document properties (9 KB a
// value, 500 KB a store), CacheService (250-char keys, 100 KB values, 6 h, forgets at will) and
// the hidden sheet (read everywhere, written only where the execution may write sheets).
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { BatchStorePort, HashPort, SheetStorePort, TtlCachePort } from '../../../src/core/ports';
import type { FakeClock } from './fake-http';

export const sha256: HashPort = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

export const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');
export const QUOTA =
  'You have exceeded the property storage quota. Please remove some properties and try again.';

/** Document properties as strict as Google's: 9 KB a value, 500 KB a store (keys count). */
export class FakeProperties implements BatchStorePort {
  readonly data = new Map<string, string>();
  readonly calls = { getAll: 0, setMany: 0, removeMany: 0 };
  /** Makes these methods throw this message. */
  failing: { methods: (keyof FakeProperties['calls'])[]; message: string } | null = null;

  /** In key order, not in the order written: getProperties() promises no order. */
  getAll(): Record<string, string> {
    this.enter('getAll');
    return Object.fromEntries([...this.data].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  setMany(entries: Record<string, string>): void {
    this.enter('setMany');
    if (Object.values(entries).some((value) => bytesOf(value) > 9 * 1024)) throw new Error(QUOTA);
    const next = new Map([...this.data, ...Object.entries(entries)]);
    if (storeBytes(next) > 500 * 1024) throw new Error(QUOTA);
    for (const [key, value] of Object.entries(entries)) this.data.set(key, value);
  }

  removeMany(keys: readonly string[]): void {
    this.enter('removeMany');
    for (const key of keys) this.data.delete(key);
  }

  bytes(): number {
    return storeBytes(this.data);
  }

  private enter(method: keyof FakeProperties['calls']): void {
    this.calls[method]++;
    if (this.failing?.methods.includes(method)) throw new Error(this.failing.message);
  }
}

function storeBytes(store: Map<string, string>): number {
  let total = 0;
  for (const [key, value] of store) total += bytesOf(key) + bytesOf(value);
  return total;
}

/** CacheService: 250-char keys, 100 KB values, TTL at most 6 h, and it may forget everything. */
export class FakeCacheService implements TtlCachePort {
  readonly items = new Map<string, { value: string; expiresAt: number }>();
  readonly calls = { getMany: 0, putMany: 0, removeMany: 0 };
  broken = false;

  constructor(private readonly clock: FakeClock) {}

  getMany(keys: readonly string[]): Record<string, string> {
    this.enter('getMany', keys);
    const found: Record<string, string> = {};
    for (const key of keys) {
      const item = this.items.get(key);
      if (item && item.expiresAt > this.clock.now()) found[key] = item.value;
    }
    return found;
  }

  putMany(entries: Record<string, string>, ttlSeconds: number): void {
    this.enter('putMany', Object.keys(entries));
    if (ttlSeconds > 21_600) throw new Error('Invalid argument: expirationInSeconds');
    if (Object.values(entries).some((value) => bytesOf(value) > 100 * 1024)) {
      throw new Error('Argument too large: value');
    }
    for (const [key, value] of Object.entries(entries)) {
      this.items.set(key, { value, expiresAt: this.clock.now() + ttlSeconds * 1000 });
    }
  }

  removeMany(keys: readonly string[]): void {
    this.enter('removeMany', keys);
    for (const key of keys) this.items.delete(key);
  }

  forget(): void {
    this.items.clear();
  }

  private enter(method: keyof FakeCacheService['calls'], keys: readonly string[]): void {
    this.calls[method]++;
    if (this.broken) throw new Error('Service invoked too many times: cache.');
    if (keys.some((key) => key.length > 250)) throw new Error('Argument too large: key');
  }
}

/**
 * The hidden sheet. A custom function (`canWrite` false) may read it; a write from there throws as
 * Sheets does, so a test fails if the cache ever tries.
 */
export class FakeSheetStore implements SheetStorePort {
  /** This view's calls; the rows and the faults are the sheet's, shared by every view. */
  readonly calls = { readAll: 0, writeMany: 0, removeMany: 0 };

  constructor(
    readonly canWrite = true,
    private readonly sheet: { rows: Map<string, string>; failing: SheetFault | null } = {
      rows: new Map(),
      failing: null,
    },
  ) {}

  get rows(): Map<string, string> {
    return this.sheet.rows;
  }

  /** Makes these methods throw this message, in every view. */
  set failing(fault: SheetFault | null) {
    this.sheet.failing = fault;
  }

  /** The same sheet as another execution sees it: a formula (false) or a sidebar call (true). */
  view(canWrite: boolean): FakeSheetStore {
    return new FakeSheetStore(canWrite, this.sheet);
  }

  readAll(): Record<string, string> {
    this.enter('readAll');
    return Object.fromEntries(this.rows);
  }

  writeMany(entries: Record<string, string>): void {
    this.enter('writeMany');
    this.refuseInFormula('setValues');
    for (const [key, value] of Object.entries(entries)) this.rows.set(key, value);
  }

  removeMany(keys: readonly string[]): void {
    this.enter('removeMany');
    this.refuseInFormula('deleteRows');
    for (const key of keys) this.rows.delete(key);
  }

  private refuseInFormula(method: string): void {
    if (!this.canWrite) throw new Error(`You do not have permission to call ${method}`);
  }

  private enter(method: SheetMethod): void {
    this.calls[method]++;
    if (this.sheet.failing?.methods.includes(method)) throw new Error(this.sheet.failing.message);
  }
}

type SheetMethod = 'readAll' | 'writeMany' | 'removeMany';
type SheetFault = { methods: SheetMethod[]; message: string };
