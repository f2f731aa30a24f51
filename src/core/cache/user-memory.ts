// The memory of paid answers across a user's spreadsheets: an answer bought with an account's key
// in one spreadsheet is free in every other spreadsheet of the user using the same account. It
// lives in the user's properties, which follow the user across documents and which a formula may
// read (in a formula they are the spreadsheet owner's; an editor's formula reads them and may not
// write them). Entries are keyed by the result key, which names the account's scope and never
// the key itself, beside the name of the spreadsheet that bought them.
//
// The store holds 500 KB, 9 KB a value: the memory takes at most `budgetBytes` of it, in pages of
// zipped JSON, each under 8,000 bytes, numbered in the order written (`memory:<n>`). Eviction is
// by age, a page at a time, the oldest first; what it drops stays in the document that bought it
// (its own properties or hidden sheet), so no answer within its retention is lost, only no longer
// free elsewhere. The memory only ever saves credits: every failure to read or write it is
// ignored, and the document's own layers stay the durable record.
import type { BatchStorePort, HashPort, ZipPort } from '../platform/ports';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';
import { utf8Bytes } from '../platform/utf8';
import { parseJsonObject } from '../text/json-text';
import { type CachedAnswer, decodeEntry, entryMeta, type Payload } from './entries';
import { isResultKey, scopeFilter } from './keys';
import { payloadsIn } from './property-layout';

/** The memory's share of the user's 500 KB of properties; the key and the trigger tally keep the rest. */
export const MEMORY_BUDGET_BYTES = 400_000;
/** A page's most bytes, zipped and encoded: under the 9 KB a property value may hold. */
export const MEMORY_PAGE_BYTES = 8_000;

const PREFIX = PROPERTY_PREFIX.memoryPage;
/** What eviction let go, by the spreadsheet that bought it: said in Saved results until read. */
const EVICTED = PROPERTY.memoryEvicted;
/** Pages past which an execution other than a formula merges them. */
const COMPACT_AT = 48;
/** Pages past which even a formula merges them: reading many small pages costs every formula. */
const CROWDED_AT = 256;

/** An answer the memory holds, and the spreadsheet that bought it. */
export interface Remembered {
  key: string;
  answer: CachedAnswer;
  /** The spreadsheet's name when it bought the answer. */
  boughtIn: string;
  spreadsheetId: string;
}

/** What a reader of saved answers (a lookup, a receipt) reads of the memory. */
export type MemoryReader = Pick<UserMemory, 'find'>;

/** The spreadsheet an execution runs in. */
export interface Spreadsheet {
  id: string;
  name: string;
}

/** Answers the memory let go for room, and what they cost, bought in one spreadsheet (by its name). */
export interface Evicted {
  boughtIn: string;
  entries: number;
  credits: number;
}

/** One entry of a page: the result key, the entry as the layers keep it, where it was bought. */
type Line = [key: string, payload: string, boughtIn: string, spreadsheetId: string];

interface Page {
  seq: number;
  lines: Line[];
}

export interface UserMemoryPorts {
  /** The user's properties. */
  store: BatchStorePort;
  zip: ZipPort;
  /** The spreadsheet this execution runs in, read when something is remembered. */
  here(): Spreadsheet;
  /** Whether this execution merges small pages (not a formula's, where each removal costs a call). */
  compacts?: boolean;
}

export class UserMemory {
  private snapshot: Record<string, string> | undefined;
  /** The snapshot's pages, unpacked once: a formula's lookup and its save both read them. */
  private pages: readonly Page[] | undefined;

  constructor(
    private readonly ports: UserMemoryPorts,
    private readonly budgetBytes = MEMORY_BUDGET_BYTES,
  ) {}

  /** The live answers among `keys`, each the newest the memory holds. One read of the store. */
  find(keys: readonly string[]): Map<string, Remembered> {
    if (keys.length === 0) return new Map();
    const wanted = new Set(keys);
    return new Map(this.entries((key) => wanted.has(key)).map((entry) => [entry.key, entry]));
  }

  /** Every live answer, newest first, of every account or of those `inScope` accepts. */
  entries(inScope: (key: string) => boolean = () => true): Remembered[] {
    const seen = new Set<string>();
    return this.liveEntries(inScope).filter((entry) => !seen.has(entry.key) && seen.add(entry.key));
  }

  /**
   * Keeps paid answers bought here in pages of their own, named by when they were paid: executions
   * that buy at the same moment (a filled-down column's formulas) never write over each other's
   * pages. Past `COMPACT_AT` pages (or `CROWDED_AT` in a formula, where each removal costs a call)
   * the small pages are merged; the oldest go past the budget. Answers how many it kept; throws
   * what the store threw.
   */
  remember(payloads: ReadonlyMap<string, Payload>): number {
    // The read this execution made to find answers will do: pages are each writer's own, so a
    // page written since is neither written over nor dropped, only not yet counted.
    const all = this.read(false);
    const pages = this.pagesOf(all);
    const known = newestAt(pages);
    const fresh: Line[] = [];
    // Named only when there is something to keep: naming the spreadsheet costs calls.
    let here: Spreadsheet | undefined;
    for (const [key, { payload, at }] of payloads) {
      const before = known.get(key);
      if (!isResultKey(key) || (before !== undefined && before >= at)) continue;
      here ??= this.ports.here();
      fresh.push([key, payload, here.name, here.id]);
    }
    if (fresh.length === 0) return 0;
    const merging = pages.length >= (this.ports.compacts ? COMPACT_AT : CROWDED_AT);
    const lines = merging ? [...pages.flatMap((page) => page.lines), ...fresh] : fresh;
    const written = packPages(lines, this.ports.zip);
    const values: Record<string, string> = {};
    for (const page of written)
      values[pageName(page.lines, (name) => name in values || name in all)] = page.packed;
    const merged = merging ? pages.map((page) => `${PREFIX}${page.seq}`) : [];
    const evicted = this.toDrop(all, values, merged);
    const dropped = [...merged, ...evicted];
    const note = evicted.length > 0 ? evictedNote(all[EVICTED], pages, new Set(evicted)) : null;
    if (note !== null) values[EVICTED] = note;
    this.ports.store.setMany(values);
    if (dropped.length > 0) this.ports.store.removeMany(dropped);
    this.snapshot = undefined;
    const kept = new Set(written.flatMap((page) => page.lines));
    return fresh.filter((line) => kept.has(line)).length;
  }

  /** Forgets the answers `which` accepts; answers how many went. */
  forget(which: (line: { key: string; spreadsheetId: string }) => boolean): number {
    const all = this.read(true);
    const pages = readPages(all, this.ports.zip);
    let gone = 0;
    const values: Record<string, string> = {};
    const removed: string[] = [];
    for (const page of pages) {
      const kept = page.lines.filter(([key, , , spreadsheetId]) => !which({ key, spreadsheetId }));
      gone += page.lines.length - kept.length;
      if (kept.length === page.lines.length) continue;
      const name = `${PREFIX}${page.seq}`;
      if (kept.length === 0) removed.push(name);
      else values[name] = packLines(kept, this.ports.zip);
    }
    if (Object.keys(values).length > 0) this.ports.store.setMany(values);
    if (removed.length > 0) this.ports.store.removeMany(removed);
    this.snapshot = undefined;
    return gone;
  }

  /** What eviction let go since the user last read it, by the spreadsheet that bought it. */
  evicted(): Evicted[] {
    const counts = Object.entries(parseEvicted(this.read(false)[EVICTED]));
    return counts.map(([boughtIn, [entries, credits]]) => ({ boughtIn, entries, credits }));
  }

  /** The user read what eviction let go. */
  forgetEvicted(): void {
    if (this.read(false)[EVICTED] !== undefined) this.ports.store.removeMany([EVICTED]);
    this.snapshot = undefined;
  }

  /** The answers of the keys `wanted` accepts, newest first: only those are decoded. */
  private liveEntries(wanted: (key: string) => boolean): Remembered[] {
    const pages = [...this.pagesOf(this.read(false))].reverse();
    const entries: Remembered[] = [];
    for (const page of pages) {
      for (const [key, payload, boughtIn, spreadsheetId] of [...page.lines].reverse()) {
        if (!wanted(key)) continue;
        const answer = decodeEntry(payload, this.ports.zip);
        if (answer) entries.push({ key, answer, boughtIn, spreadsheetId });
      }
    }
    return entries;
  }

  /** The pages to remove once `values` are written: the oldest until the memory fits its budget. */
  private toDrop(
    all: Record<string, string>,
    values: Record<string, string>,
    merged: readonly string[] = [],
  ): string[] {
    const names = new Set([
      ...Object.keys(all).filter((name) => name.startsWith(PREFIX) && !merged.includes(name)),
      ...Object.keys(values),
    ]);
    const dropped: string[] = [];
    const drop = (name: string) => {
      if (names.delete(name)) dropped.push(name);
    };
    for (const name of names) if (!(name in values) && pageSeq(name) === null) drop(name);
    const size = () =>
      [...names].reduce((sum, name) => sum + utf8Bytes(name) + utf8Bytes(values[name] ?? all[name] ?? ''), 0);
    const oldestFirst = [...names].sort((a, b) => (pageSeq(a) ?? 0) - (pageSeq(b) ?? 0));
    for (const name of oldestFirst) {
      if (size() <= this.budgetBytes || name in values) break;
      drop(name);
    }
    return dropped;
  }

  private read(fresh: boolean): Record<string, string> {
    if (fresh || this.snapshot === undefined) {
      this.snapshot = this.ports.store.getAll();
      this.pages = undefined;
    }
    return this.snapshot;
  }

  private pagesOf(snapshot: Record<string, string>): readonly Page[] {
    this.pages ??= readPages(snapshot, this.ports.zip);
    return this.pages;
  }
}

type EvictedCounts = Record<string, [entries: number, credits: number]>;

const parseEvicted = (text: string | undefined) => (parseJsonObject(text) ?? {}) as EvictedCounts;

/**
 * The note of what eviction let go, with the answers of the `evicted` pages no other page keeps
 * added (a page written now is never evicted); null when it lets none go.
 */
function evictedNote(
  before: string | undefined,
  pages: readonly Page[],
  evicted: ReadonlySet<string>,
): string | null {
  const isGone = (page: Page) => evicted.has(`${PREFIX}${page.seq}`);
  const staying = new Set(
    pages.filter((page) => !isGone(page)).flatMap((page) => page.lines.map(([key]) => key)),
  );
  const counts = parseEvicted(before);
  let added = 0;
  for (const [key, payload, boughtIn] of pages.filter(isGone).flatMap((page) => page.lines)) {
    if (staying.has(key)) continue;
    staying.add(key);
    added++;
    const [entries, credits] = counts[boughtIn] ?? [0, 0];
    counts[boughtIn] = [entries + 1, credits + (entryMeta(payload)?.credits ?? 0)];
  }
  return added === 0 ? null : JSON.stringify(counts);
}

function pageSeq(name: string): number | null {
  const text = name.slice(PREFIX.length);
  return /^[1-9][0-9]*$/.test(text) ? Number(text) : null;
}

/**
 * A new page's name: when its newest answer was paid (ms), times 1,000, plus a tag of its first
 * key, so that pages sort by age and two executions writing at once pick different names.
 */
function pageName(lines: readonly Line[], taken: (name: string) => boolean): string {
  const newest = Math.max(...lines.map(([, payload]) => entryMeta(payload)?.at ?? 0));
  let tag = [...lines[0]![0]].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1000, 0);
  // Never a page that is there already: a merge removes the pages it read after writing its own.
  while (taken(`${PREFIX}${newest * 1000 + tag}`)) tag = (tag + 1) % 1000;
  return `${PREFIX}${newest * 1000 + tag}`;
}

/** The readable pages of the store, oldest first; a page that does not read is skipped. */
function readPages(all: Record<string, string>, zip: ZipPort): Page[] {
  const pages: Page[] = [];
  for (const [name, value] of Object.entries(all)) {
    const seq = name.startsWith(PREFIX) ? pageSeq(name) : null;
    const lines = seq === null ? null : unpackLines(value, zip);
    if (seq !== null && lines) pages.push({ seq, lines });
  }
  return pages.sort((a, b) => a.seq - b.seq);
}

/** When each key's newest remembered answer was paid. */
function newestAt(pages: readonly Page[]): Map<string, number> {
  const at = new Map<string, number>();
  for (const page of pages) {
    for (const [key, payload] of page.lines) {
      const paid = entryMeta(payload)?.at;
      if (paid !== undefined && paid > (at.get(key) ?? -1)) at.set(key, paid);
    }
  }
  return at;
}

function packLines(lines: readonly Line[], zip: ZipPort): string {
  return zip.zip(JSON.stringify(lines));
}

function unpackLines(packed: string, zip: ZipPort): Line[] | null {
  try {
    const lines: unknown = JSON.parse(zip.unzip(packed));
    if (!Array.isArray(lines)) return null;
    return lines.filter(
      (line): line is Line =>
        Array.isArray(line) && line.length === 4 && line.every((part) => typeof part === 'string'),
    );
  } catch {
    return null;
  }
}

/** The lines in pages under the page size, halving until each fits; a line alone too big is left out. */
function packPages(lines: readonly Line[], zip: ZipPort): { lines: Line[]; packed: string }[] {
  if (lines.length === 0) return [];
  const packed = packLines(lines, zip);
  if (utf8Bytes(packed) <= MEMORY_PAGE_BYTES) return [{ lines: [...lines], packed }];
  if (lines.length === 1) return [];
  const half = Math.ceil(lines.length / 2);
  return [...packPages(lines.slice(0, half), zip), ...packPages(lines.slice(half), zip)];
}

/** Gives the memory answers saved here; it only saves credits, so its failures are ignored. */
export function rememberQuietly(
  memory: UserMemory | undefined,
  payloads: ReadonlyMap<string, Payload>,
): void {
  if (!memory) return;
  try {
    memory.remember(payloads);
  } catch {
    // An editor's formula may not write the owner's memory; a full store refuses: the document keeps it.
  }
}

/**
 * Gives `memory` the live answers of `scope` a document's properties (`all`) keep and it lacks:
 * what an editor's formula bought with a shared key, which may not write the owner's memory
 * itself. Answers how many it took; throws what the memory threw.
 */
export function rememberKept(
  memory: UserMemory,
  kept: { all: Record<string, string>; hash: HashPort },
  scope: string,
): number {
  const payloads = payloadsIn(kept.all, kept.hash, scopeFilter(scope));
  return payloads.size > 0 ? memory.remember(payloads) : 0;
}
