// The one record of purchases: a row for each lookup the API charged (or may have charged), written
// by the ledger in the same write that adds it to the day's totals (ledger.ts `book`). The receipt
// of a cell, the spend report and the Spending panel all read what this file describes; nothing
// else keeps a second account of spending.
//
// A row is stored as a short JSON array: every byte counts against the document properties' 500 KB
// while rows wait there for a context that may write the hidden sheet (purchase-pages.ts).
import type { OperationType } from '../../shared/operation-type';
import { BUYER_CODES, type Buyer } from './buyer';
import { isCount } from './totals';

/**
 * What came of a purchase. `paid`: charged, and its answer kept, but whether it found anything was
 * not recorded (a reservation booked at its estimate once it lapsed, its answer no longer readable).
 */
export type PurchaseOutcome = 'found' | 'notFound' | 'error' | 'paid';

export interface Purchase {
  /** When it was bought (clock ms). */
  at: number;
  /** The spreadsheet's calendar day it is booked on (YYYY-MM-DD). */
  day: string;
  source: Buyer;
  type: OperationType;
  /** The input exactly as sent (its canonical form), with its options; '' when not known. */
  input: string;
  /** Hundredths of a credit. */
  cents: number;
  outcome: PurchaseOutcome;
  /** Hundredths of a credit the API may have charged a second time (a lookup sent again). */
  twice: number;
  /** The result cache key of its answer (never the API key: a one-way hash). */
  key?: string;
  /** The cell or run it served: `Sheet1!B2`, `Sheet1!C5:D5`. */
  served?: string;
  /** The API's job id, for an async lookup. */
  job?: string;
  /** 1, or how many purchases were folded into this row once their details could not be kept. */
  count: number;
}

const OUTCOME_CODES: Readonly<Record<PurchaseOutcome, string>> = {
  found: 'f',
  notFound: 'n',
  error: 'e',
  paid: 'p',
};
/** The name a stored code stands for; undefined for any other value. */
const nameOf = <T extends string>(codes: Readonly<Record<T, string>>, code: unknown): T | undefined =>
  (Object.keys(codes) as T[]).find((name) => codes[name] === code);

/** [at, day, source, type, input, cents, outcome, twice, key, served, job, count]: trailing blanks dropped. */
export function encodePurchase(p: Purchase): unknown[] {
  const row: unknown[] = [
    p.at,
    p.day,
    BUYER_CODES[p.source],
    p.type,
    p.input,
    p.cents,
    OUTCOME_CODES[p.outcome],
    p.twice,
    p.key ?? '',
    p.served ?? '',
    p.job ?? '',
    p.count,
  ];
  if (p.count === 1) row.pop();
  while (row.length > 7 && (row[row.length - 1] === '' || row[row.length - 1] === 0)) row.pop();
  return row;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The purchase in a stored row; null for anything that is not one (never a throw). */
export function decodePurchase(raw: unknown): Purchase | null {
  if (!Array.isArray(raw)) return null;
  const [at, day, source, type, input, cents, outcome, twice, key, served, job, count] = raw;
  const sourceName = nameOf(BUYER_CODES, source);
  const outcomeName = nameOf(OUTCOME_CODES, outcome);
  if (!isCount(at) || typeof day !== 'string' || !sourceName || !outcomeName) return null;
  if (typeof type !== 'string' || !isCount(cents)) return null;
  const purchase: Purchase = {
    at,
    day,
    source: sourceName,
    type: type as OperationType,
    input: text(input),
    cents,
    outcome: outcomeName,
    twice: isCount(twice) ? twice : 0,
    count: isCount(count) ? count : 1,
  };
  if (text(key)) purchase.key = text(key);
  if (text(served)) purchase.served = text(served);
  if (text(job)) purchase.job = text(job);
  return purchase;
}

/** When, on which day and by whom a purchase was made: what its row begins with. */
export interface RowBase {
  at: number;
  day: string;
  source: Buyer;
}

/** A paid purchase of `type` at `cents`, with what the caller knows it was of. */
export function detailRow(
  base: RowBase,
  type: OperationType,
  cents: number,
  detail: Partial<Pick<Purchase, 'key' | 'input' | 'served'>>,
): Purchase {
  return {
    ...base,
    type,
    input: detail.input ?? '',
    cents,
    outcome: 'paid',
    twice: 0,
    count: 1,
    ...(detail.key ? { key: detail.key } : {}),
    ...(detail.served ? { served: detail.served } : {}),
  };
}
