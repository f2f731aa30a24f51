// The two locked sections of a pass: before sending, claim the keys, reserve their credits and
// the first batch's turn at the shared pace; after, book the spend and let the claims go. Each is
// one read and one write under the lock.

import { batchLimit } from '../api/batch-schedule';
import { FIRST_ROUND_TRIP_MS } from '../api/client';
import { isShared, type SendSlot } from '../api/pacing';
import { LOCK_WAIT_MS, type Reservation, reserve, settle } from '../billing/budget';
import { estimateFor } from '../billing/charges';
import type { Charge, PendingJob, PlannedItem } from '../billing/settlement';
import { sentInput } from '../formulas/sent-input';
import { BUSY, sectionStore, tryWithLock } from '../platform/locked-section';
import type { BatchStorePort } from '../platform/ports';
import { CLAIM_GRACE_MS, type Claimed, claimInShards, freeKeys, releaseUnderLock } from './claims';
import {
  budgetDeps,
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  now,
  paceNow,
  sendingDeadline,
} from './items';
import { answeredIn } from './others';
import { type PassProgress, passProgress } from './progress';

/** How long past its deadline a formula may wait for the closing section: Sheets kills at 30 s. */
const CLOSING_WAIT_MS = 2_500;
/**
 * What the booking section has left once its turn at the pace is booked: its write, maybe a delete
 * or two, the release. A turn that passes before the section ends is lost (booking another is a
 * locked section again), so the estimate errs long: the POST waits a moment at most.
 */
const SECTION_TAIL_MS = 250;

/** What one locked section settled before sending: the keys claimed and the credits reserved. */
export interface Booking {
  claimed: Claimed;
  /** The claimed items, to send in this order. */
  items: LookupItem[];
  planned: PlannedItem[];
  reservation: Reservation;
  /** The first batch's turn at the shared pace, booked in the same section; empty without one. */
  turns: SendSlot[];
  /**
   * The store as this section left it: where the answers' save plans its room, rather than read
   * the whole store again a second later (the pass holds it in hand in the execution's store).
   */
  view: Record<string, string>;
  /** In a pass that may be stopped at any instant, what it has sent, told in its reservation. */
  progress: PassProgress | null;
}

/**
 * Claims the keys and reserves their credits in one section under the document lock, with one
 * read and one write of the store between the two steps; null when the lock stays busy (nothing
 * done).
 */
export function claimAndReserve(
  deps: LookupDeps,
  unsent: readonly LookupItem[],
  ctx: LookupContext,
): Booking | null {
  const booking = tryWithLock(deps.lock, LOCK_WAIT_MS, (): Booking => {
    const store = sectionStore(deps.store);
    const keys = unsent.map((item) => item.key);
    const until = ctx.deadline + CLAIM_GRACE_MS;
    // Keys another execution answered, or started a job for, after this one read its cache: the
    // store read under the lock holds them. Buying them now would buy them twice.
    const answered = (all: Record<string, string>) => {
      const { answers, jobs } = answeredIn(deps, all, unsent, ctx);
      return new Set([...answers.keys(), ...jobs.keys()]);
    };
    const claimed = freeKeys(store, keys, now(deps), answered);
    const items = unsent.filter((item) => claimed.mine.includes(item.key));
    const planned = items.map(plannedItem);
    const guard = budgetDeps(deps, store);
    const budget = { formulaDailyCap: ctx.formulaDailyCap };
    // The keys granted are claimed in the reservation that grants them, when it keeps its items.
    const reservation =
      items.length > 0
        ? reserve(guard, ctx.day, planned, budget, ctx.buyer, until)
        : { id: '', granted: 0, credits: 0, refused: null };
    // What the budget refused is not sent: others need not wait for it.
    const refused = items.slice(reservation.granted).map((item) => item.key);
    claimed.mine = claimed.mine.filter((key) => !refused.includes(key));
    if (!reservation.itemsKept) claimInShards(store, claimed, now(deps), until);
    const turns = firstTurn(deps, store, reservation.granted, ctx);
    const progress = ctx.stoppable ? firstBatchGoes(store, reservation, items, planned, turns) : null;
    const view = store.getAll();
    store.commit();
    return { claimed, items, planned, reservation, turns, view, progress };
  });
  return booking === BUSY ? null : booking;
}

/**
 * A stoppable pass's reservation says, in the section's write, that only the first batch goes
 * (progress.ts): a stop before the next write books the rest at nothing.
 */
function firstBatchGoes(
  store: BatchStorePort,
  reservation: Reservation,
  items: readonly LookupItem[],
  planned: readonly PlannedItem[],
  turns: readonly SendSlot[],
): PassProgress | null {
  const granted = items.slice(0, reservation.granted);
  const progress = passProgress(store.getAll(), reservation.id, granted, planned);
  const first = granted.slice(0, turns[0]?.granted ?? 0).map((_, i) => i);
  if (progress) store.setMany(progress.entries(first));
  return progress;
}

/** What the record of purchases keeps of an item reserved: its price bound, input, key and cell. */
function plannedItem(item: LookupItem): PlannedItem {
  return {
    type: item.op.type,
    estimate: estimateFor(item.op, item.request),
    key: item.key,
    input: sentInput(item.request),
    ...(item.served ? { served: item.served } : {}),
  };
}

/**
 * The first batch's turn at the shared pace, booked through this section's one read and write: a
 * turn of its own would be another locked section of round trips before the first POST.
 */
function firstTurn(
  deps: LookupDeps,
  section: BatchStorePort,
  granted: number,
  ctx: LookupContext,
): SendSlot[] {
  const pacer = deps.pacer;
  if (granted === 0 || !pacer || !isShared(pacer)) return [];
  // The batch the client would ask for first (api/client.ts).
  const wanted = Math.min(granted, batchLimit(paceNow(deps, ctx), FIRST_ROUND_TRIP_MS));
  const leaves = now(deps) + SECTION_TAIL_MS;
  const slot = pacer.reserveInSection(section, leaves, wanted, sendingDeadline(ctx), Math.ceil(wanted / 2));
  return slot ? [slot] : [];
}

/** What the closing section books: the reservation's real charges, jobs still running, resends. */
export interface Settlement {
  reservationId: string;
  charges: Charge[];
  pending: PendingJob[];
  resent: Charge[];
  /**
   * A formula's calls were all answered and charged just what was reserved, and its reservation keeps
   * what each was. The section is then skipped: the reservation is booked as it stands once it
   * lapses (45 s), the claims lapse with the deadline, and others find the answers in the cache
   * before they look at claims. Most misses take the lock once instead of twice.
   */
  exact: boolean;
}

/**
 * One section under the document lock after sending: the spend is booked and the claims are let
 * go, with one read and one write. A lock that stays busy skips it, losing nothing: the
 * reservation is booked at its estimate when it lapses, and the claims lapse a few seconds after
 * the deadline (the answers are already in the cache, where others look first).
 */
export function closeSection(
  deps: LookupDeps,
  ctx: LookupContext,
  settlement: Settlement | null,
  claimed: readonly string[],
): void {
  if ((settlement === null && claimed.length === 0) || settlement?.exact) return;
  const wait = Math.min(LOCK_WAIT_MS, Math.max(0, ctx.deadline + CLOSING_WAIT_MS - now(deps)));
  try {
    deps.lock.withLock(wait, () => {
      const store = sectionStore(deps.store);
      if (settlement) {
        const { reservationId, charges, pending, resent } = settlement;
        settle(budgetDeps(deps, store), ctx.day, reservationId, charges, pending, resent);
      }
      releaseUnderLock(store, claimed, now(deps));
      store.commit();
    });
  } catch {
    // Busy: see above. A storage error here loses nothing either; the answers are stored.
  }
}
