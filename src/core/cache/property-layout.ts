// How cached answers are laid out in a durable property store. A property value holds at most
// 9 KB, so a long answer is written as a head record under its key plus chunks `key#1`, `key#2`...
// The head carries a checksum of the whole text: two executions writing the same key at once could
// otherwise leave one's head beside the other's chunks, and a mix must read as absent, not garbage.
import type { HashPort } from '../platform/ports';
import { KEY_SUFFIX } from '../platform/stored-keys';
import { splitUtf8, utf8Bytes } from '../platform/utf8';
import { parseJsonObject } from '../text/json-text';
import { entryMeta } from './entries';
import { isResultKey } from './keys';

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

interface Head {
  chunks: number;
  sha: string;
  at: number;
}

/** What a head (or a stash note) keeps of a text's SHA-256: enough to tell a mix of two writers'. */
export function checksum(hash: HashPort, payload: string): string {
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
  hash: HashPort,
  wanted: (key: string, at: number) => boolean,
): Map<string, { payload: string; at: number }> {
  const found = new Map<string, { payload: string; at: number }>();
  for (const entry of scanStore(all).entries) {
    if (!wanted(entry.key, entry.at)) continue;
    const payload = readPayload(all, entry.key, hash);
    if (payload !== null) found.set(entry.key, { payload, at: entry.at });
  }
  return found;
}

/** Sorts the store's keys into the cache's entries, the cache's garbage and everything else. */
export function scanStore(all: Record<string, string>): StoreScan {
  const { heads, chunks, foreignBytes } = groupRecords(all);
  const scan: StoreScan = { entries: [], garbage: [], foreignBytes };
  for (const facts of heads) {
    const pieces = chunks.get(facts.key) ?? NO_CHUNKS;
    chunks.delete(facts.key);
    readEntry(facts, pieces, scan);
  }
  // Chunks whose head is gone.
  for (const [key, pieces] of chunks) for (const n of pieces.keys()) scan.garbage.push(chunkKey(key, n));
  return scan;
}

/** What one record is to the cache, learnt from its key and value alone. */
interface RecordFacts {
  key: string;
  value: string;
  /** Key and value UTF-8 bytes. */
  bytes: number;
  /** An entry's head (or whole text): its chunk head, if it is one, and when it was paid (null: unreadable). */
  entry?: { head: Head | null; at: number | null };
  /** The entry itself, when it is whole in this one record (no chunks). */
  whole?: StoredEntry;
  /** A chunk: its entry's key and its number. */
  chunk?: { of: string; n: number };
}

const NO_CHUNKS: ReadonlyMap<number, RecordFacts> = new Map();

/**
 * What scanning learnt of each record this execution, while its value stays: a trigger's pass
 * saves batch after batch (keep-batches.ts), each scanning the whole store again, in which little
 * changed since the last one. A cache of pure facts: a changed value is learnt again.
 */
const LEARNT = new Map<string, RecordFacts>();

function factsOf(key: string, value: string): RecordFacts {
  const known = LEARNT.get(key);
  if (known?.value === value) return known;
  const facts: RecordFacts = { key, value, bytes: recordBytes(key, value) };
  if (isResultKey(key)) {
    const head = parseHead(value);
    const at = head === null ? (entryMeta(value)?.at ?? null) : head.at;
    facts.entry = { head, at };
    if (head === null && at !== null) facts.whole = { key, at, records: [key], bytes: facts.bytes };
  } else {
    const match = CHUNK_SUFFIX.exec(key);
    if (match && isResultKey(match[1]!)) facts.chunk = { of: match[1]!, n: Number(match[2]) };
  }
  LEARNT.set(key, facts);
  return facts;
}

interface RecordGroups {
  heads: RecordFacts[];
  /** Chunks by their base key, then by number. */
  chunks: Map<string, Map<number, RecordFacts>>;
  foreignBytes: number;
}

function groupRecords(all: Record<string, string>): RecordGroups {
  const groups: RecordGroups = { heads: [], chunks: new Map(), foreignBytes: 0 };
  for (const key of Object.keys(all)) {
    const facts = factsOf(key, all[key]!);
    if (facts.entry) groups.heads.push(facts);
    else if (facts.chunk) {
      const group = groups.chunks.get(facts.chunk.of) ?? new Map<number, RecordFacts>();
      group.set(facts.chunk.n, facts);
      groups.chunks.set(facts.chunk.of, group);
    } else groups.foreignBytes += facts.bytes;
  }
  return groups;
}

/** Files one head and its chunks as an entry, or as garbage when unreadable or incomplete. */
function readEntry(facts: RecordFacts, pieces: ReadonlyMap<number, RecordFacts>, scan: StoreScan): void {
  const { key } = facts;
  if (facts.whole && pieces.size === 0) {
    scan.entries.push(facts.whole);
    return;
  }
  const { head, at } = facts.entry!;
  const chunkCount = head?.chunks ?? 0;
  const records = [key];
  let bytes = facts.bytes;
  let complete = true;
  for (let n = 1; n <= chunkCount; n++) {
    const piece = pieces.get(n);
    if (piece === undefined) {
      complete = false;
      continue;
    }
    records.push(chunkKey(key, n));
    bytes += piece.bytes;
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
  // Without the word, or a backslash that could spell it, no key of the text is "chunks": most
  // entries are answers, and parsing each whole at every scan was most of a save's time.
  if (!text.includes('"chunks"') && !text.includes('\\')) return null;
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
