// What came of "Buy again": how many lookups were bought again and for what, how many are jobs
// still running, and why the others were not (the panel words it, catalogue/sidebar/receipt.ts).

import { failureCharge } from '../billing/charges';
import type { LookupResult } from '../lookup/items';
import { NOT_SENT_BARE } from '../text/catalogue/queue';
import { RECEIPT_ANSWERS } from '../text/catalogue/sidebar/receipt-answers';
import { roundCredits } from '../text/credits';
import type { SelectedLookup } from './selection';

export interface BuyAgainTally {
  bought: number;
  /** What the API charged, as the lookup pass booked it. */
  credits: number;
  pending: number;
  /** Why the others were not bought, each reason once. */
  reasons: string[];
  notBought: number;
}

/** Only an answer sent for and paid is bought again: one saved meanwhile was bought by another. */
const boughtNow = (result: LookupResult | undefined) =>
  (result?.kind === 'found' || result?.kind === 'miss') && !result.cached;

function spentOn(lookup: SelectedLookup, result: LookupResult | undefined): number {
  if (result?.kind === 'found' || result?.kind === 'miss') return result.cached ? 0 : result.credits;
  if (result?.kind === 'failed') return failureCharge(lookup.op, result.error) ?? 0;
  return 0;
}

function reasonOf(result: LookupResult | undefined): string {
  if (!result) return NOT_SENT_BARE.text;
  if (result.kind === 'failed') return result.error.message;
  if (result.kind === 'refused') return result.message;
  if (result.kind === 'deferred' && result.reason !== 'buying-elsewhere') return result.message;
  if (result.kind === 'expired') return RECEIPT_ANSWERS.jobExpired.text;
  // Another execution bought it after Buy again started: its new answer is saved, not bought twice.
  return RECEIPT_ANSWERS.boughtMomentsAgo.text;
}

export function tallyBuyAgain(
  lookups: readonly SelectedLookup[],
  results: ReadonlyMap<string, LookupResult>,
): BuyAgainTally {
  const tally: BuyAgainTally = { bought: 0, credits: 0, pending: 0, reasons: [], notBought: 0 };
  for (const lookup of lookups) {
    const result = results.get(lookup.key);
    tally.credits += spentOn(lookup, result);
    if (boughtNow(result)) tally.bought++;
    else if (result?.kind === 'pending') tally.pending++;
    else {
      tally.notBought++;
      const reason = reasonOf(result);
      if (!tally.reasons.includes(reason)) tally.reasons.push(reason);
    }
  }
  tally.credits = roundCredits(tally.credits);
  return tally;
}
