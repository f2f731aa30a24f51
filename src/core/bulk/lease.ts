// Two sidebars (or a sidebar and a reload of it) may call for the same run at once. A lease in the
// run's property, taken under the document lock, gives the next slice to one of them; the lease
// outlives the slice's budget, so a slice killed mid-way frees its rows a little later. The rules of
// the lease are core/platform/lease.ts's; a run's own is that a run with no work now is settled.
import { releaseLease as released, takeLease } from '../platform/lease';
import { type BulkRun, hasWorkNow, settleIfComplete } from './run';
import { BULK_SLICE } from './slice/ports';

/** A lease outlives its slice's budget by this much; a slice killed mid-way frees its rows then. */
const LEASE_MARGIN_MS = 15_000;

export interface TakenSlice {
  run: BulkRun;
  /** Another caller holds the lease: the sidebar asks again shortly. */
  busy: boolean;
  /** This caller holds the lease and runs the slice. */
  mine: boolean;
  /** The run to save, if it changed (leased, or found complete). */
  save: BulkRun | null;
}

/** Whether `token`'s caller may run the next slice of `run` now. */
export function takeSlice(run: BulkRun, now: number, token: string): TakenSlice {
  if (run.state !== 'running') return { run, busy: false, mine: false, save: null };
  const lease = takeLease(run.lease, now, token, BULK_SLICE.budgetMs, LEASE_MARGIN_MS);
  if (lease.kind === 'busy') return { run, busy: true, mine: false, save: null };
  if (!hasWorkNow(run, now)) {
    const settled = settleIfComplete(run, now);
    return { run: settled, busy: false, mine: false, save: settled !== run ? settled : null };
  }
  const leased: BulkRun = { ...run, lease: lease.lease };
  return { run: leased, busy: false, mine: true, save: leased };
}

/** The run with `token`'s lease let go, after a slice that failed; null when it is not held any more. */
export function releaseLease(current: BulkRun | null, runId: string, token: string): BulkRun | null {
  if (current?.id !== runId || current.lease?.token !== token) return null;
  return { ...current, lease: released(current.lease, token) };
}
