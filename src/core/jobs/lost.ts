// A job the status endpoint answers 404 for ("job not found or expired", the spec says) is one of
// two things. Expired: it was done, and nobody collected it within the API's 10 minutes. Lost: the
// API could not find a job that cannot have expired, because it was running, or just accepted,
// less than 10 minutes ago (a 404 at the first poll). A lost job was still a call the API took:
// it is booked as charged, held like a failed job (no recalculation or other cell buys it again),
// and run again only when the user asks in the Jobs panel.

import { lostJobCredits } from '../billing/charges';
import type { Charge } from '../billing/settlement';
import { priceLabel } from '../operations/pricing';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { lostJobMessage } from '../text/catalogue/jobs';
import type { JobRecord } from './registry';

/** How long the API keeps a finished job's result (spec, States and transitions). */
const RESULT_LIFETIME_MS = 10 * 60_000;

/** Whether a 404 for this job at `now` means the API lost it: it cannot have expired yet. */
export function isLostAt(job: JobRecord, now: number): boolean {
  return now - (job.aliveAt ?? job.startedAt) < RESULT_LIFETIME_MS;
}

/** The record of a lost job, at what it is booked for. */
export function lostRecord(job: JobRecord, op: Operation, now: number): JobRecord {
  const credits = lostJobCredits(op);
  const { aliveAt: _alive, ...rest } = job;
  const message = lostJobMessage(credits, priceLabel(op));
  return { ...rest, state: 'lost', updatedAt: now, charged: credits, message };
}

/**
 * A job the status endpoint answered 404 for at `now`: lost, with the charge to book, or expired
 * (`expiredMessage`), with none: it was charged when it finished, at a price known only once the
 * same query is bought again (billing/budget.ts `expireJob` keeps its hold until then).
 */
export function afterNotFound(
  job: JobRecord,
  expiredMessage: string,
  now: number,
): { next: JobRecord; charge: Charge | null } {
  const op = operationByType(job.type);
  if (op && isLostAt(job, now)) {
    const next = lostRecord(job, op, now);
    return { next, charge: { type: job.type, key: job.key, outcome: 'error', credits: next.charged! } };
  }
  return { next: { ...job, state: 'expired', updatedAt: now, message: expiredMessage }, charge: null };
}
