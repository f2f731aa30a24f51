// A note in the document's fast cache that says whether any job waits to be collected, so that
// the Edit trigger, which runs on every edit of the spreadsheet, costs one cache read when nothing
// does. Whoever starts a job says so; the collector says what it left. The note can vanish (the
// cache forgets), and then the registry is read once and the note written again. The note also
// holds the collector's role, a lease (core/platform/lease.ts) that any collector's account of
// what it left lets go.
import { heldByOther, type Lease, takeLease } from '../platform/lease';
import { BUSY, tryWithLock } from '../platform/locked-section';
import type { LockPort, TtlCachePort } from '../platform/ports';
import { CACHE_KEY } from '../platform/stored-keys';

export const JOB_SIGNAL_KEY = CACHE_KEY.jobSignal;
/** CacheService's longest life: the note outlives any job's 10 minutes by far. */
const SIGNAL_TTL_SECONDS = 21_600;
const CLAIM_LOCK_WAIT_MS = 1_000;

export interface JobSignal {
  /** Jobs waiting to be collected, as last known. */
  pending: number;
  /** When the first of them is due for a poll (clock ms). */
  nextDueAt: number | null;
  /** The collector's role: while another holds it, drivers leave the work to it. */
  collector: Lease | null;
  /** When the note was written. */
  at: number;
}

export function readSignal(cache: TtlCachePort): JobSignal | null {
  return parseSignal(cache.getMany([JOB_SIGNAL_KEY])[JOB_SIGNAL_KEY]);
}

/** The note as read from the cache (by a caller that reads other keys in the same call). */
export function parseSignal(text: string | undefined): JobSignal | null {
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as Partial<JobSignal>;
    if (typeof parsed.pending !== 'number' || typeof parsed.at !== 'number') return null;
    return {
      pending: parsed.pending,
      nextDueAt: typeof parsed.nextDueAt === 'number' ? parsed.nextDueAt : null,
      collector: parseLease(parsed.collector),
      at: parsed.at,
    };
  } catch {
    return null;
  }
}

function parseLease(value: unknown): Lease | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, until } = value as Partial<Lease>;
  return typeof token === 'string' && typeof until === 'number' ? { token, until } : null;
}

function writeSignal(cache: TtlCachePort, signal: JobSignal): void {
  cache.putMany({ [JOB_SIGNAL_KEY]: JSON.stringify(signal) }, SIGNAL_TTL_SECONDS);
}

/** Whether a driver has work: jobs wait and no other collector is running. */
export function collectorWanted(signal: JobSignal, now: number): boolean {
  return signal.pending > 0 && !heldByOther(signal.collector, now);
}

/** Says a job was started (or a list arrived for delivery): the next driver must collect. */
export function noteJobStarted(cache: TtlCachePort, nextDueAt: number, now: number): void {
  const current = readSignal(cache);
  const due = current?.nextDueAt == null ? nextDueAt : Math.min(current.nextDueAt, nextDueAt);
  writeSignal(cache, {
    pending: Math.max(1, (current?.pending ?? 0) + 1),
    nextDueAt: due,
    collector: current?.collector ?? null,
    at: now,
  });
}

/**
 * Says what a collector left, from the registry it read when its last pass began (`readAt`). A job
 * started after that pass began is not in its count: its own note, written later, is kept.
 */
export function noteCollected(
  cache: TtlCachePort,
  left: { pending: number; nextDueAt: number | null },
  readAt: number,
  now: number,
): void {
  const current = readSignal(cache);
  if (current && current.pending > 0 && current.at > readAt && left.pending === 0) {
    writeSignal(cache, { ...current, collector: null });
    return;
  }
  writeSignal(cache, { pending: left.pending, nextDueAt: left.nextDueAt, collector: null, at: now });
}

/**
 * Makes `token`'s execution the one collector for its work of `workMs` and `marginMs` past it,
 * under the lock: of the many Edit triggers a paste fires, one collects and the others return.
 * False when another holds the role (or the lock stays busy, which means another driver is at work).
 */
export function claimCollector(
  cache: TtlCachePort,
  lock: LockPort,
  now: number,
  token: string,
  time: { workMs: number; marginMs: number },
): boolean {
  const claimed = tryWithLock(lock, CLAIM_LOCK_WAIT_MS, () => {
    const current = readSignal(cache);
    const taken = takeLease(current?.collector, now, token, time.workMs, time.marginMs);
    if (taken.kind === 'busy') return false;
    writeSignal(cache, {
      pending: current?.pending ?? 1,
      nextDueAt: current?.nextDueAt ?? null,
      collector: taken.lease,
      at: current?.at ?? now,
    });
    return true;
  });
  return claimed !== BUSY && claimed;
}
