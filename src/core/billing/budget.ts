// The spending guard. Formulas filled down a column run as many concurrent executions; each one
// reserves credits under the document lock before it calls the API, so together they stop exactly
// at the daily cap, then settles with what the API really charged. Bulk runs (confirmed by the user
// in the sidebar) are not capped, only booked. The day is the caller's: computed in the
// spreadsheet's time zone, as YYYY-MM-DD.

import { operationByType } from '../operations/table';
import { BUSY, type Busy, tryWithLock } from '../platform/locked-section';
import type { BatchStorePort, ClockPort, LockPort, SheetStorePort } from '../platform/ports';
import { capReachedMessage, type UnfitLookup } from '../text/catalogue/budget';
import { LOCK_BUSY_MESSAGE } from '../text/catalogue/queue';
import { CALL_TEXTS } from '../text/catalogue/sidebar/calls';
import type { Buyer } from './buyer';
import { LedgerChanges, type LedgerState, readLedger } from './ledger';
import {
  type Charge,
  chargeRow,
  type PendingJob,
  type PlannedItem,
  pendingItem,
  plannedRows,
  settledRows,
} from './settlement';
import { type ByOperation, type Cents, checkDay, toCents, toCredits } from './totals';

export interface BudgetSettings {
  /** Credits all formulas of the spreadsheet may spend in a day; 0 = formulas may spend nothing. */
  formulaDailyCap: number;
}

export interface BudgetDeps {
  store: BatchStorePort;
  lock: LockPort;
  clock: ClockPort;
  /**
   * The hidden ledger sheet, when this execution may write it: purchases more than the pages in
   * document properties hold move there instead of being folded into day summaries.
   */
  sheet?: SheetStorePort;
  /**
   * Which of these answers, in a snapshot of the store, were found: a reservation booked as it
   * lapses then says what it bought. Without it such purchases read "paid".
   */
  resolve?: (
    all: Record<string, string>,
    keys: readonly string[],
  ) => ReadonlyMap<string, 'found' | 'notFound'>;
}

export interface Refusal {
  reason: 'cap' | 'busy';
  /** Ready to show in the cells that were not granted. */
  message: string;
}

export interface Reservation {
  /** '' when nothing was granted: settling it does nothing. */
  id: string;
  /** How many of the asked items, from the first, may be called. */
  granted: number;
  credits: number;
  /** Why fewer items than asked were granted; null when all were. */
  refused: Refusal | null;
  /**
   * The reservation keeps what each item is, so it can be booked in full when it lapses unsettled (a
   * formula's few fit in its property; a bulk slice's many do not, and it must settle).
   */
  itemsKept?: boolean;
}

/** 'closed': no open reservation by that id (already settled, or expired and booked at its estimate). */
export type SettleOutcome = 'recorded' | 'closed' | 'busy';

export const LOCK_WAIT_MS = 10_000;

/**
 * How long a reservation may stay unsettled: the execution that made it has been killed by then
 * (a custom function lives 30 s, any other execution 6 min). An expired reservation is booked as
 * spent at its estimate, never forgotten: its calls may have been sent and charged, and forgetting
 * them would let formulas spend past the cap. A late settle is then ignored; since an estimate is
 * an upper bound on the charge, the ledger can only over-count, never under-count.
 */
export const RESERVATION_LIFETIME_MS: Readonly<Record<'formula' | 'bulk', number>> = {
  formula: 45_000,
  bulk: 7 * 60_000,
};

/** A job takes about a minute and its result is kept 10 minutes: after that nobody will settle it. */
export const JOB_RESERVATION_LIFETIME_MS = 15 * 60_000;

/**
 * Grants the longest prefix of `items` whose estimates fit in what is left of today's formula cap
 * (spend booked today plus reservations still open), and records the reservation before the calls
 * are made. Bulk reservations are not capped. Never throws for a busy lock: it grants nothing.
 * `claimedUntil`: the granted items' keys are claimed in the reservation until then, when it keeps
 * its items (`itemsKept`).
 */
export function reserve(
  deps: BudgetDeps,
  day: string,
  items: readonly PlannedItem[],
  settings: BudgetSettings,
  buyer: Buyer,
  claimedUntil?: number,
): Reservation {
  checkDay(day);
  const estimates = items.map((item) => centsOf(item.estimate, `estimate of ${item.type}`));
  const claims = claimedUntil === undefined ? {} : { claimedUntil };
  const made = underLock(deps, day, (changes, now) => {
    const formula = buyer === 'formula';
    const room = formula ? capCents(settings) - formulaCommitted(changes.state, day) : Infinity;
    let granted = 0;
    let cents = 0;
    const byOperation: ByOperation = {};
    for (const [index, item] of items.entries()) {
      const estimate = estimates[index] ?? 0;
      if (cents + estimate > room) break;
      cents += estimate;
      granted += 1;
      byOperation[item.type] = (byOperation[item.type] ?? 0) + estimate;
    }
    const unfit = granted < items.length ? unfitLookup(items[granted], room - cents) : undefined;
    if (granted === 0) return { id: '', granted, credits: 0, unfit };
    const held = plannedRows({ at: now, day, source: buyer }, items.slice(0, granted), estimates);
    const expiresAt = now + RESERVATION_LIFETIME_MS[formula ? 'formula' : 'bulk'];
    const id = changes.openReservation({ day, buyer, expiresAt, byOperation, items: held, ...claims });
    const itemsKept = changes.state.reservations.get(id)?.items !== undefined;
    return { id, granted, credits: toCredits(cents), itemsKept, unfit };
  });
  if (made === BUSY)
    return { id: '', granted: 0, credits: 0, refused: { reason: 'busy', message: LOCK_BUSY_MESSAGE } };
  const { unfit, ...granted } = made;
  const refused: Refusal | null =
    made.granted < items.length
      ? { reason: 'cap', message: capReachedMessage(settings.formulaDailyCap, unfit) }
      : null;
  return { ...granted, refused };
}

/**
 * Books what the reserved calls really cost (a miss is charged; a call the API did not charge is
 * 0) and releases the rest. Jobs still running keep their estimate held until `settleJob`.
 * `resent` are lookups sent twice after a network failure, at what the second send may have
 * cost: booked apart, as possibly charged twice. Idempotent: only the first settle of a reservation counts. A busy lock leaves the reservation
 * to expire, which books its estimate: safe, if pessimistic.
 */
export function settle(
  deps: BudgetDeps,
  day: string,
  reservationId: string,
  charges: readonly Charge[],
  pendingJobs: readonly PendingJob[] = [],
  resent: readonly Charge[] = [],
): SettleOutcome {
  checkDay(day);
  // Checked before the lock: a bad amount must throw, not be booked.
  checkCharges([...charges, ...resent]);
  const pending = pendingJobs.map((job) => ({
    job,
    cents: centsOf(job.estimate, `estimate of job ${job.jobId}`),
  }));
  if (reservationId === '') return 'closed';
  const outcome = underLock(deps, day, (changes, now) => {
    const reservation = changes.state.reservations.get(reservationId);
    if (!reservation) return 'closed';
    changes.book(reservation.day, settledRows(reservation, charges, resent, now));
    learnCharges(changes, charges);
    for (const { job, cents } of pending) {
      const expiresAt = now + JOB_RESERVATION_LIFETIME_MS;
      const items = pendingItem(reservation, job, now);
      changes.openJobReservation(job.jobId, {
        ...reservation,
        expiresAt,
        byOperation: { [job.type]: cents },
        items,
      });
    }
    changes.closeReservation(reservationId);
    return 'recorded';
  });
  return outcome === BUSY ? 'busy' : outcome;
}

/**
 * Books the charge of a job left pending by `settle`, releasing the rest of its estimate. The
 * charge of its query is then known: jobs of the same query that expired uncollected cost it too.
 */
export function settleJob(deps: BudgetDeps, day: string, jobId: string, charge: Charge): SettleOutcome {
  checkDay(day);
  checkCharges([charge]);
  const outcome = underLock(deps, day, (changes, now) => {
    const reservation = changes.state.jobReservations.get(jobId);
    if (!reservation) return 'closed';
    const base = { at: now, day: reservation.day, source: reservation.buyer };
    const row = chargeRow(charge, reservation.items?.[0], base);
    changes.book(reservation.day, [{ ...row, job: row.job ?? jobId }]);
    changes.closeJobReservation(jobId);
    learnCharges(changes, [charge]);
    return 'recorded';
  });
  return outcome === BUSY ? 'busy' : outcome;
}

/**
 * A job whose result expired before it was collected: the API charged it, but what (an employee
 * list at 0.5 an employee returned) is known only when the same query is bought again. Until then
 * it counts at its estimate; it is booked at that only if nothing tells its charge within a week.
 */
export function expireJob(deps: BudgetDeps, day: string, jobId: string): SettleOutcome {
  checkDay(day);
  const outcome = underLock(deps, day, (changes, now) => {
    if (!changes.state.jobReservations.has(jobId)) return 'closed';
    changes.expireJobReservation(jobId, now);
    return 'recorded';
  });
  return outcome === BUSY ? 'busy' : outcome;
}

/** Answered charges tell what their query costs: expired jobs of the same query are booked at it. */
function learnCharges(changes: LedgerChanges, charges: readonly Charge[]): void {
  for (const charge of charges) {
    const answered = charge.outcome === 'found' || charge.outcome === 'notFound';
    if (answered && charge.key) changes.bookExpired(charge.key, toCents(charge.credits));
  }
}

/**
 * Books spend that was never reserved: a key test. Throws when the lock is busy, so a caller with
 * minutes to spare can retry instead of losing the record.
 */
export function recordSpend(deps: BudgetDeps, day: string, buyer: Buyer, charges: readonly Charge[]): void {
  checkDay(day);
  checkCharges(charges);
  const outcome = underLock(deps, day, (changes, now) => {
    const base = { at: now, day, source: buyer };
    const rows = charges.map((charge) => chargeRow(charge, undefined, base));
    changes.book(day, rows);
  });
  if (outcome === BUSY) throw new Error(CALL_TEXTS.ledgerBusy.text);
}

/** Runs `work` on the ledger under the lock, after booking expired reservations and folding old days. */
function underLock<T>(
  deps: BudgetDeps,
  today: string,
  work: (changes: LedgerChanges, now: number) => T,
): T | Busy {
  return tryWithLock(deps.lock, LOCK_WAIT_MS, () => {
    const now = deps.clock.now();
    const all = deps.store.getAll();
    const changes = new LedgerChanges(readLedger(all), deps.sheet);
    const { resolve } = deps;
    changes.tidy(today, now, resolve && ((keys) => resolve(all, keys)));
    const result = work(changes, now);
    changes.commit(deps.store);
    return result;
  });
}

/** Formula spend booked on `day` plus formula credits still held for it. */
export function formulaCommitted(state: LedgerState, day: string): Cents {
  const totals = state.days.get(day);
  // A possible double charge counts: the cap is a promise about money, not about answers.
  let cents = (totals?.bySource.formula ?? 0) + (totals?.resent.bySource.formula ?? 0);
  for (const reservation of [...state.reservations.values(), ...state.jobReservations.values()]) {
    if (reservation.buyer === 'formula' && reservation.day === day)
      cents += sumCents(reservation.byOperation);
  }
  return cents;
}

function unfitLookup(item: PlannedItem | undefined, leftCents: Cents): UnfitLookup | undefined {
  if (!item) return undefined;
  const bound = operationByType(item.type)?.pricing.kind === 'per_employee';
  return { left: toCredits(Math.max(0, leftCents)), estimate: item.estimate, bound };
}

export function capCents(settings: BudgetSettings): Cents {
  // A cap that is not a number >= 0 (a corrupt setting) must not open the tap: it counts as 0.
  return settings.formulaDailyCap >= 0 ? toCents(settings.formulaDailyCap) : 0;
}

function centsOf(credits: number, what: string): Cents {
  if (!(Number.isFinite(credits) && credits >= 0))
    throw new RangeError(`The ${what} must be a number of credits >= 0, got ${credits}`);
  return toCents(credits);
}

/** Throws for a charge that is not a number of credits >= 0: a bad amount must not be booked. */
function checkCharges(charges: readonly Charge[]): void {
  for (const charge of charges) centsOf(charge.credits, `charge of ${charge.type}`);
}

export const sumCents = (byOperation: ByOperation): Cents =>
  Object.values(byOperation).reduce((sum: number, value) => sum + (value ?? 0), 0);
