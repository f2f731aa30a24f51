// What the sidebar's Saved results panel sees of the cache: how many live answers, their bytes and
// dates, and what buying them all again would cost. Read from one snapshot of each durable layer
// (result-cache.ts takes them); an answer in both the properties and the hidden sheet counts once.
import type { HashPort } from '../platform/ports';
import { entryMeta } from './entries';
import { isResultKey } from './keys';
import { ownValue, readPayload, recordBytes, type StoreScan } from './property-layout';
import { type SheetStats, sheetStatsOf } from './sheet-save';
import { stashNotes } from './stash';

export interface SavedLayers {
  /** The document properties, and their scan as the cache's layout reads it. */
  all: Record<string, string>;
  scan: StoreScan;
  /** The hidden sheet's rows; null without a sheet. */
  sheetRows: Record<string, string> | null;
  hash: HashPort;
  /** The keys of the account asked about (every key when none is). */
  inScope: (key: string) => boolean;
}

export interface CacheStats {
  /** Readable entries still inside their TTL, in any durable layer, each counted once. */
  entries: number;
  /** UTF-8 bytes (keys and values) the cache's records take in the store now, expired ones included. */
  bytes: number;
  budgetBytes: number;
  oldestAt: number | null;
  newestAt: number | null;
  /** The hidden sheet's share; absent without a sheet layer. */
  sheet?: SheetStats;
}

export function savedStats(layers: SavedLayers, budgetBytes: number, sheetBudgetChars: number): CacheStats {
  const { all, scan, sheetRows, inScope } = layers;
  const mine = scan.entries.filter((entry) => inScope(entry.key));
  const paidAt = new Map<string, number>();
  for (const entry of mine) paidAt.set(entry.key, entry.at);
  const garbageBytes = scan.garbage
    .filter(inScope)
    .reduce((sum, key) => sum + recordBytes(key, ownValue(all, key) ?? ''), 0);
  const sheet = sheetRows ? sheetStatsOf(sheetRows, sheetBudgetChars, inScope, paidAt) : undefined;
  for (const [key, note] of stashNotes(all)) if (inScope(key) && !paidAt.has(key)) paidAt.set(key, note.t);
  const times = [...paidAt.values()];
  return {
    entries: times.length,
    bytes: mine.reduce((sum, entry) => sum + entry.bytes, garbageBytes),
    budgetBytes,
    oldestAt: times.length > 0 ? times.reduce((a, b) => Math.min(a, b)) : null,
    newestAt: times.length > 0 ? times.reduce((a, b) => Math.max(a, b)) : null,
    ...(sheet ? { sheet } : {}),
  };
}

/** What buying again every live answer in scope would cost: each entry keeps what it was paid. */
export function rebuyCredits(layers: SavedLayers): number {
  const paid = paidInProperties(layers);
  for (const [key, value] of Object.entries(layers.sheetRows ?? {})) {
    if (paid.has(key) || !isResultKey(key) || !layers.inScope(key)) continue;
    const answer = entryMeta(value);
    if (answer) paid.set(key, answer.credits ?? 0);
  }
  // Summed in cents: a sum of charges such as 0.5 must not carry float noise.
  let cents = 0;
  for (const credits of paid.values()) cents += Math.round(credits * 100);
  return cents / 100;
}

/** What each live answer in the document properties cost, by key. */
function paidInProperties({ all, scan, hash, inScope }: SavedLayers): Map<string, number> {
  const paid = new Map<string, number>();
  for (const entry of scan.entries) {
    if (!inScope(entry.key)) continue;
    const payload = readPayload(all, entry.key, hash);
    const answer = payload === null ? null : entryMeta(payload);
    if (answer) paid.set(entry.key, answer.credits ?? 0);
  }
  return paid;
}
