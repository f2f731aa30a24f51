// Paid answers kept batch by batch: the API charges a lookup when it answers, and an execution may
// be stopped at any instant after that (a formula's 30 s, an execution's 6 minutes, the day's
// trigger-time quota). The found and not-found answers go into the cache's properties while the
// client waits for its next turn at the pace, in the first wait long enough for the save: saving
// costs no sending time and never makes a batch late for its turn (a late batch crowds the next
// one into the API's window). At 1 request a second each batch is kept before the next one goes
// out; at a fast pace, within a window of the pace. A stop loses only what came since.
import type { CallOutcome, SendListener } from '../api/outcome';
import { creditsFor } from '../billing/charges';
import type { PaidEntry } from '../cache/entries';
import type { LookupDeps, LookupItem } from './items';
import type { PassProgress } from './progress';

/** A save's time until one is measured: a read and a write of the properties. */
const FIRST_SAVE_MS = 150;

/**
 * Keeps the paid answers of `items` (the client's requests, in order) as they come back, in the
 * waits long enough for a save: the first planned on the store as booked, which the pass holds in
 * hand (cache/result-cache.ts `keepMany`), the next ones on a read of their own. With `progress`,
 * each save also says in the reservation what goes until the next (progress.ts), in the same write.
 */
export function keepEachBatch(
  deps: LookupDeps,
  items: readonly LookupItem[],
  progress: PassProgress | null,
): SendListener {
  const { clock } = deps.client;
  let unkept: PaidEntry[] = [];
  /** What a save takes, as last measured: a wait shorter than that does not take one. */
  let saveMs = FIRST_SAVE_MS;
  /** Whether a wait since the last save was too short for one. */
  let tooShort = false;
  const keep = (next: readonly number[]) => {
    const entries = unkept;
    unkept = [];
    const said = progress?.entries(next);
    try {
      if (said && entries.length === 0) deps.store.setMany(said);
      else {
        if (said) deps.store.alongside?.(said);
        deps.cache.keepMany(entries);
      }
    } catch {
      // Not kept: the pass's own save at its end tries again, and says what failed.
    }
  };
  return {
    answered(index: number, outcome: CallOutcome) {
      const item = items[index];
      progress?.answered(index, outcome);
      if (item && (outcome.kind === 'found' || outcome.kind === 'miss'))
        unkept.push({ key: item.key, outcome, credits: creditsFor(item.op, outcome) });
    },
    waiting(until: number, next: readonly number[] = [], stretch: readonly number[] = next) {
      const start = clock.now();
      if (unkept.length === 0 && (progress?.covers(next) ?? true)) return;
      if (until - start < saveMs) {
        tooShort = true;
        return;
      }
      // Waits too short for a save each (a fast pace): this one says the whole stretch goes.
      keep(tooShort ? stretch : next);
      tooShort = false;
      saveMs = Math.max(1, clock.now() - start);
    },
  };
}
