// Every price the add-on states or books, read from the table's `pricing`: an estimate before a
// call, the charge after it, and the price as the user reads it.
import { perEmployeePrice } from '../text/catalogue/operation-docs';
import { creditsText } from '../text/credits';
import type { Operation } from './types';

/**
 * Credits one call will cost. Employee lists cost per employee returned, so before the call only
 * a bound is known: `employee_count` when given, else `unknown` (the caller must say so).
 */
export function estimateCredits(op: Operation, employeeCount?: number): number | 'unknown' {
  if (op.pricing.kind === 'flat') return op.pricing.credits;
  return employeeCount === undefined ? 'unknown' : employeeCount * op.pricing.credits;
}

/** Credits actually charged for an answered call: employee lists by the number returned. */
export function chargedCredits(op: Operation, employeesReturned: number): number {
  return op.pricing.kind === 'flat' ? op.pricing.credits : employeesReturned * op.pricing.credits;
}

/** Price as a user reads it: "10 credits", "0.5 credit per employee". */
export function priceLabel(op: Operation): string {
  if (op.pricing.kind === 'per_employee') return perEmployeePrice(op.pricing.credits);
  return creditsText(op.pricing.credits);
}
