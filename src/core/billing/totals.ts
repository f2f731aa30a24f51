// A day's (or a folded month's) spending totals and their stored form. Amounts are integer
// hundredths of a credit: 0.5-credit employees and any future 0.1 prices sum exactly, where
// 0.1 + 0.2 in floating point would not.
import type { OperationType } from '../../shared/operation-type';
import { parseJsonObject } from '../text/json-text';
import type { CountedBuyer } from './buyer';

const COUNTED: readonly CountedBuyer[] = ['formula', 'bulk', 'keyTest', 'refresh'];

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
  bySource: Record<Exclude<CountedBuyer, 'keyTest' | 'refresh'>, Cents>;
}

/** What was spent in one day, or in one folded month. */
export interface Totals {
  bySource: Record<CountedBuyer, Cents>;
  byOperation: ByOperation;
  resent: Resent;
}

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function checkDay(day: string): void {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`Expected a day as YYYY-MM-DD, got "${day}"`);
}

export const monthOf = (day: string): string => day.slice(0, 7);

export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export const emptyTotals = (): Totals => ({
  bySource: { formula: 0, bulk: 0, keyTest: 0, refresh: 0 },
  byOperation: {},
  resent: { lookups: 0, bySource: { formula: 0, bulk: 0 } },
});

export function totalOf(totals: Totals): Cents {
  return COUNTED.reduce((sum, source) => sum + totals.bySource[source], 0);
}

export function mergeInto(target: Totals, extra: Totals): void {
  for (const source of COUNTED) target.bySource[source] += extra.bySource[source];
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
  /** Refreshes; absent while 0. */
  h?: number;
  o: Record<string, number>;
  /** Resent lookups: count, formula cents, bulk cents; absent while there are none. */
  r?: [number, number, number];
}

export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function cleanOperations(raw: unknown): ByOperation {
  const byOperation: ByOperation = {};
  if (typeof raw !== 'object' || raw === null) return byOperation;
  for (const [type, cents] of Object.entries(raw)) {
    if (isCount(cents)) byOperation[type as OperationType] = cents;
  }
  return byOperation;
}

export function parseTotals(value: string): Totals {
  const raw = parseJsonObject(value) ?? {};
  const [lookups, formula, bulk] = Array.isArray(raw.r) ? raw.r.map((n) => (isCount(n) ? n : 0)) : [];
  return {
    bySource: {
      formula: isCount(raw.f) ? raw.f : 0,
      bulk: isCount(raw.b) ? raw.b : 0,
      keyTest: isCount(raw.k) ? raw.k : 0,
      refresh: isCount(raw.h) ? raw.h : 0,
    },
    byOperation: cleanOperations(raw.o),
    resent: { lookups: lookups ?? 0, bySource: { formula: formula ?? 0, bulk: bulk ?? 0 } },
  };
}

export const storeTotals = (totals: Totals): string =>
  JSON.stringify({
    f: totals.bySource.formula,
    b: totals.bySource.bulk,
    ...(totals.bySource.keyTest > 0 ? { k: totals.bySource.keyTest } : {}),
    ...(totals.bySource.refresh > 0 ? { h: totals.bySource.refresh } : {}),
    o: totals.byOperation,
    ...(totals.resent.lookups > 0
      ? { r: [totals.resent.lookups, totals.resent.bySource.formula, totals.resent.bySource.bulk] }
      : {}),
  } satisfies StoredTotals);
