// The only ways core code reaches the outside world. Apps Script adapters (src/server), the
// emulator and unit-test fakes implement these; core code never touches a global service.

export interface HttpRequest {
  method: 'get' | 'post';
  url: string;
  headers: Record<string, string>;
  /** JSON text for a POST. */
  payload?: string;
}

export interface HttpResponse {
  /** HTTP status, or 0 when the request never got an answer (DNS, timeout, connection reset). */
  status: number;
  body: string;
  /**
   * With status 0, whether the request can have reached the server: 'unknown' after a network
   * failure (the API may have charged it), 'unsent' when the platform refused before sending (a
   * daily quota), 'unauthorized' when it refused before sending for want of the user's
   * authorization (a scope the grant or the manifest lacks, a URL outside the manifest's
   * allowlist): nothing will go until the add-on is authorized again. Absent means 'unknown'.
   */
  fate?: 'unknown' | 'unsent' | 'unauthorized';
  /** A 429's Retry-After, in milliseconds, when it sent a usable one. */
  retryAfterMs?: number;
}

export interface HttpPort {
  /**
   * Sends the requests concurrently, as `UrlFetchApp.fetchAll` does, and answers in the same
   * order. Never throws for an HTTP status or a network failure: those come back as responses.
   * Never sends a request twice: when one request's network failure loses the whole batch's
   * answers, every request of the batch comes back with status 0, and the caller decides.
   */
  fetchAll(requests: readonly HttpRequest[]): HttpResponse[];
}

export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks, as `Utilities.sleep` does. On the virtual clock it only advances time. */
  sleep(ms: number): void;
}

/**
 * A durable map of strings read and written in batches (PropertiesService: one getProperties()
 * is one quota call; setProperties writes many). Implementations throw when a platform limit
 * (9 KB a value, 500 KB a store) is broken: callers keep inside them.
 */
export interface BatchStorePort {
  /** Every key and value, in one read: a service call each time. */
  getAll(): Record<string, string>;
  setMany(entries: Record<string, string>): void;
  removeMany(keys: readonly string[]): void;
  /**
   * A whole read this execution holds in hand (execution-store.ts: one a formula made with its key
   * and settings, or one the lookup's locked booking made a moment ago), with its own writes since;
   * undefined when it holds none. Taking it lets go of it: the step that takes it reads nothing,
   * and no later step answers from it, since another execution may have written since.
   */
  takeInHand?(): Record<string, string> | undefined;
  /** Holds `all`, the store as a read found it a moment ago, for the next step to take. */
  hold?(all: Record<string, string>): void;
  /** Entries to write with the next write, in the same call (execution-store.ts). */
  alongside?(entries: Record<string, string>): void;
}

/** A fast cache that may forget (CacheService: TTL at most 6 h, 100 KB a value, 250-char keys). */
export interface TtlCachePort {
  getMany(keys: readonly string[]): Record<string, string>;
  putMany(entries: Record<string, string>, ttlSeconds: number): void;
  removeMany(keys: readonly string[]): void;
}

/** Mutual exclusion across concurrent executions (LockService's document lock). */
export interface LockPort {
  /** Runs `work` holding the lock; throws if the lock cannot be had within `timeoutMs`. */
  withLock<T>(timeoutMs: number, work: () => T): T;
}

/** One-way hashing (Utilities.computeDigest), so an API key can scope data without being stored. */
export interface HashPort {
  sha256Hex(text: string): string;
}

/**
 * Compression into text a store can hold (Utilities.gzip, then base64): a long answer takes a
 * fraction of the document properties' 500 KB. Available in custom functions.
 */
export interface ZipPort {
  zip(text: string): string;
  /** Throws when `packed` is not what `zip` made. */
  unzip(packed: string): string;
}

/** What a hidden sheet holds, remembered beside its identity: what deleting it would lose. */
export interface SheetHolds {
  entries: number;
  /** What they cost when bought. */
  credits: number;
}

/**
 * What a user deleted of a hidden sheet since it was last written: the whole sheet, and what it held
 * then, when known; or rows of it, and what they held (how many fewer than the add-on wrote).
 */
export interface LostSheet {
  name: string;
  deleted: 'sheet' | 'rows';
  holds: SheetHolds | null;
  /** When the add-on noticed a deleted sheet and replaced it (a store whose sheet is replaced). */
  at?: number;
}

/**
 * A large durable map kept in a hidden sheet of the document: no 500 KB cap, but a custom function
 * may only read it. Values of any length (the adapter splits what a cell cannot hold). The sheet is
 * known by its identity, not its name or the text of its cells: a user's rename, typing, inserted
 * columns or sort lose nothing, and the next write repairs them.
 */
export interface SheetStorePort {
  /**
   * False inside a custom function, told by the caller (asking the platform would mean calling a
   * method a formula may not call). Then writeMany and removeMany do nothing.
   */
  readonly canWrite: boolean;
  /** Every key and value, in one read of the sheet; {} when there is no sheet yet, or it was deleted. */
  readAll(): Record<string, string>;
  /**
   * Rewrites the rows of keys already there and appends the others, in one write. `holds`: what
   * the sheet holds once this write is done, remembered for the day it is deleted. Throws while
   * the sheet is lost (see `lost`), for a store that waits for the user then.
   */
  writeMany(entries: Record<string, string>, holds?: SheetHolds): void;
  removeMany(keys: readonly string[], holds?: SheetHolds): void;
  /**
   * The sheet this store kept its data in was deleted, or rows of it: what they held, until
   * `forgetLost` (rows: fewer than the add-on wrote, noted in the sheet's record so that later
   * writes keep saying so). Null while nothing is lost or before there was a sheet. Asks Sheets
   * nothing more after a `readAll`. A store whose deleted sheet is replaced says when it was.
   */
  lost(): LostSheet | null;
  /**
   * The user goes on without what was deleted: the next write makes a new sheet, or the rows left
   * are all the sheet is expected to hold.
   */
  forgetLost(): void;
}
