// Every paid answer (a result, or a miss, which is charged too) is kept so that recalculation,
// reopening the file, moving rows or copying the formula cost nothing, whatever its age: it is kept
// until the user clears or refreshes it (time alone never spends). Two layers of the document's own:
// a durable store shared with the add-on's other settings (document properties), small (350 KB of
// 500 KB) but writable from a formula; and, optionally, a hidden sheet, large but writable only
// outside custom functions (what a formula cannot keep in either waits in the stash, stash.ts). Properties keep the
// most recent answers, so formulas stay fast; the sheet, where it may be written, keeps them all:
// every write from such a context also copies into it whatever only the properties held, so what
// the properties evict later is never lost. Durable failures are thrown, because losing a paid
// answer silently means the user pays again; a failing sheet write only falls back to properties.

import type {
  BatchStorePort,
  ClockPort,
  HashPort,
  LostSheet,
  SheetStorePort,
  TtlCachePort,
  ZipPort,
} from '../platform/ports';
import { utf8Bytes } from '../platform/utf8';
import { clearEntries } from './clear';
import { durable, onReadInHand, type StoreFailure, tryFast } from './durable';
import { type CachedAnswer, decodeEntry, type PaidEntry, type Payload, payloadsOf } from './entries';
import { assertResultKey, scopeFilter } from './keys';
import {
  FAST_MAX_VALUE_BYTES,
  FAST_TTL_SECONDS,
  type LookedUp,
  type LookUpOptions,
  lookUpLayers,
} from './layered-read';
import { readPayload, scanStore } from './property-layout';
import { type CacheStats, rebuyCredits, type SavedLayers, savedStats } from './saved-results';
import { type SheetOutcome, type SheetReport, saveToSheet } from './sheet-save';
import { dropStash, stashNotes, stashPayloads, stashToMove } from './stash';
import { answersRoom, type PutReport, type StoreRoom, saveToStore } from './store-save';
import { rememberQuietly, type UserMemory } from './user-memory';

/** The cache's share of the 500 KB document-properties store; the rest is left to settings and jobs. */
export const DEFAULT_BUDGET_BYTES = 350_000;
/**
 * Characters (keys and values) of the hidden sheet Saved results measures against (about 25,000
 * typical answers): past it formulas read it more slowly, but no answer is evicted for room.
 * (A formula that misses the faster layers reads the whole sheet.)
 */
export const DEFAULT_SHEET_BUDGET_CHARS = 5_000_000;

export interface ResultCachePorts {
  /** Where the stash's pieces wait for the sheet (stash.ts): the document cache. */
  fast: TtlCachePort;
  store: BatchStorePort;
  hash: HashPort;
  clock: ClockPort;
  /** The hidden sheet: read everywhere, written only where `canWrite` says so. */
  sheet?: SheetStorePort;
  /** Compresses long answers (see entries.ts); without it they are stored as they are. */
  zip?: ZipPort;
  /**
   * The memory across the user's spreadsheets (user-memory.ts): read after this document's own
   * layers, and given every answer saved here; its failures are ignored.
   */
  memory?: UserMemory;
}

export interface ResultCacheOptions {
  /** Most bytes (keys and values, UTF-8) the cache may take in the store; default 350,000. */
  budgetBytes?: number;
  /** The hidden sheet's size (characters) Saved results measures against; default 5,000,000. */
  sheetBudgetChars?: number;
}

// --- The layered cache ------------------------------------------------------------------------

export class ResultCache {
  readonly budgetBytes: number;
  readonly sheetBudgetChars: number;
  /** Keys this execution saw the sheet take in from the properties (keepOverflow): safe to evict. */
  private sheltered: ReadonlySet<string> | undefined;

  constructor(
    private readonly ports: ResultCachePorts,
    options: ResultCacheOptions = {},
  ) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.sheetBudgetChars = options.sheetBudgetChars ?? DEFAULT_SHEET_BUDGET_CHARS;
  }

  /**
   * The saved answers among `keys`: one store read, then one sheet read for what it lacked (a read
   * copies nothing: it must not evict anything). Absent keys are simply not in the map.
   */
  getMany(keys: readonly string[], lostSheet?: LookUpOptions['lostSheet']): Map<string, CachedAnswer> {
    return this.lookUp(keys, { store: () => this.readStore(), ...(lostSheet ? { lostSheet } : {}) }).answers;
  }

  /**
   * How many new answers a save here can keep durably, planned on a snapshot of the store: no
   * limit where the sheet may be written; elsewhere (a formula) what the properties can take
   * (store-save.ts answersRoom). A formula buys no more than that and queues the rest: what it
   * cannot keep durably would wait in the stash, which may forget it before an execution
   * that writes the sheet runs (none may for most of a day, past the trigger-time quota).
   */
  durableRoom(all: Record<string, string>): number {
    if (this.writableSheet()) return Number.POSITIVE_INFINITY;
    return answersRoom(scanStore(all), this.budgetBytes);
  }

  /** The hidden sheet was deleted: what it held (lost.ts); null while it is there. */
  lostSheet(): LostSheet | null {
    return this.ports.sheet?.lost() ?? null;
  }

  /** The user goes on without what the deleted sheet held: lookups buy again, a new sheet keeps them. */
  acceptLostSheet(): void {
    this.ports.sheet?.forgetLost();
  }

  /** `getMany` with the choices of a lookup pass (layered-read.ts): a read in hand, held errors. */
  lookUp(keys: readonly string[], options: LookUpOptions): LookedUp {
    const wanted = [...new Set(keys)];
    wanted.forEach(assertResultKey);
    if (wanted.length === 0) return { answers: new Map(), held: new Map() };
    return lookUpLayers(this.ports, wanted, options);
  }

  /**
   * The answers a snapshot of the durable store already holds (one `getAll` the caller made, under
   * a lock for instance), without reading anything again.
   */
  answersIn(all: Record<string, string>, keys: readonly string[]): Map<string, CachedAnswer> {
    const answers = new Map<string, CachedAnswer>();
    for (const key of keys) {
      const payload = readPayload(all, key, this.ports.hash);
      const answer = payload === null ? null : decodeEntry(payload, this.ports.zip);
      if (answer) answers.set(key, answer);
    }
    return answers;
  }

  /**
   * Saves paid answers in every layer. Where the sheet may be written: the fast cache (see
   * putHere), then the sheet, with the batch
   * and every live properties entry it lacks, in one removeMany and one writeMany; then the
   * properties in one removeMany and one setMany, after clearing expired and unreadable records and
   * evicting the oldest entries that do not fit the budget (safe in the sheet by then). Elsewhere (a
   * formula): the properties, in one write; what they cannot take waits in the stash. Where no sheet is written, the
   * properties' room is planned on the read the store holds in hand, if any (the lookup's locked
   * booking left it moments ago: execution-store.ts), rather than another read of the whole store.
   * `fill`: a trigger's pass, whose answers formulas read in the properties (keepMany kept most of
   * them there): the ones it had no wait to keep go there too where free room allows, or a
   * formula over them would read the whole sheet for a few.
   */
  putMany(entries: readonly PaidEntry[], fill = false): PutReport {
    // Taken whatever the layers: a read in hand serves this save or none.
    const inHand = this.ports.store.takeInHand?.();
    const now = this.ports.clock.now();
    for (const entry of entries) assertResultKey(entry.key);
    const payloads = payloadsOf(entries, now, this.ports.zip);
    if (payloads.size === 0) return { stored: 0, evicted: 0, notStored: [] };
    // The document's layers first, the durable record a kill must not find empty; then the memory
    // across the user's spreadsheets, which only saves credits elsewhere.
    try {
      return this.putHere(payloads, inHand, fill);
    } finally {
      rememberQuietly(this.ports.memory, payloads);
    }
  }

  private putHere(
    payloads: Map<string, Payload>,
    inHand: Record<string, string> | undefined,
    fill: boolean,
  ): PutReport {
    const sheet = this.writableSheet();
    if (sheet) {
      // The fast cache first: the sheet's write is long, and an execution killed during it then
      // still finds its answers there (bulk.test.ts "a 5,000-row run … a slice killed mid-way").
      this.putFast(payloads);
      return this.saveDurably(sheet, this.readStore('save'), payloads, { fill }).report;
    }
    const save = (all: Record<string, string>) => this.saveDurably(null, all, payloads);
    return onReadInHand(inHand, save, () => this.readStore('save')).report;
  }

  /**
   * Keeps paid answers at once, where the execution may be stopped the next instant (a lookup
   * pass, batch by batch): in the properties only, one read and one write (or none for the read,
   * on the read the store holds in hand: the first batch's, after the booking), evicting nothing
   * (an evicted answer the sheet lacks would be bought again); what they cannot take goes to the
   * stash. The pass's putMany saves the rest; the sheet's share copies what the properties hold.
   */
  keepMany(entries: readonly PaidEntry[]): PutReport {
    const inHand = this.ports.store.takeInHand?.();
    const now = this.ports.clock.now();
    for (const entry of entries) assertResultKey(entry.key);
    const payloads = payloadsOf(entries, now, this.ports.zip);
    if (payloads.size === 0) return { stored: 0, evicted: 0, notStored: [] };
    const sheet = this.writableSheet();
    const room: StoreRoom = { maxEvictions: 0, stash: !sheet };
    const save = (all: Record<string, string>) => this.saveDurably(null, all, payloads, room);
    const kept = onReadInHand(inHand, save, () => this.readStore('save')).report;
    if (!sheet || kept.notStored.length === 0) return kept;
    return this.keepOverflow(sheet, kept, payloads);
  }

  /**
   * What full properties could not keep, where the sheet may be written: not left to the fast
   * cache, which forgets within hours (a trigger stopped by the day's quota may be followed by
   * none for most of a day). Once an execution, the sheet takes in every answer only the
   * properties held; the oldest of those then make room in the properties, one deleteProperty
   * each. What still does not fit goes into the sheet itself.
   */
  private keepOverflow(
    sheet: SheetStorePort,
    kept: PutReport,
    payloads: ReadonlyMap<string, Payload>,
  ): PutReport {
    this.sheltered ??= this.copyToSheet()?.held ?? new Set();
    const left = new Map(kept.notStored.map((key) => [key, payloads.get(key)!]));
    const room: StoreRoom = { evictable: this.sheltered, stash: false };
    const again = this.saveDurably(null, this.readStore('save'), left, room).report;
    const report = { ...kept, stored: kept.stored + again.stored, evicted: kept.evicted + again.evicted };
    report.notStored = again.notStored;
    if (again.notStored.length === 0) return report;
    const rest = new Map(again.notStored.map((key) => [key, payloads.get(key)!]));
    const all = this.readStore('save');
    const inSheet = this.saveSheet(sheet, all, scanStore(all), rest);
    report.sheet = inSheet.report;
    report.stored += again.notStored.filter((key) => inSheet.held.has(key)).length;
    report.notStored = again.notStored.filter((key) => !inSheet.held.has(key));
    return report;
  }

  private putFast(payloads: ReadonlyMap<string, Payload>): void {
    const values: Record<string, string> = {};
    for (const [key, { payload }] of payloads) {
      if (utf8Bytes(payload) <= FAST_MAX_VALUE_BYTES) values[key] = payload;
    }
    if (Object.keys(values).length > 0) tryFast(() => this.ports.fast.putMany(values, FAST_TTL_SECONDS));
  }

  /** The sheet's share (where it may be written) and the properties', planned on `all`. */
  private saveDurably(
    sheet: SheetStorePort | null,
    all: Record<string, string>,
    payloads: ReadonlyMap<string, Payload>,
    room: StoreRoom = {},
  ): { report: PutReport } {
    const scan = scanStore(all);
    const inSheet = sheet ? this.saveSheet(sheet, all, scan, payloads) : null;
    // What the sheet holds stays out of the properties: there each new answer would push an older
    // one out, and PropertiesService deletes one key a call (60 ms a row of a bulk run).
    const held = inSheet?.held ?? new Set<string>();
    // An answer bought again (Buy again, a refresh) replaces the properties' older copy, which
    // formulas read before the sheet.
    const inProperties = new Set(scan.entries.map((entry) => entry.key));
    const sheetOnly = [...payloads.keys()].filter((key) => held.has(key) && !inProperties.has(key));
    // Filled only as far as the free room goes, planned to evict nothing (answersRoom takes an
    // answer as twice the average).
    const filling = new Set(room.fill ? sheetOnly.slice(0, answersRoom(scan, this.budgetBytes, 0)) : []);
    const forStore = new Map(
      [...payloads].filter(([key]) => !held.has(key) || inProperties.has(key) || filling.has(key)),
    );
    const { store, hash } = this.ports;
    const inStore = saveToStore({ ...room, store, hash, budgetBytes: this.budgetBytes }, scan, forStore);
    const report: PutReport = {
      stored: inStore.stored.size,
      evicted: inStore.evicted,
      notStored: inStore.notStored,
    };
    if (inSheet) {
      const kept = (key: string) => inStore.stored.has(key) || held.has(key);
      report.stored = [...payloads.keys()].filter(kept).length;
      report.notStored = report.notStored.filter((key) => !kept(key));
      report.sheet = inSheet.report;
    } else if (report.notStored.length > 0 && room.stash !== false) {
      // Nothing durable here takes them: the fast cache keeps them for the sheet's next writer.
      const left = new Map(report.notStored.map((key) => [key, payloads.get(key)!]));
      const stashed = new Set(stashPayloads(this.ports, left, FAST_TTL_SECONDS));
      report.stored += stashed.size;
      report.notStored = report.notStored.filter((key) => !stashed.has(key));
    }
    return { report };
  }

  /**
   * Copies into the sheet every live answer only the properties hold, and clears expired entries
   * there: what putMany does on the way, for a pass that bought nothing. Null when the sheet may
   * not be written here (a custom function) or there is none.
   */
  compact(): SheetReport | null {
    return this.copyToSheet()?.report ?? null;
  }

  private copyToSheet(): SheetOutcome | null {
    const sheet = this.writableSheet();
    if (!sheet) return null;
    const all = this.readStore('save');
    return this.saveSheet(sheet, all, scanStore(all), new Map());
  }

  /** The sheet's share of a save, with the answers stashed in the fast cache moved in too. */
  private saveSheet(
    sheet: SheetStorePort,
    all: Record<string, string>,
    scan: ReturnType<typeof scanStore>,
    payloads: ReadonlyMap<string, Payload>,
  ) {
    const { notes, moving, lost } = stashToMove(this.ports, all);
    const batch = new Map([...moving, ...payloads]);
    const saved = saveToSheet({ sheet, hash: this.ports.hash }, all, scan, batch);
    const moved = [...moving.keys()].filter((key) => saved.held.has(key) || payloads.has(key));
    durable('save', () => dropStash(this.ports, notes, [...moved, ...lost]));
    return saved;
  }

  /**
   * Moves the answers formulas stashed in the fast cache into the sheet; null when there were none.
   * `all`: a read of the store the caller made a moment ago, for the notes that say what waits.
   */
  moveStash(all: Record<string, string> = this.readStore()): SheetReport | null {
    return stashNotes(all).size > 0 ? this.compact() : null;
  }

  /** What the sidebar shows: all accounts, or the one of `scope`; an answer in two layers counts once. */
  stats(scope?: string): CacheStats {
    return savedStats(this.savedLayers(scope), this.budgetBytes, this.sheetBudgetChars);
  }

  /** What buying again every live answer (all accounts', or the one of `scope`) would cost. */
  rebuyCredits(scope?: string): number {
    return rebuyCredits(this.savedLayers(scope));
  }

  /** One snapshot of each durable layer, as the sidebar's views of the cache read them. */
  private savedLayers(scope?: string): SavedLayers {
    const all = this.readStore();
    const sheet = this.ports.sheet;
    return {
      all,
      scan: scanStore(all),
      sheetRows: sheet ? durable('readSheet', () => sheet.readAll()) : null,
      hash: this.ports.hash,
      inScope: scopeFilter(scope),
    };
  }

  /**
   * Removes the cache's entries (all, or one account's) from every layer; other settings and the
   * sheet's other rows stay. Answers how many entries went. Throws, changing nothing, when the
   * sheet holds some and may not be written here.
   */
  clear(scope?: string): number {
    return clearEntries(this.ports, scope);
  }

  private writableSheet(): SheetStorePort | null {
    const sheet = this.ports.sheet;
    return sheet?.canWrite ? sheet : null;
  }

  private readStore(failure: StoreFailure = 'read'): Record<string, string> {
    return durable(failure, () => this.ports.store.getAll());
  }
}
