// The spend ledger, stored in document properties beside everyone else's data (9 KB a value,
// 500 KB the store). One small JSON value a day of totals; days older than last month are folded
// into one value per month, and months older than a year are dropped. Beside the totals, the
// record of purchases: every purchase is booked by `book`, which adds it to its day's totals and
// appends its row to the pages waiting for the hidden ledger sheet, in the same write. Nothing
// else books spending, so the totals and the rows cannot disagree.

import { WriteBuffer } from '../platform/locked-section';
import type { BatchStorePort } from '../platform/ports';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';
import { addDays } from './days';
import { appendRows, KEEP_DAYS, type Page, pageText, paginate, readPage, tidyPages } from './purchase-pages';
import { decodePurchase, decodeRows, encodePurchase, type Purchase, type PurchaseOutcome } from './purchases';
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
  /** The purchases reserved, at their estimates; absent in holds written before they were kept. */
  items?: Purchase[];
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
  /** Pages of purchases waiting for the hidden ledger sheet, by id. */
  pages: Map<string, Page>;
  /** The property keys of each open reservation's items. */
  itemKeys: Map<string, string[]>;
}

/** Whether the answers of these keys, paid and kept, were found or not: for holds booked as they lapse. */
export type OutcomeResolver = (keys: readonly string[]) => ReadonlyMap<string, PurchaseOutcome>;

const DAY = PROPERTY_PREFIX.spendDay;
const MONTH = PROPERTY_PREFIX.spendMonth;
const HOLD = PROPERTY_PREFIX.spendHold;
const JOB_HOLD = PROPERTY_PREFIX.spendJobHold;
const ITEMS = PROPERTY_PREFIX.spendHoldItems;
const ROWS = PROPERTY_PREFIX.spendRows;
const SEQ = PROPERTY.spendSequence;
/**
 * A closed hold is overwritten with this in the same write that books its spend, so a kill between
 * two storage calls can neither book it twice nor lose it. The marker is deleted on a later pass.
 */
const CLOSED = 'closed';
/** Folded months kept besides the current one. */
const MONTHS_KEPT = 12;

interface StoredHold {
  d: string;
  s: HoldSource;
  x: number;
  o: Record<string, number>;
  /** A job hold's one purchase, inline. */
  i?: unknown[];
}

function parseHold(value: string): Hold | null {
  const raw = parseJson(value);
  if (!raw || typeof raw.d !== 'string' || !isCount(raw.x)) return null;
  const item = raw.i === undefined ? null : decodePurchase(raw.i);
  return {
    day: raw.d,
    source: raw.s === 'bulk' ? 'bulk' : 'formula',
    expiresAt: raw.x,
    byOperation: cleanOperations(raw.o),
    ...(item ? { items: [item] } : {}),
  };
}

const storeHold = (hold: Hold, inline: boolean): string => {
  const item = inline ? hold.items?.[0] : undefined;
  return JSON.stringify({
    d: hold.day,
    s: hold.source,
    x: hold.expiresAt,
    o: hold.byOperation,
    ...(item ? { i: encodePurchase(item) } : {}),
  } satisfies StoredHold);
};

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
    itemKeys: new Map(),
  };
  const dayEntries: [string, string][] = [];
  const items: [string, string][] = [];
  for (const [key, value] of Object.entries(all)) {
    if (key.startsWith(DAY)) dayEntries.push([key, value]);
    else if (key.startsWith(ITEMS)) items.push([key, value]);
    else readRecord(state, key, value);
  }
  // Days are read once every month is known, items once every hold is.
  for (const [key, value] of dayEntries) readDay(state, key, value);
  readItems(state, items);
  return state;
}

/** A record of the ledger other than a day's: a month's totals, a hold, a page, the sequence number. */
function readRecord(state: LedgerState, key: string, value: string): void {
  if (key.startsWith(MONTH)) state.months.set(key.slice(MONTH.length), parseTotals(value));
  else if (key.startsWith(HOLD)) readHold(state, state.holds, key, key.slice(HOLD.length), value);
  else if (key.startsWith(JOB_HOLD)) readHold(state, state.jobHolds, key, key.slice(JOB_HOLD.length), value);
  else if (key.startsWith(ROWS))
    state.pages.set(key.slice(ROWS.length), readPage(key.slice(ROWS.length), value));
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

/** `spend:items:<hold id>:<piece>`, joined in piece order onto their open hold; others are leftovers. */
function readItems(state: LedgerState, entries: readonly [string, string][]): void {
  const pieces = new Map<string, [number, string, string][]>();
  for (const [key, value] of entries) {
    const [id = '', piece = ''] = key.slice(ITEMS.length).split(':');
    if (!state.holds.has(id)) {
      state.leftovers.push(key);
      continue;
    }
    pieces.set(id, [...(pieces.get(id) ?? []), [Number(piece) || 0, key, value]]);
  }
  for (const [id, list] of pieces) {
    list.sort((a, b) => a[0] - b[0]);
    state.holds.get(id)!.items = list.flatMap(([, , value]) => decodeRows(value));
    state.itemKeys.set(
      id,
      list.map(([, key]) => key),
    );
  }
}

/**
 * Changes to the ledger made under the lock, written back in at most one setMany and one
 * removeMany. Writes go first: a kill before the deletes leaves only keys the next read ignores.
 */
export class LedgerChanges {
  private readonly buffer = new WriteBuffer();

  constructor(readonly state: LedgerState) {}

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
    const newPage = () => this.next('p');
    for (const page of appendRows(this.state.pages, rows.filter(isPurchase), newPage))
      this.write(ROWS + page.id, pageText(page));
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
    this.state.holds.set(id, hold);
    this.write(HOLD + id, storeHold(hold, false));
    const keys = paginate(hold.items ?? []).map((piece, i) => {
      this.write(`${ITEMS}${id}:${i}`, piece);
      return `${ITEMS}${id}:${i}`;
    });
    this.state.itemKeys.set(id, keys);
    return id;
  }

  openJobHold(jobId: string, hold: Hold): void {
    this.state.jobHolds.set(jobId, hold);
    this.write(JOB_HOLD + jobId, storeHold(hold, true));
  }

  closeHold(id: string): void {
    this.state.holds.delete(id);
    this.write(HOLD + id, CLOSED);
    for (const key of this.state.itemKeys.get(id) ?? []) this.remove(key);
    this.state.itemKeys.delete(id);
  }

  closeJobHold(jobId: string): void {
    this.state.jobHolds.delete(jobId);
    this.write(JOB_HOLD + jobId, CLOSED);
  }

  /**
   * Books holds past their expiry at their estimate (what their answers were, where `resolve`
   * can tell), deletes leftovers, folds days of months before last month into month totals, drops
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
      this.book(hold.day, hold.source, lapsedRows(hold, resolve));
      this.closeJobHold(jobId);
    }
    for (const key of this.state.leftovers) this.remove(key);
    this.state.leftovers = [];
    this.foldOldDays(monthIndex(monthOf(today)));
    const pages = tidyPages(this.state.pages, addDays(today, -KEEP_DAYS), () => this.next('p'));
    for (const page of pages.changed) this.write(ROWS + page.id, pageText(page));
    for (const id of pages.removed) this.remove(ROWS + id);
  }

  /** Forgets pages now kept in the hidden sheet. */
  dropPages(ids: readonly string[]): void {
    for (const id of ids) {
      this.state.pages.delete(id);
      this.remove(ROWS + id);
    }
  }

  commit(store: BatchStorePort): void {
    this.buffer.commit(store);
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

/** A hold written before holds kept their items: one row per operation, details unknown. */
function legacyRows(hold: Hold): Purchase[] {
  return (Object.entries(hold.byOperation) as [Purchase['type'], Cents][]).map(([type, cents]) => ({
    at: hold.expiresAt,
    day: hold.day,
    source: hold.source,
    type,
    input: '',
    cents,
    outcome: 'paid',
    twice: 0,
    count: 1,
  }));
}
