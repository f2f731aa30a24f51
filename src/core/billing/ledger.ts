// The spend ledger, stored in document properties beside everyone else's data (9 KB a value,
// 500 KB the store). One small JSON value a day; days older than last month are folded into one
// value per month, and months older than a year are dropped, so the ledger stays a few KB.
// Amounts are integer hundredths of a credit: 0.5-credit employees and any future 0.1 prices sum
// exactly, where 0.1 + 0.2 in floating point would not.

import type { OperationType } from '../../shared/operation-type';
import { WriteBuffer } from '../platform/locked-section';
import type { BatchStorePort } from '../platform/ports';
import { PROPERTY, PROPERTY_PREFIX } from '../platform/stored-keys';

/** Who spent: formulas, bulk runs, or the sidebar's key test (one real lookup). */
export type SpendSource = 'formula' | 'bulk' | 'keyTest';
export const SPEND_SOURCES: readonly SpendSource[] = ['formula', 'bulk', 'keyTest'];
/** Sources that reserve before they send; a key test is booked once it has been charged. */
export type HoldSource = Exclude<SpendSource, 'keyTest'>;

/** Hundredths of a credit. */
export type Cents = number;
export const toCents = (credits: number): Cents => Math.round(credits * 100);
export const toCredits = (cents: Cents): number => cents / 100;

export type ByOperation = Partial<Record<OperationType, Cents>>;

/**
 * Lookups sent a second time after a network failure lost the first answer. The API may have
 * charged both sends and never says so; these credits are kept apart from the known spend so the
 * user sees them, and formulas count them against their daily cap.
 */
export interface Resent {
  lookups: number;
  bySource: Record<HoldSource, Cents>;
}

/** What was spent in one day, or in one folded month. */
export interface Totals {
  bySource: Record<SpendSource, Cents>;
  byOperation: ByOperation;
  resent: Resent;
}

/** Credits set aside for calls whose charge is not known yet. */
export interface Hold {
  /** The day the calls were made; the charge is booked on it, so a day never passes its cap. */
  day: string;
  source: HoldSource;
  expiresAt: number;
  byOperation: ByOperation;
}

export interface LedgerState {
  days: Map<string, Totals>;
  /** Months already folded: their day values are gone or ignored. */
  months: Map<string, Totals>;
  /** Open reservations by id. */
  holds: Map<string, Hold>;
  /** Open holds of async jobs (charged at completion) by the API's job id. */
  jobHolds: Map<string, Hold>;
  /** Last reservation number handed out; ids are never reused, so a stale settle matches nothing. */
  seq: number;
  /** Keys read that only wait to be deleted (closed holds, days of folded months). */
  leftovers: string[];
}

const DAY = PROPERTY_PREFIX.spendDay;
const MONTH = PROPERTY_PREFIX.spendMonth;
const HOLD = PROPERTY_PREFIX.spendHold;
const JOB_HOLD = PROPERTY_PREFIX.spendJobHold;
const SEQ = PROPERTY.spendSequence;
/**
 * A closed hold is overwritten with this in the same write that books its spend, so a kill between
 * two storage calls can neither book it twice nor lose it. The marker is deleted on a later pass.
 */
const CLOSED = 'closed';
/** Folded months kept besides the current one. */
const MONTHS_KEPT = 12;

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function checkDay(day: string): void {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`Expected a day as YYYY-MM-DD, got "${day}"`);
}

export const monthOf = (day: string): string => day.slice(0, 7);

function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export const emptyTotals = (): Totals => ({
  bySource: { formula: 0, bulk: 0, keyTest: 0 },
  byOperation: {},
  resent: { lookups: 0, bySource: { formula: 0, bulk: 0 } },
});

export function totalOf(totals: Totals): Cents {
  return SPEND_SOURCES.reduce((sum, source) => sum + totals.bySource[source], 0);
}

export function addInto(target: Totals, source: SpendSource, byOperation: ByOperation): void {
  for (const [type, cents] of Object.entries(byOperation) as [OperationType, Cents][]) {
    target.bySource[source] += cents;
    target.byOperation[type] = (target.byOperation[type] ?? 0) + cents;
  }
}

export function mergeInto(target: Totals, extra: Totals): void {
  for (const source of SPEND_SOURCES) target.bySource[source] += extra.bySource[source];
  target.resent.lookups += extra.resent.lookups;
  target.resent.bySource.formula += extra.resent.bySource.formula;
  target.resent.bySource.bulk += extra.resent.bySource.bulk;
  for (const [type, cents] of Object.entries(extra.byOperation) as [OperationType, Cents][]) {
    target.byOperation[type] = (target.byOperation[type] ?? 0) + cents;
  }
}

// Stored forms use one-letter names: the same ledger in long names would be twice the size.
interface StoredTotals {
  f: number;
  b: number;
  /** Absent before key tests were booked, and while they are 0. */
  k?: number;
  o: Record<string, number>;
  /** Resent lookups: count, formula cents, bulk cents; absent while there are none. */
  r?: [number, number, number];
}
interface StoredHold {
  d: string;
  s: HoldSource;
  x: number;
  o: Record<string, number>;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function cleanOperations(raw: unknown): ByOperation {
  const byOperation: ByOperation = {};
  if (typeof raw !== 'object' || raw === null) return byOperation;
  for (const [type, cents] of Object.entries(raw)) {
    if (isCount(cents)) byOperation[type as OperationType] = cents;
  }
  return byOperation;
}

function parseJson(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parseTotals(value: string): Totals {
  const raw = parseJson(value) ?? {};
  const [lookups, formula, bulk] = Array.isArray(raw.r) ? raw.r.map((n) => (isCount(n) ? n : 0)) : [];
  return {
    bySource: {
      formula: isCount(raw.f) ? raw.f : 0,
      bulk: isCount(raw.b) ? raw.b : 0,
      keyTest: isCount(raw.k) ? raw.k : 0,
    },
    byOperation: cleanOperations(raw.o),
    resent: { lookups: lookups ?? 0, bySource: { formula: formula ?? 0, bulk: bulk ?? 0 } },
  };
}

function parseHold(value: string): Hold | null {
  const raw = parseJson(value);
  if (!raw || typeof raw.d !== 'string' || !isCount(raw.x)) return null;
  return {
    day: raw.d,
    source: raw.s === 'bulk' ? 'bulk' : 'formula',
    expiresAt: raw.x,
    byOperation: cleanOperations(raw.o),
  };
}

const storeTotals = (totals: Totals): string =>
  JSON.stringify({
    f: totals.bySource.formula,
    b: totals.bySource.bulk,
    ...(totals.bySource.keyTest > 0 ? { k: totals.bySource.keyTest } : {}),
    o: totals.byOperation,
    ...(totals.resent.lookups > 0
      ? { r: [totals.resent.lookups, totals.resent.bySource.formula, totals.resent.bySource.bulk] }
      : {}),
  } satisfies StoredTotals);

const storeHold = (hold: Hold): string =>
  JSON.stringify({
    d: hold.day,
    s: hold.source,
    x: hold.expiresAt,
    o: hold.byOperation,
  } satisfies StoredHold);

export function readLedger(all: Record<string, string>): LedgerState {
  const state: LedgerState = {
    days: new Map(),
    months: new Map(),
    holds: new Map(),
    jobHolds: new Map(),
    seq: 0,
    leftovers: [],
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

/** A record of the ledger other than a day's: a month's totals, a hold, the sequence number. */
function readRecord(state: LedgerState, key: string, value: string): void {
  if (key.startsWith(MONTH)) state.months.set(key.slice(MONTH.length), parseTotals(value));
  else if (key.startsWith(HOLD)) readHold(state, state.holds, key, key.slice(HOLD.length), value);
  else if (key.startsWith(JOB_HOLD)) readHold(state, state.jobHolds, key, key.slice(JOB_HOLD.length), value);
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

/**
 * Changes to the ledger made under the lock, written back in at most one setMany and one
 * removeMany. Writes go first: a kill before the deletes leaves only keys the next read ignores.
 */
export class LedgerChanges {
  private readonly buffer = new WriteBuffer();

  constructor(readonly state: LedgerState) {}

  /** Books spend on its day, or on the day's month if that month was already folded. */
  addSpend(day: string, source: SpendSource, byOperation: ByOperation): void {
    this.changeTotals(day, (totals) => addInto(totals, source, byOperation));
  }

  /** Books lookups sent twice after a network failure, with what the second send may have cost. */
  addResent(day: string, source: HoldSource, lookups: number, cents: Cents): void {
    if (lookups <= 0) return;
    this.changeTotals(day, (totals) => {
      totals.resent.lookups += lookups;
      totals.resent.bySource[source] += cents;
    });
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

  openHold(hold: Hold): string {
    this.state.seq += 1;
    const id = `r${this.state.seq}`;
    this.state.holds.set(id, hold);
    this.write(HOLD + id, storeHold(hold));
    this.write(SEQ, String(this.state.seq));
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

  /**
   * Books holds past their expiry at their estimate, deletes leftovers, folds days of months
   * before last month into month totals and drops months older than a year.
   */
  tidy(today: string, now: number): void {
    for (const [id, hold] of [...this.state.holds]) {
      if (hold.expiresAt > now) continue;
      this.addSpend(hold.day, hold.source, hold.byOperation);
      this.closeHold(id);
    }
    for (const [jobId, hold] of [...this.state.jobHolds]) {
      if (hold.expiresAt > now) continue;
      this.addSpend(hold.day, hold.source, hold.byOperation);
      this.closeJobHold(jobId);
    }
    for (const key of this.state.leftovers) this.remove(key);
    this.state.leftovers = [];
    this.foldOldDays(monthIndex(monthOf(today)));
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
