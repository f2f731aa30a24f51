// In-flight claims. Sheets evaluates a filled-down column's cells in concurrent executions, so
// two cells with the same input can both miss the cache at the same moment and both pay. Before
// sending, an execution claims its keys under the document lock; a key another execution has
// claimed is waited for (its answer lands in the cache), not bought a second time.
import type { BatchStorePort } from './ports';

const PREFIX = 'inflight:';
/** Longer than a formula's 30 s, so a claim outlives the execution that made it only briefly. */
export const CLAIM_LIFETIME_MS = 45_000;

export interface Claimed {
  /** Keys this execution may send. */
  mine: string[];
  /** Keys another execution is looking up right now. */
  taken: string[];
  /** The store as read under the lock: answers stored since this execution's cache read are in it. */
  all: Record<string, string>;
}

/**
 * Claims what is free, in `store` as read under the document lock the caller holds (this step
 * shares its section with the spending guard). Keys `answered` finds in that read were bought by
 * another execution after this one read its cache: they are neither claimed nor bought again.
 */
export function claimUnderLock(
  store: BatchStorePort,
  keys: readonly string[],
  now: number,
  answered: (all: Record<string, string>) => ReadonlySet<string>,
): Claimed {
  const all = store.getAll();
  const done = answered(all);
  const live = (name: string) => now - Number(all[name]) < CLAIM_LIFETIME_MS;
  const open = keys.filter((key) => !done.has(key));
  const mine = open.filter((key) => !(`${PREFIX}${key}` in all && live(`${PREFIX}${key}`)));
  const taken = open.filter((key) => !mine.includes(key));
  const stale = Object.keys(all).filter((name) => name.startsWith(PREFIX) && !live(name));
  if (stale.length > 0) store.removeMany(stale);
  store.setMany(Object.fromEntries(mine.map((key) => [`${PREFIX}${key}`, String(now)])));
  return { mine, taken, all };
}

/** Called once the answers are stored (or the calls failed): others may go ahead. */
export function releaseClaims(store: BatchStorePort, keys: readonly string[]): void {
  if (keys.length > 0) store.removeMany(keys.map((key) => `${PREFIX}${key}`));
}
