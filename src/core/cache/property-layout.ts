// How cached answers are laid out in a durable property store. A property value holds at most
// 9 KB, so a long answer is written as a head record under its key plus chunks `key#1`, `key#2`...
// The head carries a checksum of the whole text: two executions writing the same key at once could
// otherwise leave one's head beside the other's chunks, and a mix must read as absent, not garbage.
import type { HashPort } from '../platform/ports';
import { KEY_SUFFIX } from '../platform/stored-keys';
import { parseJsonObject } from '../text/json-text';

/** Most UTF-8 bytes written to one property: the platform allows 9 KB (9,216); the rest is margin. */
export const CHUNK_BYTES = 8000;

const HEAD_VERSION = 1;
/** 500 KB / 8,000 bytes: a head announcing more is not one of ours, and is not read. */
const MAX_CHUNKS = 64;
const CHUNK_SUFFIX = new RegExp(`^(.+)${KEY_SUFFIX.chunk}([1-9][0-9]{0,5})$`);

/** One readable entry as it lies in the store. */
export interface StoredEntry {
  key: string;
  /** When it was paid (clock ms). */
  at: number;
  /** Its head and chunk keys. */
  records: string[];
  /** Key and value UTF-8 bytes of all its records. */
  bytes: number;
}

/** What one `getAll` of a shared store holds for the cache. */
export interface StoreScan {
  entries: StoredEntry[];
  /** The cache's own keys that form no readable entry: orphan or surplus chunks, broken heads. */
  garbage: string[];
  /** Bytes of everything that is not the cache's (other settings). */
  foreignBytes: number;
}

/** Which base keys are the cache's, and when an entry's text says it was paid (null: unreadable). */
export interface StoreLayout {
  isEntryKey(key: string): boolean;
  paidAt(payload: string): number | null;
}

interface Head {
  chunks: number;
  sha: string;
  at: number;
}

/** Bytes the text takes as UTF-8, as the platform counts property sizes. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    bytes += codePointBytes(codePoint);
    i += codePoint > 0xffff ? 2 : 1;
  }
  return bytes;
}

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const size = codePointBytes(codePoint);
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  pieces.push(text.slice(start));
  return pieces;
}

// A lone surrogate is written as U+FFFD, three bytes, which is what 0xd800..0xdfff falls into here.
function codePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

function checksum(hash: HashPort, payload: string): string {
  return hash.sha256Hex(payload).toLowerCase().slice(0, 16);
}

/** The records that store `payload` under `key`: the text itself, or a head and its chunks. */
export function layoutRecords(
  hash: HashPort,
  key: string,
  payload: string,
  at: number,
): Record<string, string> {
  if (utf8Bytes(payload) <= CHUNK_BYTES) return { [key]: payload };
  const pieces = splitUtf8(payload, CHUNK_BYTES);
  const head = { v: HEAD_VERSION, chunks: pieces.length, sha: checksum(hash, payload), t: at };
  const records: Record<string, string> = { [key]: JSON.stringify(head) };
  pieces.forEach((piece, index) => {
    records[chunkKey(key, index + 1)] = piece;
  });
  return records;
}

/** The entry text under `key`, or null when it is absent, incomplete or its chunks do not match. */
export function readPayload(all: Record<string, string>, key: string, hash: HashPort): string | null {
  const top = ownValue(all, key);
  if (top === undefined) return null;
  const head = parseHead(top);
  if (head === null) return top;
  const pieces: string[] = [];
  for (let n = 1; n <= head.chunks; n++) {
    const piece = ownValue(all, chunkKey(key, n));
    if (piece === undefined) return null;
    pieces.push(piece);
  }
  const payload = pieces.join('');
  return checksum(hash, payload) === head.sha ? payload : null;
}

/** The text and time of payment of each whole entry in `all` that `wanted` accepts, by key. */
export function payloadsIn(
  all: Record<string, string>,
  layout: StoreLayout,
  hash: HashPort,
  wanted: (key: string, at: number) => boolean,
): Map<string, { payload: string; at: number }> {
  const found = new Map<string, { payload: string; at: number }>();
  for (const entry of scanStore(all, layout).entries) {
    if (!wanted(entry.key, entry.at)) continue;
    const payload = readPayload(all, entry.key, hash);
    if (payload !== null) found.set(entry.key, { payload, at: entry.at });
  }
  return found;
}

/** Sorts the store's keys into the cache's entries, the cache's garbage and everything else. */
export function scanStore(all: Record<string, string>, layout: StoreLayout): StoreScan {
  const { heads, chunks, foreignBytes } = groupRecords(all, layout);
  const scan: StoreScan = { entries: [], garbage: [], foreignBytes };
  for (const [key, value] of heads) {
    const pieces = chunks.get(key) ?? new Map<number, string>();
    chunks.delete(key);
    readEntry(key, value, pieces, layout, scan);
  }
  // Chunks whose head is gone.
  for (const [key, pieces] of chunks) for (const n of pieces.keys()) scan.garbage.push(chunkKey(key, n));
  return scan;
}

interface RecordGroups {
  heads: Map<string, string>;
  /** Chunks by their base key, then by number. */
  chunks: Map<string, Map<number, string>>;
  foreignBytes: number;
}

function groupRecords(all: Record<string, string>, layout: StoreLayout): RecordGroups {
  const groups: RecordGroups = { heads: new Map(), chunks: new Map(), foreignBytes: 0 };
  for (const [key, value] of Object.entries(all)) {
    if (layout.isEntryKey(key)) {
      groups.heads.set(key, value);
      continue;
    }
    const match = CHUNK_SUFFIX.exec(key);
    if (match && layout.isEntryKey(match[1]!)) {
      const group = groups.chunks.get(match[1]!) ?? new Map<number, string>();
      group.set(Number(match[2]), value);
      groups.chunks.set(match[1]!, group);
      continue;
    }
    groups.foreignBytes += recordBytes(key, value);
  }
  return groups;
}

/** Files one head and its chunks as an entry, or as garbage when unreadable or incomplete. */
function readEntry(
  key: string,
  value: string,
  pieces: ReadonlyMap<number, string>,
  layout: StoreLayout,
  scan: StoreScan,
): void {
  const head = parseHead(value);
  const chunkCount = head?.chunks ?? 0;
  const at = head === null ? layout.paidAt(value) : head.at;
  const records = [key];
  let bytes = recordBytes(key, value);
  let complete = true;
  for (let n = 1; n <= chunkCount; n++) {
    const piece = pieces.get(n);
    if (piece === undefined) {
      complete = false;
      continue;
    }
    records.push(chunkKey(key, n));
    bytes += recordBytes(chunkKey(key, n), piece);
  }
  // A surplus chunk (left by an overlapping writer) is never read: clean it, keep the entry.
  for (const n of pieces.keys()) if (n > chunkCount) scan.garbage.push(chunkKey(key, n));
  if (at === null || !complete) scan.garbage.push(...records);
  else scan.entries.push({ key, at, records, bytes });
}

export function recordBytes(key: string, value: string): number {
  return utf8Bytes(key) + utf8Bytes(value);
}

function chunkKey(key: string, n: number): string {
  return `${key}${KEY_SUFFIX.chunk}${n}`;
}

/** A string value of a record from a port; what Object.prototype lends (`constructor`) is not one. */
export function ownValue(all: Record<string, string>, key: string): string | undefined {
  const value: unknown = all[key];
  return typeof value === 'string' ? value : undefined;
}

function parseHead(text: string): Head | null {
  const value = parseJsonObject(text);
  if (!value || !('chunks' in value)) return null;
  const { v, chunks, sha, t } = value;
  const valid =
    v === HEAD_VERSION &&
    typeof chunks === 'number' &&
    Number.isInteger(chunks) &&
    chunks >= 1 &&
    chunks <= MAX_CHUNKS &&
    typeof sha === 'string' &&
    typeof t === 'number' &&
    Number.isFinite(t);
  return valid ? { chunks, sha, at: t } : null;
}
