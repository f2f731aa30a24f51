// The spending guard. Formulas filled down a column run as many concurrent executions; each one
// reserves credits under the document lock before it calls the API, so together they stop exactly
// at the daily cap, then settles with what the API really charged. Bulk runs (confirmed by the user
// in the sidebar) are not capped, only booked. The day is the caller's: computed in the
// spreadsheet's time zone, as YYYY-MM-DD.

import type { OperationType } from '../../shared/operation-type';
import { BUSY, type Busy, tryWithLock } from '../platform/locked-section';
import type { BatchStorePort, ClockPort, LockPort } from '../platform/ports';
import { creditsText } from '../text/credits';
import {
  type ByOperation,
  type Cents,
  checkDay,
  emptyTotals,
  type HoldSource,
  LedgerChanges,
  type LedgerState,
  mergeInto,
  monthOf,
  readLedger,
  type SpendSource,
  type Totals,
  toCents,
  toCredits,
  totalOf,
} from './ledger';

export type { HoldSource, SpendSource } from './ledger';

export interface BudgetSettings {
  /** Credits all formulas of the spreadsheet may spend in a day; 0 = formulas may spend nothing. */
  formulaDailyCap: number;
}

export interface BudgetDeps {
  store: BatchStorePort;
  lock: LockPort;
  clock: ClockPort;
  /** How long to wait for the lock; a formula near its 30 s limit may want less. */
  lockWaitMs?: number;
}

export interface PlannedItem {
  type: OperationType;
  /** Credits the call may cost (for an employee list, the bound from its `max`). */
  estimate: number;
}

export interface Charge {
  type: OperationType;
  credits: number;
}

/** An async job whose charge is only known when it completes (employee lists: per employee). */
export interface PendingJob {
  jobId: string;
  type: OperationType;
  estimate: number;
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
export const HOLD_LIFETIME_MS: Readonly<Record<HoldSource, number>> = {
  formula: 45_000,
  bulk: 7 * 60_000,
};

/** A job takes about a minute and its result is kept 10 minutes: after that nobody will settle it. */
export const JOB_HOLD_LIFETIME_MS = 15 * 60_000;

/** Not an error: nothing was spent; a formula queues it, a bulk run sends it on its next slice. */
export const LOCK_BUSY_MESSAGE = 'Too many lookups at once: not sent yet; no credits were spent.';

const SETTINGS_HINT = '(Extensions > Enrich for Sheets > Open sidebar to change it)';

export function capReachedMessage(formulaDailyCap: number): string {
  if (!(formulaDailyCap > 0))
    return `Formulas may not spend credits: the daily formula budget is 0 ${SETTINGS_HINT}`;
  return `Daily formula budget of ${creditsText(formulaDailyCap)} reached ${SETTINGS_HINT}`;
}

/**
 * Grants the longest prefix of `items` whose estimates fit in what is left of today's formula cap
 * (spend booked today plus reservations still open), and records the reservation before the calls
 * are made. Bulk reservations are not capped. Never throws for a busy lock: it grants nothing.
 */
export function reserve(
  deps: BudgetDeps,
  day: string,
  items: readonly PlannedItem[],
  settings: BudgetSettings,
  source: HoldSource,
): Reservation {
  checkDay(day);
  const estimates = items.map((item) => centsOf(item.estimate, `estimate of ${item.type}`));
  const made = underLock(deps, day, (changes, now) => {
    const room = source === 'formula' ? capCents(settings) - formulaCommitted(changes.state, day) : Infinity;
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
    if (granted === 0) return { id: '', granted, credits: 0 };
    const id = changes.openHold({ day, source, expiresAt: now + HOLD_LIFETIME_MS[source], byOperation });
    return { id, granted, credits: toCredits(cents) };
  });
  if (made === BUSY) {
    return { id: '', granted: 0, credits: 0, refused: { reason: 'busy', message: LOCK_BUSY_MESSAGE } };
  }
  const refused: Refusal | null =
    made.granted < items.length
      ? { reason: 'cap', message: capReachedMessage(settings.formulaDailyCap) }
      : null;
  return { ...made, refused };
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
  const spent = sumCharges(charges);
  const resentCents = sumCents(sumCharges(resent));
  const pending = pendingJobs.map((job) => ({
    job,
    cents: centsOf(job.estimate, `estimate of job ${job.jobId}`),
  }));
  if (reservationId === '') return 'closed';
  const outcome = underLock(deps, day, (changes, now) => {
    const hold = changes.state.holds.get(reservationId);
    if (!hold) return 'closed';
    changes.addSpend(hold.day, hold.source, spent);
    changes.addResent(hold.day, hold.source, resent.length, resentCents);
    for (const { job, cents } of pending) {
      const expiresAt = now + JOB_HOLD_LIFETIME_MS;
      changes.openJobHold(job.jobId, { ...hold, expiresAt, byOperation: { [job.type]: cents } });
    }
    changes.closeHold(reservationId);
    return 'recorded';
  });
  return outcome === BUSY ? 'busy' : outcome;
}

/** Books the charge of a job left pending by `settle`, releasing the rest of its estimate. */
export function settleJob(deps: BudgetDeps, day: string, jobId: string, charge: Charge): SettleOutcome {
  checkDay(day);
  const spent = sumCharges([charge]);
  const outcome = underLock(deps, day, (changes) => {
    const hold = changes.state.jobHolds.get(jobId);
    if (!hold) return 'closed';
    changes.addSpend(hold.day, hold.source, spent);
    changes.closeJobHold(jobId);
    return 'recorded';
  });
  return outcome === BUSY ? 'busy' : outcome;
}

/**
 * Books spend that was never reserved: bulk runs, and jobs without a hold. Throws when the lock
 * is busy, so a caller with minutes to spare can retry instead of losing the record.
 */
export function recordSpend(
  deps: BudgetDeps,
  day: string,
  source: SpendSource,
  charges: readonly Charge[],
): void {
  checkDay(day);
  const spent = sumCharges(charges);
  const outcome = underLock(deps, day, (changes) => {
    changes.addSpend(day, source, spent);
  });
  if (outcome === BUSY)
    throw new Error('The spend ledger is busy (another execution holds the lock); nothing was recorded');
}

export interface SpendBreakdown {
  total: number;
  bySource: Record<SpendSource, number>;
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
 * Jobs' holds stay held: a list's bound is not its price.
 */
export function ledgerSummary(
  store: BatchStorePort,
  day: string,
  settings?: BudgetSettings,
  now?: number,
): LedgerSummary {
  checkDay(day);
  const state = readLedger(store.getAll());
  if (now !== undefined) {
    // On a copy that is never written: the booking the reservations will get.
    const changes = new LedgerChanges(state);
    changes.tidy(day, now);
    for (const [id, hold] of [...state.holds]) {
      changes.addSpend(hold.day, hold.source, hold.byOperation);
      changes.closeHold(id);
    }
  }
  const month = monthOf(day);
  const monthTotals = emptyTotals();
  const folded = state.months.get(month);
  if (folded) mergeInto(monthTotals, folded);
  for (const [someDay, totals] of state.days) if (monthOf(someDay) === month) mergeInto(monthTotals, totals);
  let held = 0;
  for (const hold of [...state.holds.values(), ...state.jobHolds.values()])
    held += sumCents(hold.byOperation);
  const capLeft = settings ? Math.max(0, capCents(settings) - formulaCommitted(state, day)) : null;
  return {
    today: breakdown(state.days.get(day) ?? emptyTotals()),
    month: breakdown(monthTotals),
    held: toCredits(held),
    formulaCapLeftToday: capLeft === null ? null : toCredits(capLeft),
  };
}

/** Runs `work` on the ledger under the lock, after booking expired holds and folding old days. */
function underLock<T>(
  deps: BudgetDeps,
  today: string,
  work: (changes: LedgerChanges, now: number) => T,
): T | Busy {
  return tryWithLock(deps.lock, deps.lockWaitMs ?? LOCK_WAIT_MS, () => {
    const now = deps.clock.now();
    const changes = new LedgerChanges(readLedger(deps.store.getAll()));
    changes.tidy(today, now);
    const result = work(changes, now);
    changes.commit(deps.store);
    return result;
  });
}

/** Formula spend booked on `day` plus formula credits still held for it. */
function formulaCommitted(state: LedgerState, day: string): Cents {
  const totals = state.days.get(day);
  // A possible double charge counts: the cap is a promise about money, not about answers.
  let cents = (totals?.bySource.formula ?? 0) + (totals?.resent.bySource.formula ?? 0);
  for (const hold of [...state.holds.values(), ...state.jobHolds.values()]) {
    if (hold.source === 'formula' && hold.day === day) cents += sumCents(hold.byOperation);
  }
  return cents;
}

function capCents(settings: BudgetSettings): Cents {
  // A cap that is not a number >= 0 (a corrupt setting) must not open the tap: it counts as 0.
  return settings.formulaDailyCap >= 0 ? toCents(settings.formulaDailyCap) : 0;
}

function centsOf(credits: number, what: string): Cents {
  if (!(Number.isFinite(credits) && credits >= 0)) {
    throw new RangeError(`The ${what} must be a number of credits >= 0, got ${credits}`);
  }
  return toCents(credits);
}

function sumCharges(charges: readonly Charge[]): ByOperation {
  const byOperation: ByOperation = {};
  for (const charge of charges) {
    const cents = centsOf(charge.credits, `charge of ${charge.type}`);
    byOperation[charge.type] = (byOperation[charge.type] ?? 0) + cents;
  }
  return byOperation;
}

function sumCents(byOperation: ByOperation): Cents {
  let cents = 0;
  for (const value of Object.values(byOperation)) cents += value ?? 0;
  return cents;
}

function breakdown(totals: Totals): SpendBreakdown {
  const byOperation: Partial<Record<OperationType, number>> = {};
  for (const [type, cents] of Object.entries(totals.byOperation) as [OperationType, Cents][]) {
    byOperation[type] = toCredits(cents);
  }
  return {
    total: toCredits(totalOf(totals)),
    bySource: {
      formula: toCredits(totals.bySource.formula),
      bulk: toCredits(totals.bySource.bulk),
      keyTest: toCredits(totals.bySource.keyTest),
    },
    byOperation,
    possiblyChargedTwice: {
      lookups: totals.resent.lookups,
      credits: toCredits(totals.resent.bySource.formula + totals.resent.bySource.bulk),
    },
  };
}
