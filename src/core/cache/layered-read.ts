// Reading saved answers through the cache's layers with as few round trips as the caller allows.
// A formula, with a read of the document properties in hand (it read its settings from it), looks
// there for nothing, with its held provider errors, then the stash (only where its notes say
// something waits there), the hidden sheet only for what the properties lacked (where its record
// says there is one), then the memory across the user's spreadsheets. It reads no fast cache: what
// the properties lack is seldom there, and the read was 2 calls of every miss. Any other caller
// reads the fast cache first, where an execution that writes the sheet copies its answers before
// that long write (result-cache.ts putMany), then the store for what it lacked.
import type { ApiError } from '../api/outcome';
import type { ClockPort, HashPort, SheetStorePort, TtlCachePort, ZipPort } from '../platform/ports';
import { lostResultsRefusal } from '../text/catalogue/lost';
import { durable, tryFast } from './durable';
import { type CachedAnswer, decodeEntry } from './entries';
import { heldFailuresIn } from './held-failures';
import { ownValue, readPayload } from './property-layout';
import { readStash, stashNotes } from './stash';
import type { MemoryReader, Remembered } from './user-memory';

/** CacheService refuses values over 100 KB (102,400 bytes); bigger answers live in the store only. */
export const FAST_MAX_VALUE_BYTES = 100_000;
/** CacheService's longest TTL. */
export const FAST_TTL_SECONDS = 21_600;

export interface LookUpOptions {
  /** The store: a read in hand, or how to read it (once at most). */
  store: Record<string, string> | (() => Record<string, string>);
  /** Also the provider errors formulas hold (held-failures.ts), in the same read of the store. */
  heldFailures?: boolean;
  /**
   * What to do when the hidden sheet was deleted (lost.ts) and a key is in no other layer: 'refuse'
   * (the default: throw the words saying what was lost, so that nothing is bought again unasked), or
   * 'skip' it, for a preview that shows those words itself.
   */
  lostSheet?: 'refuse' | 'skip';
}

export interface LookedUp {
  answers: Map<string, CachedAnswer>;
  /** Held provider errors of keys no layer answered; empty unless asked for. */
  held: Map<string, ApiError>;
}

export interface ReadLayers {
  /** The fast cache: answers an execution writing the sheet copied there, and the stash's pieces. */
  fast: TtlCachePort;
  /** The memory across the user's spreadsheets (user-memory.ts), read only for what this document lacks. */
  memory?: MemoryReader;
  hash: HashPort;
  clock: ClockPort;
  zip?: ZipPort;
  sheet?: SheetStorePort;
}

/** The saved answers among `wanted`; a read copies nothing anywhere (it must not evict anything). */
export function lookUpLayers(
  layers: ReadLayers,
  wanted: readonly string[],
  options: LookUpOptions,
): LookedUp {
  const { store } = options;
  const inHand = typeof store !== 'function';
  const read = new LayeredRead(layers, wanted, inHand ? () => store : store);
  if (!inHand) read.fromFast();
  read.fromStore();
  read.fromStash();
  read.fromSheet();
  read.fromMemory();
  if (options.lostSheet !== 'skip') read.refuseIfLost();
  const held = options.heldFailures
    ? heldFailuresIn(read.storeRead(), read.missing(), layers.clock.now())
    : new Map<string, ApiError>();
  return { answers: read.answers, held };
}

/** One read through the layers: what each found. */
class LayeredRead {
  readonly answers = new Map<string, CachedAnswer>();
  private all: Record<string, string> | undefined;

  constructor(
    private readonly layers: ReadLayers,
    private readonly wanted: readonly string[],
    private readonly readStore: () => Record<string, string>,
  ) {}

  missing(): string[] {
    return this.wanted.filter((key) => !this.answers.has(key));
  }

  /** The fast layer, for what is still missing; it only helps, so a failure reads as absent. */
  fromFast(): void {
    const asked = this.missing();
    if (asked.length === 0) return;
    const fast = tryFast(() => this.layers.fast.getMany(asked)) ?? {};
    for (const key of asked) this.take(key, ownValue(fast, key));
  }

  fromStore(): void {
    if (this.missing().length === 0) return;
    for (const key of this.missing()) this.take(key, readPayload(this.storeRead(), key, this.layers.hash));
  }

  fromStash(): void {
    const missing = this.missing();
    // Most stores hold no stash note: nothing to look for then.
    const notes = missing.length === 0 ? null : stashNotes(this.storeRead());
    if (!notes?.size) return;
    for (const [key, payload] of readStash(this.layers, notes, missing)) this.take(key, payload);
  }

  /**
   * What another spreadsheet of the user bought, saying where. Not copied into this document's
   * layers: a receipt tells a purchase here from one elsewhere by where the answer is.
   */
  fromMemory(): void {
    const memory = this.layers.memory;
    const missing = this.missing();
    if (!memory || missing.length === 0) return;
    const found = tryFast(() => memory.find(missing)) ?? new Map<string, Remembered>();
    for (const [key, { answer, boughtIn }] of found) this.answers.set(key, { ...answer, boughtIn });
  }

  fromSheet(): void {
    const sheet = this.layers.sheet;
    const missing = this.missing();
    if (!sheet || missing.length === 0) return;
    const rows = durable('readSheet', () => sheet.readAll());
    for (const key of missing) this.take(key, ownValue(rows, key));
  }

  /** What the deleted hidden sheet held is not bought again unasked (lost.ts). */
  refuseIfLost(): void {
    const sheet = this.layers.sheet;
    const lost = sheet && this.missing().length > 0 ? sheet.lost() : null;
    if (lost) throw new Error(lostResultsRefusal(lost));
  }

  storeRead(): Record<string, string> {
    this.all ??= durable('read', this.readStore);
    return this.all;
  }

  private take(key: string, payload: string | null | undefined): void {
    const answer = payload == null ? null : decodeEntry(payload, this.layers.zip);
    if (answer) this.answers.set(key, answer);
  }
}
