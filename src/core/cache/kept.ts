// Where one paid answer is kept, for a cell's receipt: which layers hold it (the fast cache, the
// document properties, the hidden sheet, the memory across the user's spreadsheets) and the answer a formula would read, in the order the
// result cache reads them (result-cache.ts getMany). Reads what the caller read already: one
// snapshot of the properties, one read of the sheet.
import type { HashPort, TtlCachePort, ZipPort } from '../platform/ports';
import { tryFast } from './durable';
import { type CachedAnswer, decodeEntry } from './entries';
import { ownValue, readPayload } from './property-layout';
import type { MemoryReader } from './user-memory';

/** `memory`: the memory across the user's spreadsheets (user-memory.ts). */
export type KeptLayer = 'fast' | 'properties' | 'sheet' | 'memory';

export interface Kept {
  /** The answer a formula reads now; null when no layer holds a live one. */
  answer: CachedAnswer | null;
  /** The layers holding a live answer for the key, fastest first. */
  layers: KeptLayer[];
}

export function whereKept(key: string, sources: AnswerSources): Kept {
  const found: [KeptLayer, string | null][] = [
    ['fast', readFast(sources.fast, key)],
    ['properties', readPayload(sources.all, key, sources.hash)],
    ['sheet', ownValue(sources.sheetRows() ?? {}, key) ?? null],
  ];
  const kept: Kept = { answer: null, layers: [] };
  for (const [layer, payload] of found) {
    const answer = payload === null ? null : decodeEntry(payload, sources.zip);
    if (!answer) continue;
    kept.layers.push(layer);
    kept.answer ??= answer;
  }
  const remembered = readMemory(sources.memory, key);
  if (remembered) {
    kept.layers.push('memory');
    // The same purchase, kept here since a run took it from the memory: the memory says where.
    if (kept.answer?.at === remembered.at) kept.answer = { ...kept.answer, boughtIn: remembered.boughtIn };
    kept.answer ??= remembered;
  }
  return kept;
}

/** The memory's answer, saying where it was bought; it only helps, so a failure reads as absent. */
function readMemory(memory: MemoryReader | undefined, key: string): CachedAnswer | null {
  const found = tryFast(() => memory?.find([key]).get(key));
  return found ? { ...found.answer, boughtIn: found.boughtIn } : null;
}

/** Where `keptAnswer` reads: what is in hand first, the hidden sheet read once when first needed. */
export interface AnswerSources {
  fast: TtlCachePort;
  all: Record<string, string>;
  sheetRows(): Record<string, string> | null;
  hash: HashPort;
  zip?: ZipPort;
  memory?: MemoryReader;
}

/**
 * The answer some layer holds for the key, live or not: what a formula showed when it last ran
 * (a receipt measures how far it reached). The properties' snapshot first, then the hidden sheet,
 * then the fast cache; null when none holds one.
 */
export function keptAnswer(key: string, sources: AnswerSources): CachedAnswer | null {
  const readers = [
    () => readPayload(sources.all, key, sources.hash),
    () => ownValue(sources.sheetRows() ?? {}, key) ?? null,
    () => readFast(sources.fast, key),
  ];
  for (const read of readers) {
    const payload = read();
    const answer = payload === null ? null : decodeEntry(payload, sources.zip);
    if (answer) return answer;
  }
  return readMemory(sources.memory, key);
}

/** The fast layer only helps: a failure to read it reads as absent, as in the result cache. */
const readFast = (fast: TtlCachePort, key: string) =>
  tryFast(() => ownValue(fast.getMany([key]), key)) ?? null;
