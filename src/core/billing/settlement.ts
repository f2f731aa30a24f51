// What a reservation, a charge or a job becomes in the record of purchases: the items a pass
// reserves (with what they are: input, answer key, the cell served), then what each really cost.
import type { OperationType } from '../../shared/operation-type';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { detailRow, type Purchase, type PurchaseOutcome, type RowBase } from './purchases';
import { parseReservation, type Reservation, storeReservation } from './reservation';
import { type ByOperation, type Cents, toCents } from './totals';

/** What a purchase is of, when the caller knows it; never the API key. */
export interface PurchaseDetail {
  /** The result cache key of its answer: how a cell's receipt finds it. */
  key?: string;
  /** The input as sent, with its options. */
  input?: string;
  /** The cell or run it serves. */
  served?: string;
}

export interface PlannedItem extends PurchaseDetail {
  type: OperationType;
  /** Credits the call may cost (for an employee list, the bound from its `max`). */
  estimate: number;
}

export interface Charge extends PurchaseDetail {
  type: OperationType;
  credits: number;
  /** What came of it; a charge without one is booked as paid, outcome unknown. */
  outcome?: PurchaseOutcome;
}

/** An async job whose charge is only known when it completes (employee lists: per employee). */
export interface PendingJob extends PurchaseDetail {
  jobId: string;
  type: OperationType;
  estimate: number;
}

/** The items a reservation holds, at their estimates (in cents, as reserved). */
export function plannedRows(
  base: RowBase,
  items: readonly PlannedItem[],
  estimates: readonly Cents[],
): Purchase[] {
  return items.map((item, i) => detailRow(base, item.type, estimates[i] ?? 0, item));
}

/** A charge as a purchase: its reserved item when there is one, with what it really cost. */
export function chargeRow(charge: Charge, reserved: Purchase | undefined, base: RowBase): Purchase {
  const row = reserved ?? detailRow(base, charge.type, 0, charge);
  return { ...row, cents: toCents(charge.credits), outcome: charge.outcome ?? 'paid' };
}

const reservedByKey = (reservation: Reservation) =>
  new Map((reservation.items ?? []).filter((row) => row.key).map((row) => [row.key!, row]));

/**
 * What a settled reservation bought: each charge on its reserved item, and what was sent twice on
 * the purchase it repeated (or on a row of its own when that one was not charged).
 */
export function settledRows(
  reservation: Reservation,
  charges: readonly Charge[],
  resent: readonly Charge[],
  at: number,
): Purchase[] {
  const reserved = reservedByKey(reservation);
  const base: RowBase = { at, day: reservation.day, source: reservation.buyer };
  const rows = charges.map((charge) =>
    chargeRow(charge, charge.key ? reserved.get(charge.key) : undefined, base),
  );
  for (const again of resent) {
    const cents = toCents(again.credits);
    const row = again.key ? rows.find((candidate) => candidate.key === again.key) : undefined;
    if (row) row.twice += cents;
    else {
      const item = again.key ? reserved.get(again.key) : undefined;
      rows.push({ ...(item ?? detailRow(base, again.type, 0, again)), cents: 0, twice: cents });
    }
  }
  return rows;
}

/** What a job still running is, kept with the job's reservation until it completes. */
export function pendingItem(reservation: Reservation, job: PendingJob, at: number): Purchase[] {
  const reserved = job.key ? reservedByKey(reservation).get(job.key) : undefined;
  const base: RowBase = { at, day: reservation.day, source: reservation.buyer };
  const item = reserved ?? detailRow(base, job.type, toCents(job.estimate), job);
  return [{ ...item, job: job.jobId }];
}

/** How long before a reservation lapses its buyer may still settle it in place. */
const SETTLE_MARGIN_MS = 5_000;

/**
 * The reservation `id` of `view` settled in place: what each item cost, to write with the answers
 * in the buyer's own write, no lock taken (no other execution writes an open reservation before
 * it lapses). The next locked section books it as it stands (`LedgerChanges.tidy`). Null when the
 * reservation does not keep its items, a charge has no item, or it is near its lapse: that one
 * settles under the lock, where a lapsed reservation is seen closed.
 */
export function settledInPlace(
  view: Record<string, string>,
  id: string,
  charges: readonly Charge[],
  at: number,
): Record<string, string> | null {
  const name = PROPERTY_PREFIX.spendReservation + id;
  const reservation = id && view[name] ? parseReservation(view[name]) : null;
  if (!reservation?.items || reservation.items.length !== charges.length) return null;
  // Another execution books a lapsed reservation at its estimate: settled after that, it would be
  // booked twice. Only well before its lapse (a trigger's long pass may reach it) is it settled here.
  if (at > reservation.expiresAt - SETTLE_MARGIN_MS) return null;
  const items = settledRows(reservation, charges, [], at);
  const byOperation: ByOperation = {};
  for (const row of items) byOperation[row.type] = (byOperation[row.type] ?? 0) + row.cents;
  const { unsent: _unsent, gone: _gone, ...kept } = reservation;
  return { [name]: storeReservation({ ...kept, byOperation, items, settled: true }) };
}
