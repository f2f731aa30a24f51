// The spend ledger, stored in document properties beside everyone else's data (9 KB a value,
// 500 KB the store). One small JSON value a day of totals; days older than last month are folded
// into one value per month, and months older than a year are dropped. Beside the totals, the
// record of purchases: every purchase is booked by `book`, which adds it to its day's totals and
// appends its row to the pages waiting for the hidden ledger sheet, in the same write. Nothing
// else books spending, so the totals and the rows cannot disagree.

import { WriteBuffer } from '../platform/locked-section';
import type { BatchStorePort, SheetStorePort } from '../platform/ports';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';
import { countedAs } from './buyer';
import { addDays } from './days';
import { KEEP_DAYS, type Page, PageSlots, pageText, readPage } from './purchase-pages';
import type { Purchase } from './purchases';
import {
  lapsedRows,
  type OutcomeResolver,
  parseReservation,
  type Reservation,
  storeReservation,
} from './reservation';
import {
  type Cents,
  emptyTotals,
  mergeInto,
  monthIndex,
  monthOf,
  parseTotals,
  storeTotals,
  type Totals,
} from './totals';

export interface LedgerState {
  days: Map<string, Totals>;
  /** Months already folded: their day values are gone or ignored. */
  months: Map<string, Totals>;
  /** Open reservations by id. */
  reservations: Map<string, Reservation>;
  /** Open reservations of async jobs (charged at completion) by the API's job id. */
  jobReservations: Map<string, Reservation>;
  /** Last number handed out (reservations `r<n>`, pages `p<n>`); never reused. */
  seq: number;
  /** Keys read that only wait to be deleted (closed reservations, days of folded months). */
  leftovers: string[];
  /** Pages of purchases waiting for the hidden ledger sheet, by slot. */
  pages: Map<number, Page>;
}

const DAY = PROPERTY_PREFIX.spendDay;
const MONTH = PROPERTY_PREFIX.spendMonth;
const RESERVATION = PROPERTY_PREFIX.spendReservation;
const JOB_RESERVATION = PROPERTY_PREFIX.spendJobReservation;
const ROWS = PROPERTY_PREFIX.spendRows;
const SEQ = PROPERTY.spendSequence;
/**
 * A closed reservation is overwritten with this in the same write that books its spend, so a kill between
 * two storage calls can neither book it twice nor lose it. The marker is deleted on a later pass.
 */
const CLOSED = 'closed';
/**
 * How long an expired job waits for its charge to be learned (the same query bought again, by
 * Retry or anything else) before it is booked at its estimate.
 */
export const EXPIRED_JOB_RESERVATION_MS = 7 * 24 * 3_600_000;
/** Folded months kept besides the current one. */
const MONTHS_KEPT = 12;

/** Whether a row is a purchase: answered calls cost what they cost (0 for an empty list); an uncharged failure is none. */
const isPurchase = (row: Purchase) =>
  row.cents > 0 || row.twice > 0 || row.outcome === 'found' || row.outcome === 'notFound';

export function readLedger(all: Record<string, string>): LedgerState {
  const state: LedgerState = {
    days: new Map(),
    months: new Map(),
    reservations: new Map(),
    jobReservations: new Map(),
    seq: 0,
    leftovers: [],
    pages: new Map(),
  };
  const dayEntries: [string, string][] = [];
  for (const [key, value] of Object.entries(all)) {
    if (key.startsWith(DAY)) dayEntries.push([key, value]);
    else readRecord(state, key, value);
  }
  // Days are read once every month is known.
  for (const [key, value] of dayEntries) readDay(state, key, value);
  return state;
}

/** A record of the ledger other than a day's: a month's totals, a reservation, a page, the sequence number. */
function readRecord(state: LedgerState, key: string, value: string): void {
  if (key.startsWith(MONTH)) state.months.set(key.slice(MONTH.length), parseTotals(value));
  else if (key.startsWith(RESERVATION))
    readReservation(state, state.reservations, key, key.slice(RESERVATION.length), value);
  else if (key.startsWith(JOB_RESERVATION))
    readReservation(state, state.jobReservations, key, key.slice(JOB_RESERVATION.length), value);
  else if (key.startsWith(ROWS)) readSlot(state, Number(key.slice(ROWS.length)), value);
  else if (key === SEQ) state.seq = Number(value) || 0;
}

function readDay(state: LedgerState, key: string, value: string): void {
  const day = key.slice(DAY.length);
  // A fold writes the month before deleting its days: days it left behind are already counted.
  if (state.months.has(monthOf(day))) state.leftovers.push(key);
  else state.days.set(day, parseTotals(value));
}

function readReservation(
  state: LedgerState,
  into: Map<string, Reservation>,
  key: string,
  id: string,
  value: string,
): void {
  const reservation = value === CLOSED ? null : parseReservation(value);
  if (reservation) into.set(id, reservation);
  else state.leftovers.push(key);
}

function readSlot(state: LedgerState, slot: number, value: string): void {
  const page = Number.isInteger(slot) ? readPage(slot, value) : null;
  if (page) state.pages.set(slot, page);
}

/**
 * Changes to the ledger made under the lock, written back in at most one setMany and one
 * removeMany. Writes go first: a kill before the deletes leaves only keys the next read ignores.
 */
export class LedgerChanges {
  private readonly buffer = new WriteBuffer();
  private readonly slots: PageSlots;

  /**
   * `sheet`: the hidden ledger sheet, when this execution may write it (not a formula's): pages
   * that no longer fit in their slots move there in `commit` instead of being folded.
   */
  constructor(
    readonly state: LedgerState,
    private readonly sheet?: SheetStorePort,
  ) {
    this.slots = new PageSlots(state.pages, () => this.next('p'), sheet?.canWrite === true);
  }

  /**
   * Books purchases on their day (or on the day's month if that month was already folded): the
   * totals of their buyers, and the rows of the record, in the same write.
   */
  book(day: string, rows: readonly Purchase[]): void {
    if (rows.length === 0) return;
    this.changeTotals(day, (totals) => {
      for (const row of rows) {
        const source = countedAs(row.source);
        totals.bySource[source] += row.cents;
        totals.byOperation[row.type] = (totals.byOperation[row.type] ?? 0) + row.cents;
        if (row.twice <= 0 || source === 'keyTest') continue;
        totals.resent.lookups += row.count;
        // A refresh reserves as a run does: what it may have been charged twice counts with the runs'.
        totals.resent.bySource[source === 'refresh' ? 'bulk' : source] += row.twice;
      }
    });
    this.slots.append(rows.filter(isPurchase));
  }

  private changeTotals(day: string, change: (totals: Totals) => void): void {
    const month = monthOf(day);
    const folded = this.state.months.get(month);
    if (folded) {
      change(folded);
      this.buffer.set(MONTH + month, storeTotals(folded));
      return;
    }
    const totals = this.state.days.get(day) ?? emptyTotals();
    change(totals);
    this.state.days.set(day, totals);
    this.buffer.set(DAY + day, storeTotals(totals));
  }

  private next(prefix: string): string {
    this.state.seq += 1;
    this.buffer.set(SEQ, String(this.state.seq));
    return `${prefix}${this.state.seq}`;
  }

  openReservation(reservation: Reservation): string {
    const id = this.next('r');
    const stored = storeReservation(reservation);
    this.state.reservations.set(id, parseReservation(stored)!);
    this.buffer.set(RESERVATION + id, stored);
    return id;
  }

  openJobReservation(jobId: string, reservation: Reservation): void {
    this.state.jobReservations.set(jobId, reservation);
    this.buffer.set(JOB_RESERVATION + jobId, storeReservation(reservation));
  }

  closeReservation(id: string): void {
    this.state.reservations.delete(id);
    this.buffer.set(RESERVATION + id, CLOSED);
  }

  closeJobReservation(jobId: string): void {
    this.state.jobReservations.delete(jobId);
    this.buffer.set(JOB_RESERVATION + jobId, CLOSED);
  }

  /** The job expired uncollected: its reservation waits for its charge to be learned (`bookExpired`). */
  expireJobReservation(jobId: string, now: number): void {
    const reservation = this.state.jobReservations.get(jobId);
    if (!reservation || reservation.expired) return;
    const items = reservation.items?.map((row): Purchase => ({ ...row, outcome: 'error' }));
    this.openJobReservation(jobId, {
      ...reservation,
      expiresAt: now + EXPIRED_JOB_RESERVATION_MS,
      expired: true,
      ...(items ? { items } : {}),
    });
  }

  /**
   * The charge of the query `key` is known now (bought again, its answer in hand): its expired
   * jobs cost that too. Each is booked at it, on its own day, and its reservation closed.
   */
  bookExpired(key: string, cents: Cents): void {
    for (const [jobId, reservation] of [...this.state.jobReservations]) {
      const item = reservation.items?.[0];
      if (!reservation.expired || item?.key !== key) continue;
      this.book(reservation.day, [{ ...item, cents }]);
      this.closeJobReservation(jobId);
    }
  }

  /**
   * Books reservations settled by their buyer as they stand, and those past their expiry at their estimate (what their answers were, where `resolve`
   * can tell; a job's reservation first waits a while for its charge, `expireJobReservation`), deletes leftovers, folds days of months before last month into month totals, drops
   * months older than a year and purchase rows older than KEEP_DAYS.
   */
  tidy(today: string, now: number, resolve?: OutcomeResolver): void {
    for (const [id, reservation] of [...this.state.reservations]) {
      if (reservation.expiresAt > now && !reservation.settled) continue;
      this.book(reservation.day, lapsedRows(reservation, resolve));
      this.closeReservation(id);
    }
    for (const [jobId, reservation] of [...this.state.jobReservations]) {
      if (reservation.expiresAt > now) continue;
      // Nobody settled the job: its result expired uncollected, and its charge is not known yet.
      if (!reservation.expired) this.expireJobReservation(jobId, now);
      else {
        this.book(reservation.day, lapsedRows(reservation, resolve));
        this.closeJobReservation(jobId);
      }
    }
    for (const key of this.state.leftovers) this.buffer.remove(key);
    this.state.leftovers = [];
    this.foldOldDays(monthIndex(monthOf(today)));
    // Most sections find no page waiting: no day to work out then.
    if (this.slots.pages.size > 0) this.slots.dropBefore(addDays(today, -KEEP_DAYS));
  }

  /** Empties the pages' slots, answering the pages: the hidden sheet keeps them now. */
  takePages(): Page[] {
    return this.slots.emptyAll();
  }

  commit(store: BatchStorePort): void {
    this.keepSpilled();
    for (const [slot, text] of this.slots.writes()) this.buffer.set(ROWS + slot, text);
    this.slots.touched.clear();
    this.buffer.commit(store);
  }
  /**
   * Writes the pages that left full slots to the sheet, before the store empties their slots (a
   * kill between the two leaves a page in both, which is read once); a sheet that cannot be
   * written leaves them folded in the slots instead, their totals exact.
   */
  private keepSpilled(): void {
    const pages = this.slots.spilled;
    if (pages.length === 0 || !this.sheet) return;
    try {
      this.sheet.writeMany(Object.fromEntries(pages.map((page) => [page.id, pageText(page)])));
      pages.length = 0;
    } catch {
      this.slots.foldSpilled();
    }
  }

  private foldOldDays(currentMonth: number): void {
    const folded = new Map<string, Totals>();
    for (const [day, totals] of [...this.state.days]) {
      const month = monthOf(day);
      if (monthIndex(month) >= currentMonth - 1) continue;
      const monthTotals = folded.get(month) ?? this.state.months.get(month) ?? emptyTotals();
      mergeInto(monthTotals, totals);
      folded.set(month, monthTotals);
      this.state.days.delete(day);
      this.buffer.remove(DAY + day);
    }
    for (const [month, totals] of folded) {
      this.state.months.set(month, totals);
      this.buffer.set(MONTH + month, storeTotals(totals));
    }
    for (const month of [...this.state.months.keys()]) {
      if (monthIndex(month) >= currentMonth - MONTHS_KEPT) continue;
      this.state.months.delete(month);
      this.buffer.remove(MONTH + month);
    }
  }
}
