// One slice of a run (bulk/slice/): a bulk run's per sidebar call, a watch's step's many in one
// trigger. Every kind of run slices with this execution's day, pace and run cap; a watch passes its
// own caps and names itself the buyer.
import type { BulkRun } from '../bulk/run';
import type { BulkSheetPort, CombinedSheetPort, SliceOptions } from '../bulk/slice/ports';
import { runSlice } from '../bulk/slice/slice';
import type { RunPorts } from './ports';

/**
 * Runs one slice of `run` over `sheet`; answers the run as it should be saved. `own`: what the kind
 * of run sets of the slice's options itself; the rest is the execution's.
 */
export function sliceOf(
  ports: RunPorts,
  run: BulkRun,
  sheet: BulkSheetPort,
  combined: CombinedSheetPort | null,
  own: Partial<SliceOptions> = {},
): BulkRun {
  return runSlice(ports.sliceDeps(sheet, combined), run, {
    day: ports.day(),
    runHardCap: ports.runHardCap,
    ...own,
    limits: { requestsPerSecond: ports.requestsPerSecond(), ...own.limits },
  });
}
