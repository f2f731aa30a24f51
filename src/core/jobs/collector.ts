// The job collector: one function, run by every driver (the Edit and Open triggers, the sidebar's
// timer, the menu's "Finish pending lookups", the clock trigger, and a bulk slice that found lists:
// server/collector/drivers.ts). A pass polls the due jobs in one batch, keeps every paid answer in
// the result cache, books its real charge, writes finished employee lists to their sheets and
// marks what expired or failed. A whole pass runs under the document lock, so two drivers never
// deliver one job twice; the lock is held for one status round and a bounded number of sheet
// writes, never while sleeping (collector-pass.ts).

import { collectOnce } from './collector-pass';
import type { CollectorDeps, CollectorOptions, CollectorReport } from './collector-ports';

/**
 * Passes until nothing this account started is pending, another driver is at work, or the next
 * due job falls after `waitUntil`; sleeps between passes (without the lock). Answers all passes.
 */
export function collectUntil(deps: CollectorDeps, options: CollectorOptions, waitUntil: number) {
  const { clock } = deps.client;
  let total = collectOnce(deps, options);
  while (!total.busy && total.nextDueAt !== null) {
    // At least a second apart: a pass that could not make progress must not spin.
    const at = Math.max(total.nextDueAt, clock.now() + 1_000);
    if (at > waitUntil) break;
    clock.sleep(at - clock.now());
    total = mergeReports(total, collectOnce(deps, options));
  }
  return total;
}

function mergeReports(before: CollectorReport, after: CollectorReport): CollectorReport {
  return {
    ...after,
    polled: before.polled + after.polled,
    delivered: [...before.delivered, ...after.delivered],
    collected: [...before.collected, ...after.collected],
    expired: [...before.expired, ...after.expired],
    failed: [...before.failed, ...after.failed],
    stalled: [...before.stalled, ...after.stalled],
    pruned: before.pruned + after.pruned,
  };
}
