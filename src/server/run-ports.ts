// What a run needs from this execution (core/runs/ports.ts), the same for a sidebar's bulk run or
// recipe step and a watch's step: the clock and lock, today, the settings' run cap and the pace,
// what a slice needs (the lookup's services, the run's sheet, the collector for the lists it
// finds), and a fresh token for a lease.
import { collectOnce } from '../core/jobs/collector-pass';
import type { RunPorts } from '../core/runs/ports';
import { digestHashPort } from './adapters/apps-script';
import { listSheetPort } from './adapters/employee-sheets';
import type { ExecutionContext } from './context';

/** A slice that found lists waits this long at most for another collector's pass. */
const COLLECTOR_LOCK_WAIT_MS = 3_000;

export function runPorts(ctx: ExecutionContext): RunPorts {
  return {
    clock: ctx.deps.client.clock,
    lock: ctx.deps.lock,
    day: () => ctx.day(),
    spreadsheetId: () => ctx.spreadsheetId(),
    runHardCap: ctx.settings.runHardCap,
    requestsPerSecond: () => ctx.pace.rate,
    sliceDeps: (sheet, combined) => ({
      lookup: ctx.deps,
      hash: digestHashPort,
      scope: ctx.scope,
      sheet,
      combined,
      deliverLists: () =>
        collectOnce(
          { ...ctx.deps, sheets: listSheetPort() },
          { scope: ctx.scope, day: ctx.day(), lockWaitMs: COLLECTOR_LOCK_WAIT_MS },
        ),
    }),
    token: () => Utilities.getUuid(),
  };
}
