// The job collector's lines of the Edit trigger's note (platform/edit-note.ts): whether any job
// waits to be collected, so that the Edit trigger costs one cache read when nothing does, and the
// collector's role. Whoever starts a job says so; the collector says what it left. The line can
// vanish (the cache forgets), and then the registry is read once and the line written again. The
// collector's role is a lease (core/platform/lease.ts) on a line of its own, so that a job noted
// while a collector takes the role is not lost; any collector's account of what it left lets it go.
import { type EditNote, readEditNote, writeEditNote } from '../platform/edit-note';
import { heldByOther, type Lease, takeLease } from '../platform/lease';
import { BUSY, tryWithLock } from '../platform/locked-section';
import type { LockPort, TtlCachePort } from '../platform/ports';
import { parseJsonObject } from '../text/json-text';

const CLAIM_LOCK_WAIT_MS = 1_000;

export interface JobSignal {
  /** Jobs waiting to be collected, as last known. */
  pending: number;
  /** When the line was written. */
  at: number;
}

/** What the note says of the jobs: the line (null: the cache forgot it) and the collector's role. */
export interface JobsNote {
  signal: JobSignal | null;
  /** The collector's role: while another holds it, drivers leave the work to it. */
  collector: Lease | null;
}

/** The jobs' lines of the note, read alone. */
export const readSignal = (cache: TtlCachePort): JobsNote =>
  jobsInNote(readEditNote(cache, ['jobs', 'collector']));

/** The jobs' lines of a note read whole (by the Edit trigger, which reads every line in one call). */
export function jobsInNote(note: EditNote): JobsNote {
  return { signal: parseSignal(note.jobs), collector: parseLease(note.collector) };
}

function parseSignal(text: string | undefined): JobSignal | null {
  const parsed = parseJsonObject(text) as Partial<JobSignal> | null;
  if (typeof parsed?.pending !== 'number' || typeof parsed.at !== 'number') return null;
  return { pending: parsed.pending, at: parsed.at };
}

function parseLease(text: string | undefined): Lease | null {
  const parsed = parseJsonObject(text) as Partial<Lease> | null;
  const { token, until } = parsed ?? {};
  return typeof token === 'string' && typeof until === 'number' ? { token, until } : null;
}

const signalLine = (signal: JobSignal) => JSON.stringify(signal);
/** The collector's line once no collector holds the role. */
const NO_COLLECTOR = 'null';

/** Whether a driver has work: jobs wait and no other collector is running. */
export function collectorWanted({ signal, collector }: JobsNote, now: number): boolean {
  return signal !== null && signal.pending > 0 && !heldByOther(collector, now);
}

/**
 * Says a job was started (or a list arrived for delivery): the next driver must collect. Answers
 * whether a collector already holds the role (read in the same call): one that started before this
 * may have been stopped since, and no other driver follows it for the same edit.
 */
export function noteJobStarted(cache: TtlCachePort, now: number): boolean {
  const note = readEditNote(cache, ['jobs', 'collector']);
  const current = parseSignal(note.jobs);
  writeEditNote(cache, { jobs: signalLine({ pending: Math.max(1, (current?.pending ?? 0) + 1), at: now }) });
  return heldByOther(parseLease(note.collector), now);
}

/** Says what the registry holds, read at `now` because the cache forgot the line; the role is left as it is. */
export function noteJobsFound(cache: TtlCachePort, left: Omit<JobSignal, 'at'>, now: number): void {
  writeEditNote(cache, { jobs: signalLine({ ...left, at: now }) });
}

/**
 * Says what a collector left, from the registry it read when its last pass began (`readAt`), and
 * lets the collector's role go. A job started after that pass began is not in its count: its own
 * line, written later, is kept.
 */
export function noteCollected(
  cache: TtlCachePort,
  left: Omit<JobSignal, 'at'>,
  readAt: number,
  now: number,
): void {
  const current = parseSignal(readEditNote(cache, ['jobs']).jobs);
  if (current && current.pending > 0 && current.at > readAt && left.pending === 0) {
    writeEditNote(cache, { collector: NO_COLLECTOR });
    return;
  }
  writeEditNote(cache, { jobs: signalLine({ ...left, at: now }), collector: NO_COLLECTOR });
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
    const { signal, collector } = readSignal(cache);
    const taken = takeLease(collector, now, token, time.workMs, time.marginMs);
    if (taken.kind === 'busy') return false;
    // A collector at work means jobs wait: the line the cache forgot says so until it says what is left.
    const jobs = signal ? {} : { jobs: signalLine({ pending: 1, at: now }) };
    writeEditNote(cache, { collector: JSON.stringify(taken.lease), ...jobs });
    return true;
  });
  return claimed !== BUSY && claimed;
}
