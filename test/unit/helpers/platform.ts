// The unit tests' platform: thin views over the emulator's services (tools/emulator), so that a unit
// test of the core meets the limits, TTL rules, quotas and errors the emulated add-on meets, and
// the two can never disagree again. Each view is one of the core's ports, built by the product's
// own adapter (src/server/adapters.ts, src/server/sheet-store.ts) over the emulator's fake, plus
// what a test needs to watch or break it: call counts, scripted faults and, for fixtures, live
// access to what is stored. Every view of one FakeClock shares one emulated document.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { ValuePort } from '../../../src/core/api/pacing';
import type {
  BatchStorePort,
  HashPort,
  LockPort,
  LostSheet,
  SheetHolds,
  SheetStorePort,
  TtlCachePort,
} from '../../../src/core/platform/ports';
import { batchStorePort, lockPort, ttlCachePort } from '../../../src/server/adapters/apps-script';
import { CACHE_SHEET_NAME, sheetStorePort } from '../../../src/server/adapters/sheet-store';
import type { CacheEntry } from '../../../tools/emulator/cache';
import { createEmulator, type Emulator } from '../../../tools/emulator/emulator';
import { ExecutionTimeout, gasError } from '../../../tools/emulator/errors';
import type { FakeLock } from '../../../tools/emulator/lock';
import { PROPERTY_QUOTA_MESSAGE } from '../../../tools/emulator/properties';
import {
  CUSTOM_FUNCTION_BUDGET_MS,
  EXECUTION_BUDGET_MS,
  type ExecutionSpec,
} from '../../../tools/emulator/runtime';
import { FakeClock } from './fake-http';

type Properties = GoogleAppsScript.Properties.Properties;
type Cache = GoogleAppsScript.Cache.Cache;
type Lock = GoogleAppsScript.Lock.Lock;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const sha256: HashPort = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

export const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');
export const QUOTA = PROPERTY_QUOTA_MESSAGE;

const OWNER = 'owner@example.com';
/** A hold by "another execution" that only the test ends. */
const UNTIL_RELEASED_MS = 1_000 * 365 * 86_400_000;

interface Platform {
  readonly emu: Emulator;
  /** The document's lock, one object for every view, as one execution of the add-on has. */
  readonly documentLock: FakeLock;
}

const platforms = new WeakMap<FakeClock, Platform>();

/** The emulated document every view of this clock works on; made on first use. */
export function platformOf(clock: FakeClock): Platform {
  let platform = platforms.get(clock);
  if (!platform) {
    const emu = createEmulator({
      clock: clock.virtual,
      userEmail: OWNER,
      fetchHandler: () => {
        throw new Error('Unit tests send HTTP through FakeHttp or the fake API, not UrlFetchApp');
      },
    });
    platform = { emu, documentLock: emu.locks.getDocumentLock()! };
    platforms.set(clock, platform);
  }
  return platform;
}

function documentScope(emu: Emulator) {
  return { documentId: emu.document.id };
}

/**
 * Runs `work` as another execution of the add-on (another user's formula, a trigger) starting now:
 * the locks this test holds outside any execution are someone else's there, and it waits for them
 * on the clock as the platform would.
 */
export function asAnotherExecution<T>(clock: FakeClock, work: () => T): T {
  return runAs(platformOf(clock).emu, 'FULL', work);
}

function runAs<T>(emu: Emulator, authMode: 'FULL' | 'CUSTOM_FUNCTION', work: () => T): T {
  const formula = authMode === 'CUSTOM_FUNCTION';
  const spec: ExecutionSpec = {
    label: formula ? 'a formula (unit test)' : 'another execution (unit test)',
    authMode,
    budgetMs: formula ? CUSTOM_FUNCTION_BUDGET_MS : EXECUTION_BUDGET_MS,
    hasUi: !formula,
    documentId: emu.document.id,
    hasActiveSpreadsheet: true,
    user: OWNER,
    hasActiveUser: !formula,
  };
  return emu.runtime.run(spec, work);
}

type Fault<M> = { methods: M[]; message: string } | null;

/** Counts each call and throws the scripted fault, if any, before the port is reached. */
function enter<M extends string>(calls: Record<M, number>, fault: Fault<M>, method: M): void {
  calls[method]++;
  if (fault?.methods.includes(method)) throw gasError(fault.message);
}

type StoreMethod = 'getAll' | 'setMany' | 'removeMany';

/** The document properties (emulator: 9 KB a value, 500 KB a store, a daily quota). */
export class FakeProperties implements BatchStorePort {
  readonly calls: Record<StoreMethod, number> = { getAll: 0, setMany: 0, removeMany: 0 };
  /** Makes these methods throw this message. */
  failing: Fault<StoreMethod> = null;
  readonly #clock: FakeClock;
  readonly #port: BatchStorePort;
  #beforeWrite: (() => void) | null = null;
  #killedWrites = 0;
  #killedRemoves = 0;

  constructor(clock: FakeClock = new FakeClock()) {
    const { emu } = platformOf(clock);
    this.#clock = clock;
    this.#port = batchStorePort(emu.properties.getDocumentProperties() as unknown as Properties);
  }

  /** The stored properties, live, for fixtures: changes here bypass every limit. */
  get data(): Map<string, string> {
    const { emu } = platformOf(this.#clock);
    return emu.properties.storeFor(documentScope(emu));
  }

  getAll(): Record<string, string> {
    enter(this.calls, this.failing, 'getAll');
    return this.#port.getAll();
  }

  setMany(entries: Record<string, string>): void {
    enter(this.calls, this.failing, 'setMany');
    const hook = this.#beforeWrite;
    this.#beforeWrite = null;
    if (hook) asAnotherExecution(this.#clock, hook);
    if (this.#killedWrites > 0) {
      this.#killedWrites--;
      throw new ExecutionTimeout();
    }
    this.#port.setMany(entries);
  }

  removeMany(keys: readonly string[]): void {
    enter(this.calls, this.failing, 'removeMany');
    if (this.#killedRemoves > 0) {
      this.#killedRemoves--;
      throw new ExecutionTimeout();
    }
    this.#port.removeMany(keys);
  }

  /** UTF-8 bytes of keys and values, as the 500 KB is counted. */
  bytes(): number {
    let total = 0;
    for (const [key, value] of this.data) total += bytesOf(key) + bytesOf(value);
    return total;
  }

  /** Another execution runs `work` once, after the next writer has read and before it writes. */
  beforeNextWrite(work: () => void): void {
    this.#beforeWrite = work;
  }

  /** The next `count` writes die with the execution's time limit: nothing of them is saved. */
  killNextWrites(count: number): void {
    this.#killedWrites = count;
  }

  /** The execution is killed during its next delete: whatever it wrote stays, nothing is deleted. */
  killDuringNextRemove(): void {
    this.#killedRemoves = 1;
  }
}

type CacheMethod = 'getMany' | 'putMany' | 'removeMany';

/** The document cache (emulator: 250-char keys, 100 KB values, at most 6 h, 1,000 items). */
export class FakeCacheService implements TtlCachePort {
  readonly calls: Record<CacheMethod, number> = { getMany: 0, putMany: 0, removeMany: 0 };
  /** Every call throws, as when the service is over its limits or down. */
  broken = false;
  readonly #clock: FakeClock;
  readonly #port: TtlCachePort;

  constructor(clock: FakeClock) {
    const { emu } = platformOf(clock);
    this.#clock = clock;
    this.#port = ttlCachePort(emu.cache.getDocumentCache() as unknown as Cache);
  }

  /** The stored entries with their expiry, live, for fixtures and for reading TTLs. */
  get items(): Map<string, CacheEntry> {
    const { emu } = platformOf(this.#clock);
    return emu.cache.entriesFor(documentScope(emu));
  }

  getMany(keys: readonly string[]): Record<string, string> {
    this.#enter('getMany');
    return this.#port.getMany(keys);
  }

  putMany(entries: Record<string, string>, ttlSeconds: number): void {
    this.#enter('putMany');
    this.#port.putMany(entries, ttlSeconds);
  }

  removeMany(keys: readonly string[]): void {
    this.#enter('removeMany');
    this.#port.removeMany(keys);
  }

  /** CacheService dropping everything early, which its documentation warns it may do. */
  forget(): void {
    platformOf(this.#clock).emu.cache.forgetEverything();
  }

  #enter(method: CacheMethod): void {
    this.calls[method]++;
    // Assumed wording: the fault stands for any failure of the service.
    if (this.broken) throw gasError('Service invoked too many times: cache.');
  }
}

/**
 * The document lock, through the product's lockPort over the emulator's LockService: a claimant
 * that finds it held waits its timeout on the clock, then is refused.
 */
export class FakeDocumentLock implements LockPort {
  readonly #clock: FakeClock;
  readonly #port: LockPort;
  #duringNextHold: (() => void) | null = null;

  constructor(clock: FakeClock) {
    this.#clock = clock;
    this.#port = lockPort(platformOf(clock).documentLock as unknown as Lock);
  }

  withLock<T>(timeoutMs: number, work: () => T): T {
    return this.#port.withLock(timeoutMs, () => {
      const other = this.#duringNextHold;
      this.#duringNextHold = null;
      if (other) asAnotherExecution(this.#clock, other);
      return work();
    });
  }

  /** Another execution runs `work` while the next holder has the lock. */
  whileNextHeld(work: () => void): void {
    this.#duringNextHold = work;
  }

  /** Whether another execution (another formula, a trigger) holds the lock until told otherwise. */
  set heldElsewhere(held: boolean) {
    const { locks } = platformOf(this.#clock).emu;
    if (held) locks.holdElsewhere('document', UNTIL_RELEASED_MS);
    else locks.releaseElsewhere('document');
  }
}

type SheetMethod = 'readAll' | 'writeMany' | 'removeMany';

/**
 * The hidden sheet `_enrich_cache`, through the product's sheetStorePort over the emulator's
 * spreadsheet. A formula's view runs each call as a custom function, which may read the spreadsheet
 * and is refused any write by the emulator.
 */
export class FakeSheetStore {
  /** Makes these methods throw this message, in every view. */
  failing: Fault<SheetMethod> = null;
  readonly #clock: FakeClock;

  constructor(clock: FakeClock) {
    this.#clock = clock;
  }

  /** The sheet as one execution sees it: a formula (false) or a sidebar call (true). */
  view(canWrite: boolean): SheetStoreView {
    return new SheetStoreView(this, this.#port(canWrite), (work) => this.#inExecution(canWrite, work));
  }

  /** Every row's key and value, read without counting as a call. */
  get rows(): Map<string, string> {
    return new Map(Object.entries(this.#port(false).readAll()));
  }

  /** A row someone typed into the sheet, or wrote there some other way, for fixtures. */
  addRow(key: string, value: string): void {
    this.#port(true).writeMany({ [key]: value });
  }

  /** A user deletes the sheet (its tab's Delete). */
  deleteSheet(): void {
    const { document } = platformOf(this.#clock).emu;
    const sheet = document.sheetByName(CACHE_SHEET_NAME);
    if (sheet) document.removeSheet(sheet);
  }

  /** The sheet's record (its id, what it holds), kept apart from the cache's document properties. */
  record: string | null = null;

  #port(canWrite: boolean): SheetStorePort {
    const { emu, documentLock } = platformOf(this.#clock);
    return sheetStorePort({
      spreadsheet: emu.spreadsheet as unknown as Spreadsheet,
      canWrite,
      lock: documentLock as unknown as Lock,
      flush: () => emu.globals.SpreadsheetApp.flush(),
      record: {
        read: () => this.record,
        write: (text) => {
          this.record = text;
        },
      },
    });
  }

  #inExecution<T>(canWrite: boolean, work: () => T): T {
    const { emu } = platformOf(this.#clock);
    if (canWrite || emu.runtime.current) return work();
    return runAs(emu, 'CUSTOM_FUNCTION', work);
  }
}

export class SheetStoreView implements SheetStorePort {
  /** This view's calls; the rows and the faults are the sheet's, shared by every view. */
  readonly calls: Record<SheetMethod, number> = { readAll: 0, writeMany: 0, removeMany: 0 };
  readonly canWrite: boolean;
  readonly #sheet: FakeSheetStore;
  readonly #port: SheetStorePort;
  readonly #run: <T>(work: () => T) => T;

  constructor(sheet: FakeSheetStore, port: SheetStorePort, run: <T>(work: () => T) => T) {
    this.#sheet = sheet;
    this.#port = port;
    this.#run = run;
    this.canWrite = port.canWrite;
  }

  readAll(): Record<string, string> {
    enter(this.calls, this.#sheet.failing, 'readAll');
    return this.#run(() => this.#port.readAll());
  }

  writeMany(entries: Record<string, string>, holds?: SheetHolds): void {
    enter(this.calls, this.#sheet.failing, 'writeMany');
    this.#run(() => this.#port.writeMany(entries, holds));
  }

  removeMany(keys: readonly string[], holds?: SheetHolds): void {
    enter(this.calls, this.#sheet.failing, 'removeMany');
    this.#run(() => this.#port.removeMany(keys, holds));
  }

  lost(): LostSheet | null {
    return this.#run(() => this.#port.lost());
  }

  forgetLost(): void {
    this.#run(() => this.#port.forgetLost());
  }
}

/** The key's pace log as one value of `store` (in the product, one user property). */
export function paceValue(store: BatchStorePort, name: string): ValuePort {
  return {
    get: () => store.getAll()[name],
    set: (value) => store.setMany({ [name]: value }),
  };
}
