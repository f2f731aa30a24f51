// In-flight claims. Sheets evaluates a filled-down column's cells in concurrent executions, so
// two cells with the same input can both miss the cache at the same moment and both pay. Before
// sending, an execution claims its keys under the document lock; a key another execution has
// claimed is waited for (its answer lands in the cache), not bought a second time.
//
// Every property call is a round trip (tens of ms) and PropertiesService deletes one key a call,
// so claims are not one property each. A pass whose reservation keeps its items (a formula's few)
// claims their keys in it, in the write that reserves them, until its deadline and a few seconds,
// settled or not; it lapses by itself, no writer needed. A bigger pass claims in 16 values, by the first hex digit of a short
// id, read and written with the rest of a locked section's one read and one write. Each claim
// carries when it lapses (its execution's deadline and a few seconds), so the claims of an
// execution that was killed hold nobody back for longer, and are dropped by the next writer.
import { parseReservation } from '../billing/reservation';
import type { BatchStorePort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { parseJsonObject } from '../text/json-text';

const PREFIX = PROPERTY_PREFIX.claims;
const RESERVATION = PROPERTY_PREFIX.spendReservation;
/** A claim outlives its execution's deadline by this much: the kill comes a few seconds later. */
export const CLAIM_GRACE_MS = 5_000;

export interface Claimed {
  /** Keys this execution may send. */
  mine: string[];
  /** Keys another execution is looking up right now. */
  taken: string[];
  /** The store as read under the lock: answers stored since this execution's cache read are in it. */
  all: Record<string, string>;
  /** Whether `mine` are claimed in the shards (else in this pass's reservation, or not at all). */
  inShards: boolean;
}

/** 48 bits of the key's own hash: a clash only makes a cell wait for the other's answer. */
const idOf = (key: string) => key.slice(-12);
const shardOf = (id: string) => `${PREFIX}${id[0] ?? '0'}`;

type Shard = Record<string, number>;

const readShard = (all: Record<string, string>, name: string) => (parseJsonObject(all[name]) ?? {}) as Shard;

/** Rewrites the shards `change` touched, without the claims that lapsed. */
function rewrite(
  store: BatchStorePort,
  now: number,
  ids: readonly string[],
  change: (shard: Shard, id: string) => void,
) {
  const all = store.getAll();
  const shards = new Map<string, Shard>();
  for (const id of ids) {
    const name = shardOf(id);
    if (!shards.has(name)) shards.set(name, readShard(all, name));
    change(shards.get(name)!, id);
  }
  const writes: Record<string, string> = {};
  for (const [name, shard] of shards) {
    const live = Object.entries(shard).filter(([, until]) => typeof until === 'number' && until > now);
    // An emptied shard is written as {}: deleting it would be a round trip of its own.
    if (live.length > 0 || name in all) writes[name] = JSON.stringify(Object.fromEntries(live));
  }
  if (Object.keys(writes).length > 0) store.setMany(writes);
}

/**
 * Which of `keys` are free to claim, in `store` as read under the document lock the caller holds
 * (a section store: this step shares the section's one read and one write). Keys `answered` finds
 * in that read were bought by another execution after this one read its cache: they are neither
 * claimed nor bought again. A key is taken while a shard or an open reservation claims it.
 */
export function freeKeys(
  store: BatchStorePort,
  keys: readonly string[],
  now: number,
  answered: (all: Record<string, string>) => ReadonlySet<string>,
): Claimed {
  const all = store.getAll();
  const done = answered(all);
  const open = keys.filter((key) => !done.has(key));
  const reserved = reservedClaims(all, now);
  const claimedBy = (key: string) =>
    Math.max(readShard(all, shardOf(idOf(key)))[idOf(key)] ?? 0, reserved.get(key) ?? 0);
  const mine = open.filter((key) => claimedBy(key) <= now);
  const taken = open.filter((key) => claimedBy(key) > now);
  return { mine, taken, all, inShards: false };
}

/**
 * Claims `claimed.mine` until `until` in the shards: for a pass whose reservation cannot keep its
 * items (a big one's), and so cannot claim them itself.
 */
export function claimInShards(store: BatchStorePort, claimed: Claimed, now: number, until: number): void {
  claimed.inShards = true;
  if (claimed.mine.length === 0) return;
  rewrite(store, now, claimed.mine.map(idOf), (shard, id) => {
    shard[id] = until;
  });
}

/**
 * Keys reservations claim (`Reservation.claimedUntil`), with until when. A settled one claims them
 * until then too: its answers were bought moments ago (Buy again says so rather than buy at once).
 */
function reservedClaims(all: Record<string, string>, now: number): Map<string, number> {
  const claims = new Map<string, number>();
  for (const [name, value] of Object.entries(all)) {
    if (!name.startsWith(RESERVATION)) continue;
    const reservation = parseReservation(value);
    const until = reservation?.claimedUntil ?? 0;
    if (until <= now) continue;
    for (const item of reservation?.items ?? []) if (item.key) claims.set(item.key, until);
  }
  return claims;
}

/**
 * Every claim, for when the saved answers are cleared: a claim of a purchase that is done only
 * says "the answer is in the cache", which is no longer true. Under the document lock.
 */
export function dropAllClaims(store: BatchStorePort): void {
  const shards = Object.keys(store.getAll()).filter((name) => name.startsWith(PREFIX));
  if (shards.length > 0) store.removeMany(shards);
}

/** Under the lock, once the answers are stored (or the calls failed): others may go ahead. */
export function releaseUnderLock(store: BatchStorePort, keys: readonly string[], now: number): void {
  if (keys.length === 0) return;
  rewrite(store, now, keys.map(idOf), (shard, id) => {
    delete shard[id];
  });
}
