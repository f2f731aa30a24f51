// What a pass that may be stopped at any instant (a trigger's: the day's trigger-time quota strikes
// unseen) has sent, kept in its own reservation: each write of its answers as they come back also
// says what each answered lookup cost and which have not gone yet. A reservation that lapses
// unsettled is then booked as the API charged it: the answered at their charges, the batch on its
// way at its estimate (its fate unknown: the API charges what it receives), the rest at nothing.
// A save in a wait says the next batch goes, or, at a pace whose waits are too short for a save
// each, the whole stretch of turns booked (api/client.ts): a stop inside such a stretch books
// what it had yet to send at its estimate, a second of the pace at most; at 1 a second, nothing.
// A batch that goes after no save at all (no wait long enough) is not told: a stop then books
// less than the API charged, by that batch.
// Booked whole, a 300-row range stopped 5 s into its buying was booked 48 credits above the API's
// charges (test/reliability/quota-stop.test.ts).
import type { CallOutcome } from '../api/outcome';
import { creditsFor, purchaseOutcome } from '../billing/charges';
import { parseReservation, storeReservation } from '../billing/reservation';
import type { PlannedItem } from '../billing/settlement';
import { type ByOperation, toCents } from '../billing/totals';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import type { LookupItem } from './items';

export interface PassProgress {
  answered(index: number, outcome: CallOutcome): void;
  /** Whether `next` may go without a write first: the last one did not say it has not gone. */
  covers(next: readonly number[]): boolean;
  /** The reservation's property as it stands once `next` goes: to write with the answers. */
  entries(next: readonly number[]): Record<string, string>;
}

/**
 * The progress of the reservation `id` over `items` (in its order, priced by `planned`), from the
 * store as its booking left it; null without one.
 */
export function passProgress(
  view: Record<string, string>,
  id: string,
  items: readonly LookupItem[],
  planned: readonly PlannedItem[],
): PassProgress | null {
  const key = PROPERTY_PREFIX.spendReservation + id;
  const reservation = id && view[key] ? parseReservation(view[key]) : null;
  if (!reservation) return null;
  const rows = reservation.items?.length === items.length ? [...reservation.items] : null;
  // Cents by item: its estimate until its charge is known.
  const cents = items.map((_, i) => toCents(planned[i]?.estimate ?? 0));
  const gone = new Set<number>();
  // What the last write said had not gone; none written yet: every item may have gone.
  let unsent = new Set<number>();
  const stored = () => {
    if (rows) return storeReservation({ ...reservation, items: rows, unsent: [...unsent] });
    const byOperation: ByOperation = {};
    for (const index of gone) {
      const type = items[index]!.op.type;
      byOperation[type] = (byOperation[type] ?? 0) + cents[index]!;
    }
    return storeReservation({ ...reservation, gone: byOperation });
  };
  return {
    answered(index, outcome) {
      const item = items[index];
      if (!item || outcome.kind === 'pending') return;
      cents[index] = toCents(creditsFor(item.op, outcome));
      const row = rows?.[index];
      if (rows && row) rows[index] = { ...row, cents: cents[index]!, outcome: purchaseOutcome(outcome) };
      gone.add(index);
    },
    covers: (next) => next.every((index) => !unsent.has(index)),
    entries(next) {
      for (const index of next) gone.add(index);
      unsent = new Set(items.map((_, i) => i).filter((i) => !gone.has(i)));
      return { [key]: stored() };
    },
  };
}
