// The spend ledger, stored in document properties beside everyone else's data (9 KB a value,
// 500 KB the store). One small JSON value a day of totals; days older than last month are folded
// into one value per month, and months older than a year are dropped. Beside the totals, the
// record of purchases: every purchase is booked by `book`, which adds it to its day's totals and
// appends its row to the pages waiting for the hidden ledger sheet, in the same write. Nothing
// else books spending, so the totals and the rows cannot disagree.

import { WriteBuffer } from '../platform/locked-section';
import type { BatchStorePort, SheetStorePort } from '../platform/ports';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';
import { addDays } from './days';
import { KEEP_DAYS, type Page, PageSlots, pageText, readPage } from './purchase-pages';
import {
  decodePurchase,
  encodePurchase,
  type Purchase,
  type PurchaseOutcome,
  type PurchaseSource,
} from './purchases';
import {
  type ByOperation,
  type Cents,
  cleanOperations,
  emptyTotals,
  type HoldSource,
  isCount,
  mergeInto,
  monthIndex,
  monthOf,
  parseJson,
  parseTotals,
  type SpendSource,
  storeTotals,
  type Totals,
} from './totals';

/** Credits set aside for calls whose charge is not known yet. */
export interface Hold {
  /** The day the calls were made; the charge is booked on it, so a day never passes its cap. */
  day: string;
  source: HoldSource;
  expiresAt: number;
  byOperation: ByOperation;
  /** Who bought, for the record; absent in holds written before it was kept. */
  purchaseSource?: PurchaseSource;
  /**
   * The purchases reserved, at their estimates, when they fit in the hold's one property (a
   * formula's few); without them the settle's charges carry what each purchase was.
   */
  items?: Purchase[];
  /**
   * A job whose result expired uncollected: the API charged it, at a price learned only when the
   * same query is bought again (`bookExpired`). Counted meanwhile as spent at its estimate (an
   * employee list's bound), and booked at it when the hold lapses unlearned.
   */
  expired?: true;
}

export interface LedgerState {
  days: Map<string, Totals>;
  /** Months already folded: their day values are gone or ignored. */
  months: Map<string, Totals>;
  /** Open reservations by id. */
  holds: Map<string, Hold>;
  /** Open holds of async jobs (charged at completion) by the API's job id. */
  jobHolds: Map<string, Hold>;
  /** Last number handed out (reservations `r<n>`, pages `p<n>`); never reused. */
  seq: number;
  /** Keys read that only wait to be deleted (closed holds, days of folded months). */
  leftovers: string[];
  /** Pages of purchases waiting for the hidden ledger sheet, by slot. */
  pages: Map<number, Page>;
}

/** Whether the answers of these keys, paid and kept, were found or not: for holds booked as they lapse. */
export type OutcomeResolver = (keys: readonly string[]) => ReadonlyMap<string, PurchaseOutcome>;

const DAY = PROPERTY_PREFIX.spendDay;
const MONTH = PROPERTY_PREFIX.spendMonth;
const HOLD = PROPERTY_PREFIX.spendHold;
const JOB_HOLD = PROPERTY_PREFIX.spendJobHold;
const ROWS = PROPERTY_PREFIX.spendRows;
const SEQ = PROPERTY.spendSequence;
/**
 * A closed hold is overwritten with this in the same write that books its spend, so a kill between
 * two storage calls can neither book it twice nor lose it. The marker is deleted on a later pass.
 */
const CLOSED = 'closed';
/**
 * How long an expired job waits for its charge to be learned (the same query bought again, by
 * Retry or anything else) before it is booked at its estimate.
 */
export const EXPIRED_JOB_HOLD_MS = 7 * 24 * 3_600_000;
/** Folded months kept besides the current one. */
const MONTHS_KEPT = 12;

interface StoredHold {
  d: string;
  s: HoldSource;
  x: number;
  o: Record<string, number>;
  /** The purchase source, as the record spells it. */
  p?: PurchaseSource;
  /** The purchases reserved (purchases.ts rows). */
  i?: unknown[][];
  /** 1: the job expired uncollected. */
  e?: 1;
}

/** A hold's items are kept only while the hold stays one property's worth: 9 KB, with margin. */
const MAX_HOLD_BYTES = 7_500;

function parseHold(value: string): Hold | null {
  const raw = parseJson(value);
  if (!raw || typeof raw.d !== 'string' || !isCount(raw.x)) return null;
  const items = Array.isArray(raw.i) ? raw.i.map(decodePurchase).filter((row) => row !== null) : null;
  return {
    day: raw.d,
    source: raw.s === 'bulk' ? 'bulk' : 'formula',
    expiresAt: raw.x,
    byOperation: cleanOperations(raw.o),
    ...(typeof raw.p === 'string' ? { purchaseSource: raw.p as PurchaseSource } : {}),
    ...(items ? { items } : {}),
    ...(raw.e === 1 ? { expired: true as const } : {}),
  };
}

function storeHold(hold: Hold): string {
  const stored: StoredHold = { d: hold.day, s: hold.source, x: hold.expiresAt, o: hold.byOperation };
  if (hold.purchaseSource) stored.p = hold.purchaseSource;
  if (hold.expired) stored.e = 1;
  if (!hold.items) return JSON.stringify(stored);
  const withItems = JSON.stringify({ ...stored, i: hold.items.map(encodePurchase) });
  return withItems.length <= MAX_HOLD_BYTES ? withItems : JSON.stringify(stored);
}

/** Whether a row is a purchase: answered calls cost what they cost (0 for an empty list); an uncharged failure is none. */
const isPurchase = (row: Purchase) =>
  row.cents > 0 || row.twice > 0 || row.outcome === 'found' || row.outcome === 'notFound';

export function readLedger(all: Record<string, string>): LedgerState {
  const state: LedgerState = {
    days: new Map(),
    months: new Map(),
    holds: new Map(),
    jobHolds: new Map(),
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

/** A record of the ledger other than a day's: a month's totals, a hold, a page, the sequence number. */
function readRecord(state: LedgerState, key: string, value: string): void {
  if (key.startsWith(MONTH)) state.months.set(key.slice(MONTH.length), parseTotals(value));
  else if (key.startsWith(HOLD)) readHold(state, state.holds, key, key.slice(HOLD.length), value);
  else if (key.startsWith(JOB_HOLD)) readHold(state, state.jobHolds, key, key.slice(JOB_HOLD.length), value);
  else if (key.startsWith(ROWS)) readSlot(state, Number(key.slice(ROWS.length)), value);
  else if (key === SEQ) state.seq = Number(value) || 0;
}

function readDay(state: LedgerState, key: string, value: string): void {
  const day = key.slice(DAY.length);
  // A fold writes the month before deleting its days: days it left behind are already counted.
  if (state.months.has(monthOf(day))) state.leftovers.push(key);
  else state.days.set(day, parseTotals(value));
}

function readHold(state: LedgerState, into: Map<string, Hold>, key: string, id: string, value: string): void {
  const hold = value === CLOSED ? null : parseHold(value);
  if (hold) into.set(id, hold);
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
   * totals of `source`, and the rows of the record, in the same write.
   */
  book(day: string, source: SpendSource, rows: readonly Purchase[]): void {
    if (rows.length === 0) return;
    this.changeTotals(day, (totals) => {
      for (const row of rows) {
        totals.bySource[source] += row.cents;
        totals.byOperation[row.type] = (totals.byOperation[row.type] ?? 0) + row.cents;
        if (row.twice <= 0 || source === 'keyTest') continue;
        totals.resent.lookups += row.count;
        totals.resent.bySource[source] += row.twice;
      }
    });
    this.slots.append(rows.filter(isPurchase));
  }

  private changeTotals(day: string, change: (totals: Totals) => void): void {
    const month = monthOf(day);
    const folded = this.state.months.get(month);
    if (folded) {
      change(folded);
      this.write(MONTH + month, storeTotals(folded));
      return;
    }
    const totals = this.state.days.get(day) ?? emptyTotals();
    change(totals);
    this.state.days.set(day, totals);
    this.write(DAY + day, storeTotals(totals));
  }

  private next(prefix: string): string {
    this.state.seq += 1;
    this.write(SEQ, String(this.state.seq));
    return `${prefix}${this.state.seq}`;
  }

  openHold(hold: Hold): string {
    const id = this.next('r');
    const stored = storeHold(hold);
    this.state.holds.set(id, parseHold(stored)!);
    this.write(HOLD + id, stored);
    return id;
  }

  openJobHold(jobId: string, hold: Hold): void {
    this.state.jobHolds.set(jobId, hold);
    this.write(JOB_HOLD + jobId, storeHold(hold));
  }

  closeHold(id: string): void {
    this.state.holds.delete(id);
    this.write(HOLD + id, CLOSED);
  }

  closeJobHold(jobId: string): void {
    this.state.jobHolds.delete(jobId);
    this.write(JOB_HOLD + jobId, CLOSED);
  }

  /** The job expired uncollected: its hold waits for its charge to be learned (`bookExpired`). */
  expireJobHold(jobId: string, now: number): void {
    const hold = this.state.jobHolds.get(jobId);
    if (!hold || hold.expired) return;
    const items = hold.items?.map((row): Purchase => ({ ...row, outcome: 'error' }));
    this.openJobHold(jobId, {
      ...hold,
      expiresAt: now + EXPIRED_JOB_HOLD_MS,
      expired: true,
      ...(items ? { items } : {}),
    });
  }

  /**
   * The charge of the query `key` is known now (bought again, its answer in hand): its expired
   * jobs cost that too. Each is booked at it, on its own day, and its hold closed.
   */
  bookExpired(key: string, cents: Cents): void {
    for (const [jobId, hold] of [...this.state.jobHolds]) {
      const item = hold.items?.[0];
      if (!hold.expired || item?.key !== key) continue;
      this.book(hold.day, hold.source, [{ ...item, cents }]);
      this.closeJobHold(jobId);
    }
  }

  /**
   * Books holds past their expiry at their estimate (what their answers were, where `resolve`
   * can tell; a job's hold first waits a while for its charge, `expireJobHold`), deletes leftovers, folds days of months before last month into month totals, drops
   * months older than a year and purchase rows older than KEEP_DAYS.
   */
  tidy(today: string, now: number, resolve?: OutcomeResolver): void {
    for (const [id, hold] of [...this.state.holds]) {
      if (hold.expiresAt > now) continue;
      this.book(hold.day, hold.source, lapsedRows(hold, resolve));
      this.closeHold(id);
    }
    for (const [jobId, hold] of [...this.state.jobHolds]) {
      if (hold.expiresAt > now) continue;
      // Nobody settled the job: its result expired uncollected, and its charge is not known yet.
      if (!hold.expired) this.expireJobHold(jobId, now);
      else {
        this.book(hold.day, hold.source, lapsedRows(hold, resolve));
        this.closeJobHold(jobId);
      }
    }
    for (const key of this.state.leftovers) this.remove(key);
    this.state.leftovers = [];
    this.foldOldDays(monthIndex(monthOf(today)));
    this.slots.dropBefore(addDays(today, -KEEP_DAYS));
  }

  /** Empties the pages' slots, answering the pages: the hidden sheet keeps them now. */
  takePages(): Page[] {
    return this.slots.emptyAll();
  }

  commit(store: BatchStorePort): void {
    this.keepSpilled();
    for (const [slot, text] of this.slots.writes()) this.write(ROWS + slot, text);
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
      this.remove(DAY + day);
    }
    for (const [month, totals] of folded) {
      this.state.months.set(month, totals);
      this.write(MONTH + month, storeTotals(totals));
    }
    for (const month of [...this.state.months.keys()]) {
      if (monthIndex(month) >= currentMonth - MONTHS_KEPT) continue;
      this.state.months.delete(month);
      this.remove(MONTH + month);
    }
  }

  private write(key: string, value: string): void {
    this.buffer.set(key, value);
  }

  private remove(key: string): void {
    this.buffer.remove(key);
  }
}

/** A lapsed hold's purchases at their estimates, found or not where the cache still tells. */
export function lapsedRows(hold: Hold, resolve?: OutcomeResolver): Purchase[] {
  const rows = hold.items ?? legacyRows(hold);
  const keys = rows.filter((row) => row.outcome === 'paid' && row.key).map((row) => row.key!);
  const known = resolve && keys.length > 0 ? resolve(keys) : new Map<string, PurchaseOutcome>();
  return rows.map((row) => {
    const outcome = row.key ? known.get(row.key) : undefined;
    return outcome && row.outcome === 'paid' ? { ...row, outcome } : row;
  });
}

/** A hold without its items (a bulk slice's many, killed before it settled): one row per operation. */
function legacyRows(hold: Hold): Purchase[] {
  return (Object.entries(hold.byOperation) as [Purchase['type'], Cents][]).map(([type, cents]) => ({
    at: hold.expiresAt,
    day: hold.day,
    source: hold.purchaseSource ?? hold.source,
    type,
    input: '',
    cents,
    outcome: 'paid',
    twice: 0,
    count: 1,
  }));
}
