// Reading saved answers through the cache's layers with as few round trips as the caller allows:
// one fast-layer read (with a formula's held provider errors in the same call), the store once,
// the hidden sheet only for what both lacked. A caller with a read of the store in hand (a formula
// reads its settings from the same read) looks there first, for nothing.
import type { ApiError } from '../api/outcome';
import type { HashPort, SheetStorePort, TtlCachePort, ZipPort } from '../platform/ports';
import { durable, READ_FAILED, READ_SHEET_FAILED } from './durable';
import { type CachedAnswer, decodeEntry } from './entries';
import { heldFailureKeys, heldFailuresIn } from './held-failures';
import { lostResultsRefusal } from './lost';
import { ownValue, readPayload, utf8Bytes } from './property-layout';
import { readStash, stashNotes } from './stash';
import type { Remembered } from './user-memory';

/** CacheService refuses values over 100 KB (102,400 bytes); bigger answers live in the store only. */
export const FAST_MAX_VALUE_BYTES = 100_000;
/** CacheService's longest TTL. */
export const FAST_TTL_SECONDS = 21_600;

export interface LookUpOptions {
  /**
   * The store: a read in hand, looked at before the fast layer, which is then read only for what it
   * lacked (what it held is not copied into the fast layer); or how to read it, once at most, only
   * when the fast layer lacked something.
   */
  store: Record<string, string> | (() => Record<string, string>);
  /** Also the provider errors formulas hold (held-failures.ts), in the same fast-layer read. */
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
  fast: TtlCachePort;
  /** The memory across the user's spreadsheets (user-memory.ts), read only for what this document lacks. */
  memory?: { find(keys: readonly string[]): Map<string, Remembered> };
  hash: HashPort;
  zip?: ZipPort;
  sheet?: SheetStorePort;
}

/**
 * The saved answers among `wanted`; what the slower layers had is copied back into the fast layer
 * (never into the properties: a read must not evict anything).
 */
export function lookUpLayers(
  layers: ReadLayers,
  wanted: readonly string[],
  options: LookUpOptions,
): LookedUp {
  const { store } = options;
  const inHand = typeof store !== 'function';
  const read = new LayeredRead(layers, wanted, inHand ? () => store : store, options.lostSheet !== 'skip');
  if (inHand) read.fromStore(false);
  const fast = read.fromFast(options.heldFailures === true);
  if (!inHand) read.fromStore(true);
  read.fromStash();
  read.fromSheet();
  read.fromMemory();
  read.refuseIfLost();
  read.rewarm();
  const held = options.heldFailures ? heldFailuresIn(fast, read.missing()) : new Map<string, ApiError>();
  return { answers: read.answers, held };
}

/** One read through the layers: what each found, and what the slower ones found, to copy back. */
class LayeredRead {
  readonly answers = new Map<string, CachedAnswer>();
  private readonly warm: Record<string, string> = {};
  private all: Record<string, string> | undefined;

  constructor(
    private readonly layers: ReadLayers,
    private readonly wanted: readonly string[],
    private readonly readStore: () => Record<string, string>,
    private readonly refuseLost: boolean,
  ) {}

  missing(): string[] {
    return this.wanted.filter((key) => !this.answers.has(key));
  }

  /** The fast layer, for what is still missing (and their held errors); answers what it read. */
  fromFast(withHeld: boolean): Record<string, string> {
    const asked = this.missing();
    if (asked.length === 0) return {};
    const extra = withHeld ? heldFailureKeys(asked) : [];
    const fast = tryFast(() => this.layers.fast.getMany([...asked, ...extra])) ?? {};
    for (const key of asked) this.take(key, ownValue(fast, key), false);
    return fast;
  }

  fromStore(warm: boolean): void {
    for (const key of this.missing()) this.take(key, readPayload(this.store(), key, this.layers.hash), warm);
  }

  fromStash(): void {
    const missing = this.missing();
    if (missing.length === 0) return;
    for (const [key, payload] of readStash(this.layers, stashNotes(this.store()), missing))
      this.take(key, payload, true);
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
    const rows = durable(READ_SHEET_FAILED, () => sheet.readAll());
    for (const key of missing) this.take(key, ownValue(rows, key), true);
  }

  /** What the deleted hidden sheet held is not bought again unasked (lost.ts). */
  refuseIfLost(): void {
    const sheet = this.layers.sheet;
    const lost = sheet && this.refuseLost && this.missing().length > 0 ? sheet.lost() : null;
    if (lost) throw new Error(lostResultsRefusal(lost));
  }

  rewarm(): void {
    if (Object.keys(this.warm).length > 0)
      tryFast(() => this.layers.fast.putMany(this.warm, FAST_TTL_SECONDS));
  }

  private store(): Record<string, string> {
    this.all ??= durable(READ_FAILED, this.readStore);
    return this.all;
  }

  private take(key: string, payload: string | null | undefined, warm: boolean): void {
    const answer = payload == null ? null : decodeEntry(payload, this.layers.zip);
    if (!answer) return;
    this.answers.set(key, answer);
    if (warm && utf8Bytes(payload!) <= FAST_MAX_VALUE_BYTES) this.warm[key] = payload!;
  }
}

/** CacheService throws on oversize values and quotas; it is only a shortcut, so go on without it. */
export function tryFast<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
