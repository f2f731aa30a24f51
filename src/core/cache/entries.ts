// What a cache entry holds: a paid outcome, when it was paid and, when known, what it cost.
import type { CallOutcome } from '../api/outcome';
import type { ZipPort } from '../platform/ports';
import { utf8Bytes } from '../platform/utf8';
import { parseJsonObject, toJsonText } from '../text/json-text';

const ENTRY_VERSION = 1;

/** The two outcomes that cost credits and are final. Pending and failed calls are never cached. */
export type PaidOutcome = Extract<CallOutcome, { kind: 'found' | 'miss' }>;

/**
 * A paid outcome and when it was paid (clock ms), with its cost when the caller knew it, and the
 * name of the spreadsheet that bought it when another spreadsheet of the user did (user-memory.ts).
 */
export type CachedAnswer = PaidOutcome & { at: number; credits?: number; boughtIn?: string };

export interface PaidEntry {
  key: string;
  outcome: PaidOutcome;
  credits?: number;
  /** When it was paid; defaults to now. */
  at?: number;
}

/**
 * Answers longer than this are stored compressed when the store can (a property holds 9 KB): a
 * post's 10,000 reactions (about 1 MB of JSON) then fit the document properties a formula may
 * write, instead of nothing durable at all.
 */
export const ZIP_ABOVE_BYTES = 8_000;

// Stored as {"v":1,"k":"f"|"m","t":paidAt,"c":credits?,"r":result?}, or with "z" (the result's
// JSON, gzipped, in base64) instead of "r": short names, because every byte counts against the
// store's 500 KB. Written without recursion (text/json-text.ts): any depth can be stored.
export function encodeEntry(answer: CachedAnswer, zip?: ZipPort): string {
  const kind = answer.kind as string;
  if (kind !== 'found' && kind !== 'miss') throw new TypeError(`A ${kind} outcome is not a paid answer.`);
  const entry: Record<string, unknown> = { v: ENTRY_VERSION, k: kind === 'found' ? 'f' : 'm', t: answer.at };
  if (answer.credits !== undefined) entry.c = answer.credits;
  if (answer.kind !== 'found') return JSON.stringify(entry);
  const result = toJsonText(answer.result);
  if (zip && utf8Bytes(result) > ZIP_ABOVE_BYTES) return JSON.stringify({ ...entry, z: zip.zip(result) });
  return `${JSON.stringify(entry).slice(0, -1)},"r":${result}}`;
}

/** When an entry was paid and what it cost, without reading its result (no unzipping). */
export interface EntryMeta {
  at: number;
  credits?: number;
}

/** The answer in a stored text; null for anything else (garbage, another version), never a throw. */
export function decodeEntry(text: string, zip?: ZipPort): CachedAnswer | null {
  const parsed = parseEntry(text);
  if (parsed === null) return null;
  const { fields, meta } = parsed;
  if (fields.k === 'm') return { kind: 'miss', ...meta };
  if (fields.k !== 'f') return null;
  if ('r' in fields) return { kind: 'found', result: fields.r, ...meta };
  if (typeof fields.z !== 'string' || !zip) return null;
  try {
    return { kind: 'found', result: JSON.parse(zip.unzip(fields.z)) as unknown, ...meta };
  } catch {
    return null;
  }
}

/**
 * How encodeEntry begins each entry it writes, up to its answer: kind, time paid, cost, then the
 * answer's field (or the end, for a miss).
 */
const WRITTEN_HEAD = new RegExp(
  `^\\{"v":${ENTRY_VERSION},"k":"(?:m","t":(\\d+)(?:,"c":(\\d+(?:\\.\\d+)?))?\\}$|f","t":(\\d+)(?:,"c":(\\d+(?:\\.\\d+)?))?,(?:"r":|"z":"))`,
);

/**
 * When the entry in a stored text was paid and its cost; null for anything else. Every save and
 * count asks it of each stored entry: read from the head encodeEntry writes, it spares parsing
 * whole answers (up to 9 KB each); any other text is parsed whole.
 */
export function entryMeta(text: string): EntryMeta | null {
  const head = WRITTEN_HEAD.exec(text);
  if (head) {
    const at = Number(head[1] ?? head[3]);
    const credits = head[2] ?? head[4];
    return credits === undefined ? { at } : { at, credits: Number(credits) };
  }
  const parsed = parseEntry(text);
  if (parsed === null) return null;
  const { fields } = parsed;
  const readable = fields.k === 'm' || (fields.k === 'f' && ('r' in fields || typeof fields.z === 'string'));
  return readable ? parsed.meta : null;
}

function parseEntry(text: string): { fields: Record<string, unknown>; meta: EntryMeta } | null {
  const fields = parseJsonObject(text);
  if (!fields) return null;
  const { v, t, c } = fields;
  if (v !== ENTRY_VERSION || typeof t !== 'number' || !Number.isFinite(t)) return null;
  if (c !== undefined && (typeof c !== 'number' || !Number.isFinite(c) || c < 0)) return null;
  return { fields, meta: c === undefined ? { at: t } : { at: t, credits: c } };
}

/** An entry of the batch being saved, encoded. */
export interface Payload {
  payload: string;
  at: number;
}

/** Each paid entry as the text the layers keep, by key; `now` stands for a missing time of payment. */
export function payloadsOf(entries: readonly PaidEntry[], now: number, zip?: ZipPort): Map<string, Payload> {
  const payloads = new Map<string, Payload>();
  for (const entry of entries) {
    const at = entry.at ?? now;
    const answer: CachedAnswer =
      entry.credits === undefined
        ? { ...entry.outcome, at }
        : { ...entry.outcome, at, credits: entry.credits };
    payloads.set(entry.key, { payload: encodeEntry(answer, zip), at });
  }
  return payloads;
}

/** What a row takes in the sheet: cells hold characters, whatever their UTF-8 size. */
export function sheetChars(key: string, value: string): number {
  return key.length + value.length;
}
