// Answers too big for the document properties, bought where the hidden sheet may not be written
// (a custom function): kept in the fast cache in pieces of under 100 KB, with a small note in the
// properties saying where, until an execution that may write the sheet (the sidebar, a bulk run)
// moves them there. The fast cache may forget within hours: the note is what tells a formula to
// look, and the Saved results panel counts it, but only the sheet is durable.
import type { BatchStorePort, HashPort, TtlCachePort } from '../platform/ports';
import { KEY_SUFFIX, PROPERTY_PREFIX } from '../platform/stored-keys';
import { splitUtf8 } from '../platform/utf8';
import { parseJsonObject } from '../text/json-text';
import { tryFast } from './durable';
import { entryMeta, type Payload } from './entries';
import { checksum, ownValue } from './property-layout';

const NOTE_PREFIX = PROPERTY_PREFIX.stashNote;
/** Under CacheService's 100 KB (102,400 bytes) a value. */
const PIECE_BYTES = 90_000;

interface StashNote {
  /** Pieces in the fast cache. */
  n: number;
  sha: string;
  /** When it was paid. */
  t: number;
}

export interface StashPorts {
  fast: TtlCachePort;
  store: BatchStorePort;
  hash: HashPort;
}

const noteKey = (key: string) => NOTE_PREFIX + key;
const pieceKey = (key: string, n: number) => `${key}${KEY_SUFFIX.stashPiece}${n}`;
const pieceKeys = (key: string, note: StashNote) =>
  Array.from({ length: note.n }, (_, i) => pieceKey(key, i + 1));

/** The stash notes in a snapshot of the store, by result key. */
export function stashNotes(all: Record<string, string>): Map<string, StashNote> {
  const notes = new Map<string, StashNote>();
  for (const [name, value] of Object.entries(all)) {
    if (!name.startsWith(NOTE_PREFIX)) continue;
    // Not a note of ours: left alone.
    const note = parseJsonObject(value) as Partial<StashNote> | null;
    if (Number.isInteger(note?.n) && typeof note?.sha === 'string' && Number.isFinite(note.t))
      notes.set(name.slice(NOTE_PREFIX.length), note as StashNote);
  }
  return notes;
}

/** Puts each payload in the fast cache in pieces and notes it in the store; answers the keys kept. */
export function stashPayloads(
  ports: StashPorts,
  payloads: ReadonlyMap<string, Payload>,
  ttlSeconds: number,
): string[] {
  const pieces: Record<string, string> = {};
  const notes: Record<string, string> = {};
  for (const [key, { payload, at }] of payloads) {
    const parts = splitUtf8(payload, PIECE_BYTES);
    parts.forEach((part, i) => {
      pieces[pieceKey(key, i + 1)] = part;
    });
    notes[noteKey(key)] = JSON.stringify({ n: parts.length, sha: checksum(ports.hash, payload), t: at });
  }
  if (Object.keys(notes).length === 0) return [];
  try {
    ports.fast.putMany(pieces, ttlSeconds);
    ports.store.setMany(notes);
  } catch {
    return [];
  }
  return [...payloads.keys()];
}

/** The stashed payloads of `keys` the fast cache still holds whole. */
export function readStash(
  ports: Pick<StashPorts, 'fast' | 'hash'>,
  notes: ReadonlyMap<string, StashNote>,
  keys: readonly string[],
): Map<string, string> {
  const found = new Map<string, string>();
  const wanted = keys.filter((key) => notes.has(key));
  if (wanted.length === 0) return found;
  const pieces = tryFast(() => ports.fast.getMany(wanted.flatMap((key) => pieceKeys(key, notes.get(key)!))));
  if (!pieces) return found;
  for (const key of wanted) {
    const note = notes.get(key)!;
    const parts = pieceKeys(key, note).map((name) => ownValue(pieces, name));
    if (parts.some((part) => part === undefined)) continue;
    const payload = parts.join('');
    if (checksum(ports.hash, payload) === note.sha && entryMeta(payload) !== null) found.set(key, payload);
  }
  return found;
}

/** Forgets the stash of `keys` (moved to the sheet, or lost with the fast cache). */
export function dropStash(
  ports: StashPorts,
  notes: ReadonlyMap<string, StashNote>,
  keys: Iterable<string>,
): void {
  const gone = [...keys].filter((key) => notes.has(key));
  if (gone.length === 0) return;
  ports.store.removeMany(gone.map(noteKey));
  // A failure leaves the pieces, which expire by themselves within hours.
  tryFast(() => ports.fast.removeMany(gone.flatMap((key) => pieceKeys(key, notes.get(key)!))));
}

/** Stashed payloads to move into the sheet now, and the notes whose pieces the cache lost. */
export function stashToMove(
  ports: StashPorts,
  all: Record<string, string>,
): { notes: Map<string, StashNote>; moving: Map<string, Payload>; lost: string[] } {
  const notes = stashNotes(all);
  const payloads = readStash(ports, notes, [...notes.keys()]);
  const moving = new Map<string, Payload>();
  for (const [key, payload] of payloads) moving.set(key, { payload, at: notes.get(key)!.t });
  const lost = [...notes.keys()].filter((key) => !payloads.has(key));
  return { notes, moving, lost };
}
