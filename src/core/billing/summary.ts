// What the sidebar's Spending panel and the record of purchases read of the ledger: the totals of
// today and the month, by source and operation, with the open reservations counted as the spend
// they will be booked as, and what formulas may still reserve today.
import type { OperationType } from '../../shared/operation-type';
import type { BatchStorePort } from '../platform/ports';
import { type BudgetSettings, capCents, formulaCommitted, sumCents } from './budget';
import type { CountedBuyer } from './buyer';
import { LedgerChanges, readLedger } from './ledger';
import { lapsedRows, type OutcomeResolver } from './reservation';
import {
  type Cents,
  checkDay,
  emptyTotals,
  mergeInto,
  monthOf,
  type Totals,
  toCredits,
  totalOf,
} from './totals';

export interface SpendBreakdown {
  total: number;
  bySource: Record<CountedBuyer, number>;
  byOperation: Partial<Record<OperationType, number>>;
  /** Lookups sent again after a network failure, and what the API may have charged for them twice. */
  possiblyChargedTwice: { lookups: number; credits: number };
}

export interface LedgerSummary {
  today: SpendBreakdown;
  month: SpendBreakdown;
  /** Credits set aside by reservations and jobs not settled yet. */
  held: number;
  /** What formulas may still reserve today; null when no settings were given. */
  formulaCapLeftToday: number | null;
}

/**
 * What the sidebar shows. Reads without the lock: a glance may be one settle behind. Given `now`,
 * open reservations count as the spend they will be booked as: a formula whose calls cost what it
 * reserved never settles (see lookup/pass.ts), and one whose calls failed settles within seconds.
 * Running jobs' reservations stay held: a list's bound is not its price (settledView).
 */
export function ledgerSummary(
  store: BatchStorePort,
  day: string,
  settings?: BudgetSettings,
  now?: number,
): LedgerSummary {
  checkDay(day);
  const state = now === undefined ? readLedger(store.getAll()) : settledView(store.getAll(), day, now);
  const month = monthOf(day);
  const monthTotals = emptyTotals();
  const folded = state.months.get(month);
  if (folded) mergeInto(monthTotals, folded);
  for (const [someDay, totals] of state.days) if (monthOf(someDay) === month) mergeInto(monthTotals, totals);
  let held = 0;
  for (const reservation of [...state.reservations.values(), ...state.jobReservations.values()])
    held += sumCents(reservation.byOperation);
  const capLeft = settings ? Math.max(0, capCents(settings) - formulaCommitted(state, day)) : null;
  return {
    today: breakdown(state.days.get(day) ?? emptyTotals()),
    month: breakdown(monthTotals),
    held: toCredits(held),
    formulaCapLeftToday: capLeft === null ? null : toCredits(capLeft),
  };
}

/**
 * The ledger as it will be once the open reservations are booked, on a copy that is never written:
 * a formula whose calls cost what it reserved never settles (see lookup/booking.ts), and one whose
 * calls failed settles within seconds. Running jobs' reservations stay held: a list's bound is not its
 * price. An expired job was charged: it counts at its estimate until its charge is learned.
 */
export function settledView(
  all: Record<string, string>,
  day: string,
  now: number,
  resolve?: OutcomeResolver,
) {
  const state = readLedger(all);
  const changes = new LedgerChanges(state);
  changes.tidy(day, now, resolve);
  for (const [id, reservation] of [...state.reservations]) {
    changes.book(reservation.day, lapsedRows(reservation, resolve));
    changes.closeReservation(id);
  }
  for (const [jobId, reservation] of [...state.jobReservations]) {
    if (!reservation.expired) continue;
    changes.book(reservation.day, lapsedRows(reservation, resolve));
    changes.closeJobReservation(jobId);
  }
  return state;
}

/** Each amount of `cents` in credits, under the same names. */
const inCredits = <T extends Partial<Record<string, Cents>>>(cents: T) =>
  Object.fromEntries(Object.entries(cents).map(([name, amount]) => [name, toCredits(amount ?? 0)])) as {
    [K in keyof T]: number;
  };

function breakdown(totals: Totals): SpendBreakdown {
  return {
    total: toCredits(totalOf(totals)),
    bySource: inCredits(totals.bySource),
    byOperation: inCredits(totals.byOperation),
    possiblyChargedTwice: {
      lookups: totals.resent.lookups,
      credits: toCredits(totals.resent.bySource.formula + totals.resent.bySource.bulk),
    },
  };
}
