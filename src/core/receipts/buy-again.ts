// What came of "Buy again", in the words the panel shows: how many lookups were bought again and for
// what, how many are jobs still running, and why the others were not.

import { failureCharge } from '../billing/charges';
import type { LookupResult } from '../lookup/items';
import { NOT_SENT_BARE } from '../text/catalogue/queue';
import { creditsText, roundCredits } from '../text/credits';
import { plural } from '../text/plural';
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
  if (result.kind === 'expired') return 'Its job expired.';
  // Another execution bought it after Buy again started: its new answer is saved, not bought twice.
  return 'It was bought moments ago by a formula or a run; try Buy again in a minute.';
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

/** `replacing`: the sheets of employee lists the new lists are written over once collected. */
export function buyAgainMessage(tally: BuyAgainTally, replacing: readonly string[] = []): string {
  const parts: string[] = [];
  if (tally.bought > 0)
    parts.push(
      `Bought ${plural(tally.bought, 'lookup', 'lookups')} again for ${creditsText(tally.credits)}; the formulas show the new ${tally.bought === 1 ? 'answer' : 'answers'}.`,
    );
  if (tally.pending > 0)
    parts.push(
      `${plural(tally.pending, 'lookup is a job', 'lookups are jobs')} still running: the formulas fill in when ${tally.pending === 1 ? 'it is' : 'they are'} collected.`,
    );
  if (tally.notBought > 0)
    parts.push(
      `${plural(tally.notBought, 'lookup was', 'lookups were')} not bought again: ${tally.reasons.join(' ')}`,
    );
  for (const sheet of replacing) parts.push(`The new list replaces the one in sheet '${sheet}'.`);
  return parts.join(' ');
}
