// The document properties' share of a save. The store is small (350 KB of 500 KB) and shared with
// settings, so the oldest answers make room for new ones; but each eviction is a deleteProperty of
// its own (60 ms), so a write evicts at most MAX_EVICTIONS_PER_WRITE and leaves the newest of its
// batch out instead (they stay in the fast cache), and a formula never runs out of its 30 s here.
import type { BatchStorePort, HashPort } from '../platform/ports';
import { durable } from './durable';
import type { Payload } from './entries';
import { layoutRecords, ownValue, recordBytes, type StoreScan } from './property-layout';
import type { SheetReport } from './sheet-save';

/** What saving a batch of paid answers did in the durable layers. */
export interface PutReport {
  /** Entries of this batch now kept durably (in the properties, the sheet, or both). */
  stored: number;
  /** Older entries removed from the properties to stay inside their byte budget (still in the sheet, if any). */
  evicted: number;
  /** Keys no durable layer could take: kept in the fast layer only, for hours, not days. */
  notStored: string[];
  /** What happened in the hidden sheet; absent when there is no sheet or it may not be written here. */
  sheet?: SheetReport;
}

/** The store's hard limit (500 KB, keys included) less a margin: never fill it for other writers. */
const STORE_SAFE_BYTES = 500_000;

/** Entries one write may evict from the properties: 25 deleteProperty calls, about 1.5 s. */
export const MAX_EVICTIONS_PER_WRITE = 25;

/** A save's ports and budget, and what it may do to make room (StoreRoom). */
export interface StoreSave extends StoreRoom {
  store: BatchStorePort;
  hash: HashPort;
  budgetBytes: number;
}

/** What a save may do to make room in the properties, and with what they cannot take. */
export interface StoreRoom {
  /** Entries it may evict; MAX_EVICTIONS_PER_WRITE unless said. */
  maxEvictions?: number;
  /** Only these may be evicted (the sheet holds them); any, unless said. */
  evictable?: ReadonlySet<string>;
  /** Where no sheet is written, what the properties cannot take goes to the fast cache (stash.ts); default yes. */
  stash?: boolean;
  /**
   * Where the sheet takes the batch, the properties take too what fits their free room (a
   * trigger's pass: formulas read its answers there first); default no.
   */
  fill?: boolean;
}

/** What a save did to the properties. */
export interface StoreOutcome {
  /** Keys of the batch now in the store. */
  stored: Set<string>;
  evicted: number;
  /** Keys of the batch the store could not take. */
  notStored: string[];
}

interface Candidate {
  key: string;
  at: number;
  bytes: number;
  records: string[];
  /** The records to write, for an entry of this batch. */
  writes?: Record<string, string>;
}

/** The entries competing for the budget, and the records that go whatever happens. */
interface Plan {
  /** The entries stored already that stay unless evicted, in the store's order. */
  kept: Candidate[];
  /** This batch's entries, oldest first. */
  batch: Candidate[];
  /** Records of the entries this batch replaces: they go only once the successor is written. */
  replaced: Map<string, string[]>;
  removals: Set<string>;
  outcome: StoreOutcome;
}

/**
 * Saves `payloads` in the store: clears unreadable records, evicts the oldest entries
 * that do not fit the budget, in one removeMany and one setMany.
 */
export function saveToStore(
  save: StoreSave,
  scan: StoreScan,
  payloads: ReadonlyMap<string, Payload>,
): StoreOutcome {
  const limit = Math.min(save.budgetBytes, STORE_SAFE_BYTES - scan.foreignBytes);
  const plan = planSave(save, scan, payloads, limit);
  const writes = applyBudget(plan, limit, save.maxEvictions ?? MAX_EVICTIONS_PER_WRITE, save.evictable);
  // Removing first keeps the store under its hard limit while the new records go in.
  const toRemove = [...plan.removals].filter((key) => ownValue(writes, key) === undefined);
  if (toRemove.length > 0) durable('save', () => save.store.removeMany(toRemove));
  if (Object.keys(writes).length > 0) durable('save', () => save.store.setMany(writes));
  return plan.outcome;
}

/** An answer's bytes in the properties, at least, for a store that holds none yet to measure. */
const ANSWER_BYTES_FLOOR = 200;

/**
 * How many answers the properties can still take in one save that may evict `maxEvictions`: the
 * room left under the budget and what the evictions free, over the size of an average answer
 * there (twice it, for answers bigger than the average). An estimate: an answer that does not fit
 * after all is kept as before (the stash), so a wrong one costs no credit.
 */
export function answersRoom(
  scan: StoreScan,
  budgetBytes: number,
  maxEvictions = MAX_EVICTIONS_PER_WRITE,
): number {
  const limit = Math.min(budgetBytes, STORE_SAFE_BYTES - scan.foreignBytes);
  const used = scan.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const oldest = [...scan.entries].sort((a, b) => a.at - b.at).slice(0, maxEvictions);
  const freed = oldest.reduce((sum, entry) => sum + entry.bytes, 0);
  const average = scan.entries.length > 0 ? used / scan.entries.length : 0;
  const typical = Math.max(ANSWER_BYTES_FLOOR, 2 * average);
  return Math.max(0, Math.floor((limit - used + freed) / typical));
}

function planSave(
  save: StoreSave,
  scan: StoreScan,
  payloads: ReadonlyMap<string, Payload>,
  limit: number,
): Plan {
  const plan: Plan = {
    kept: [],
    batch: [],
    replaced: new Map(),
    removals: new Set(scan.garbage),
    outcome: { stored: new Set(), evicted: 0, notStored: [] },
  };
  for (const entry of scan.entries) {
    if (payloads.has(entry.key)) plan.replaced.set(entry.key, entry.records);
    else plan.kept.push(entry);
  }
  for (const [key, { payload, at }] of payloads) {
    const writes = layoutRecords(save.hash, key, payload, at);
    const bytes = Object.entries(writes).reduce((sum, [name, value]) => sum + recordBytes(name, value), 0);
    if (bytes > limit) plan.outcome.notStored.push(key);
    else plan.batch.push({ key, at, bytes, records: Object.keys(writes), writes });
  }
  plan.batch.sort(oldestFirst);
  return plan;
}

const oldestFirst = (a: Candidate, b: Candidate) => a.at - b.at;
const addBytes = (sum: number, entry: Candidate) => sum + entry.bytes;

/** Chooses what is evicted and what is left out to fit `limit`, and answers the records to write. */
function applyBudget(
  plan: Plan,
  limit: number,
  maxEvictions: number,
  evictable?: ReadonlySet<string>,
): Record<string, string> {
  const excess = plan.kept.reduce(addBytes, 0) + plan.batch.reduce(addBytes, 0) - limit;
  const leftOut = chooseRemovals(plan, excess, maxEvictions, evictable);
  const writes: Record<string, string> = {};
  for (const candidate of plan.batch) {
    if (leftOut.has(candidate)) plan.outcome.notStored.push(candidate.key);
    else {
      Object.assign(writes, candidate.writes);
      for (const record of plan.replaced.get(candidate.key) ?? []) plan.removals.add(record);
      plan.outcome.stored.add(candidate.key);
    }
  }
  return writes;
}

/**
 * Evicts the oldest stored entries up to the eviction cap, then leaves out the newest of the
 * batch, until `excess` is gone; answers those left out. The store is sorted only for an
 * eviction: a trigger's pass saves batch after batch into full properties, evicting nothing, and
 * sorting them each time was most of its saves' time.
 */
function chooseRemovals(
  plan: Plan,
  excess: number,
  maxEvictions: number,
  evictable?: ReadonlySet<string>,
): Set<Candidate> {
  let left = excess;
  for (const entry of left > 0 && maxEvictions > 0 ? [...plan.kept].sort(oldestFirst) : []) {
    if (left <= 0 || plan.outcome.evicted >= maxEvictions) break;
    if (evictable && !evictable.has(entry.key)) continue;
    plan.outcome.evicted++;
    for (const record of entry.records) plan.removals.add(record);
    left -= entry.bytes;
  }
  const leftOut = new Set<Candidate>();
  for (const candidate of [...plan.batch].reverse()) {
    if (left <= 0) break;
    leftOut.add(candidate);
    left -= candidate.bytes;
  }
  return leftOut;
}
