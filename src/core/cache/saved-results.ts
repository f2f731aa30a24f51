// What the sidebar's Saved results panel sees of the cache: how many live answers, their bytes and
// dates. Read from one snapshot of each durable layer (result-cache.ts takes them); an answer in
// both the properties and the hidden sheet counts once.
import { ownValue, recordBytes, type StoreScan } from './property-layout';
import { type SheetStats, sheetStatsOf } from './sheet-save';
import { stashNotes } from './stash';

export interface SavedLayers {
  /** The document properties, and their scan as the cache's layout reads it. */
  all: Record<string, string>;
  scan: StoreScan;
  /** The hidden sheet's rows; null without a sheet. */
  sheetRows: Record<string, string> | null;
  /** The keys of the account asked about (every key when none is). */
  inScope: (key: string) => boolean;
  isLive: (at: number) => boolean;
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
  const { all, scan, sheetRows, inScope, isLive } = layers;
  const mine = scan.entries.filter((entry) => inScope(entry.key));
  const paidAt = new Map<string, number>();
  for (const entry of mine) if (isLive(entry.at)) paidAt.set(entry.key, entry.at);
  const garbageBytes = scan.garbage
    .filter(inScope)
    .reduce((sum, key) => sum + recordBytes(key, ownValue(all, key) ?? ''), 0);
  const sheet = sheetRows ? sheetStatsOf(sheetRows, sheetBudgetChars, inScope, isLive, paidAt) : undefined;
  for (const [key, note] of stashNotes(all))
    if (inScope(key) && isLive(note.t) && !paidAt.has(key)) paidAt.set(key, note.t);
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
