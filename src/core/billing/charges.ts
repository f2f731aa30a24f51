// What a lookup is expected to cost before it is sent, and what its answer cost.
import { type ApiError, type CallOutcome, CHARGED_FAILURES } from '../api/outcome';
import type { EnrichmentRequest } from '../api/wire';
import { chargedCredits } from '../operations/pricing';
import type { Operation } from '../operations/types';
import { resultItems } from '../render/tables';
import type { PurchaseOutcome } from './purchases';

/** An employee list without `max` is bounded by the API's default list size; assumed, see README. */
export const ASSUMED_DEFAULT_EMPLOYEES = 25;

export function estimateFor(op: Operation, request: EnrichmentRequest): number {
  return chargedCredits(op, request.employee_count ?? ASSUMED_DEFAULT_EMPLOYEES);
}

/** What a paid answer cost: flat, or per employee returned. */
export function creditsFor(op: Operation, outcome: CallOutcome): number {
  if (outcome.kind === 'miss') return chargedCredits(op, 0);
  if (outcome.kind === 'found') return chargedCredits(op, resultItems(outcome.result).length);
  if (outcome.kind === 'failed') return failureCharge(op, outcome.error) ?? 0;
  return 0;
}

/**
 * What a failed call cost; null when it was not charged. A provider error, an unreadable answer
 * and a failed job were answered, so charged (an employee list at 0.5 an employee returned: none);
 * other failures were not answered, so not charged.
 */
export function failureCharge(op: Operation, error: ApiError): number | null {
  return CHARGED_FAILURES.has(error.code) ? chargedCredits(op, 0) : null;
}

/**
 * What a job the API lost cost (jobs/lost.ts): the API took the call, so it is booked as a job
 * that ended in `error` is, at the price of a call that returned nothing (for an employee list, at
 * 0.5 an employee returned: none).
 */
export function lostJobCredits(op: Operation): number {
  return chargedCredits(op, 0);
}

/** What the record of purchases says came of a call. */
export function purchaseOutcome(outcome: CallOutcome): PurchaseOutcome {
  if (outcome.kind === 'found') return 'found';
  return outcome.kind === 'miss' ? 'notFound' : 'error';
}
