// Every price the add-on states or books, read from the table's `pricing`: an estimate before a
// call, the charge after it, and the price as the user reads it.
import { perEmployeePrice } from '../text/catalogue/operation-docs';
import { creditsText } from '../text/credits';
import type { Operation } from './types';

/**
 * Credits a call costs: flat, or for an employee list by the number returned, so before the call
 * `employees` is a bound (billing/charges.ts `estimateFor`).
 */
export function chargedCredits(op: Operation, employees: number): number {
  return op.pricing.kind === 'flat' ? op.pricing.credits : employees * op.pricing.credits;
}

/** Price as a user reads it: "10 credits", "0.5 credit per employee". */
export function priceLabel(op: Operation): string {
  if (op.pricing.kind === 'per_employee') return perEmployeePrice(op.pricing.credits);
  return creditsText(op.pricing.credits);
}
