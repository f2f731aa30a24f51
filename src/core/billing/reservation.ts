// A reservation: credits set aside under the lock for calls whose charge is not known yet, as the
// ledger keeps it in one document property (`spend:hold:r<n>`, `spend:job:<job id>`), and what it
// is booked as when it lapses unsettled.

import { parseJsonObject } from '../text/json-text';
import { type Buyer, isBuyer } from './buyer';
import { decodePurchase, detailRow, encodePurchase, type Purchase, type PurchaseOutcome } from './purchases';
import { type ByOperation, type Cents, cleanOperations, isCount } from './totals';

/** Credits set aside for calls whose charge is not known yet. */
export interface Reservation {
  /** The day the calls were made; the charge is booked on it, so a day never passes its cap. */
  day: string;
  /** Who bought: a formula's reservation counts against the daily cap and lapses sooner. */
  buyer: Buyer;
  expiresAt: number;
  byOperation: ByOperation;
  /**
   * The purchases reserved, at their estimates, when they fit in the reservation's one property (a
   * formula's few); without them the settle's charges carry what each purchase was.
   */
  items?: Purchase[];
  /**
   * A job whose result expired uncollected: the API charged it, at a price learned only when the
   * same query is bought again (`bookExpired`). Counted meanwhile as spent at its estimate (an
   * employee list's bound), and booked at it when the reservation lapses unlearned.
   */
  expired?: true;
  /**
   * The items (by index) not sent as of the last write of a pass that may be stopped at any instant
   * (a trigger's, api/client.ts tells each batch before it goes, lookup/progress.ts writes it): a
   * reservation that lapses unsettled books those at nothing, the API never having seen them.
   * Absent: every item may have been sent. A reservation too big to keep its items keeps instead
   * `gone`: by operation, what the API charged for those answered and the estimates of those that
   * may have gone, booked in place of `byOperation` when it lapses.
   */
  unsent?: number[];
  gone?: ByOperation;
  /**
   * Until when the items' keys are claimed (lookup/claims.ts): a pass whose reservation keeps its
   * items claims their keys here, in the write that reserves them, rather than in claim shards.
   */
  claimedUntil?: number;
  /**
   * Settled by the execution that bought, in the write that kept its answers: its items say what
   * each cost, booked as they stand by the next locked section.
   */
  settled?: true;
}

/** Whether the answers of these keys, paid and kept, were found or not: for reservations booked as they lapse. */
export type OutcomeResolver = (keys: readonly string[]) => ReadonlyMap<string, PurchaseOutcome>;

interface StoredReservation {
  d: string;
  /** Only in reservations written before `p` was kept: 'formula', or 'bulk' for any run. */
  s?: 'formula' | 'bulk';
  x: number;
  o: Record<string, number>;
  /** The buyer. */
  p: Buyer;
  /** The purchases reserved (purchases.ts rows). */
  i?: unknown[][];
  /** 1: the job expired uncollected. */
  e?: 1;
  /** The items not sent (`unsent`). */
  u?: number[];
  /** What may have gone, by operation (`gone`). */
  g?: Record<string, number>;
  /** Until when the items' keys are claimed (`claimedUntil`). */
  c?: number;
  /** 1: settled by the execution that bought (`settled`). */
  k?: 1;
}

/** A reservation's items are kept only while the reservation stays one property's worth: 9 KB, with margin. */
const MAX_RESERVATION_BYTES = 7_500;

export function parseReservation(value: string): Reservation | null {
  const raw = parseJsonObject(value);
  if (!raw || typeof raw.d !== 'string' || !isCount(raw.x)) return null;
  const items = Array.isArray(raw.i) ? raw.i.map(decodePurchase).filter((row) => row !== null) : null;
  return {
    day: raw.d,
    buyer: isBuyer(raw.p) ? raw.p : raw.s === 'bulk' ? 'bulk' : 'formula',
    expiresAt: raw.x,
    byOperation: cleanOperations(raw.o),
    ...(items ? { items } : {}),
    ...(raw.e === 1 ? { expired: true as const } : {}),
    ...(Array.isArray(raw.u) ? { unsent: raw.u.filter((i): i is number => Number.isInteger(i)) } : {}),
    ...(raw.g ? { gone: cleanOperations(raw.g) } : {}),
    ...(items && isCount(raw.c) ? { claimedUntil: raw.c } : {}),
    ...(raw.k === 1 ? { settled: true as const } : {}),
  };
}

export function storeReservation(reservation: Reservation): string {
  const stored: StoredReservation = {
    d: reservation.day,
    x: reservation.expiresAt,
    o: reservation.byOperation,
    p: reservation.buyer,
  };
  if (reservation.expired) stored.e = 1;
  if (reservation.unsent) stored.u = reservation.unsent;
  if (reservation.gone) stored.g = reservation.gone;
  if (reservation.settled) stored.k = 1;
  if (!reservation.items) return JSON.stringify(stored);
  // A claim is kept only with the items that name its keys.
  const claims = reservation.claimedUntil === undefined ? {} : { c: reservation.claimedUntil };
  const withItems = JSON.stringify({ ...stored, ...claims, i: reservation.items.map(encodePurchase) });
  return withItems.length <= MAX_RESERVATION_BYTES ? withItems : JSON.stringify(stored);
}

/** A lapsed reservation's purchases at their estimates, found or not where the cache still tells. */
export function lapsedRows(reservation: Reservation, resolve?: OutcomeResolver): Purchase[] {
  const unsent = new Set(reservation.items ? (reservation.unsent ?? []) : []);
  const rows = (reservation.items ?? legacyRows(reservation)).filter((_, i) => !unsent.has(i));
  const keys = rows.filter((row) => row.outcome === 'paid' && row.key).map((row) => row.key!);
  const known = resolve && keys.length > 0 ? resolve(keys) : new Map<string, PurchaseOutcome>();
  return rows.map((row) => {
    const outcome = row.key ? known.get(row.key) : undefined;
    return outcome && row.outcome === 'paid' ? { ...row, outcome } : row;
  });
}

/** A reservation without its items (a bulk slice's many, killed before it settled): one row per operation. */
function legacyRows(reservation: Reservation): Purchase[] {
  const booked = reservation.gone ?? reservation.byOperation;
  const base = { at: reservation.expiresAt, day: reservation.day, source: reservation.buyer };
  const entries = Object.entries(booked) as [Purchase['type'], Cents][];
  return entries.filter(([, cents]) => cents > 0).map(([type, cents]) => detailRow(base, type, cents, {}));
}
