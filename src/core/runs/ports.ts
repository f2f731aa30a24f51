// What a run needs from the execution it runs in, the same for a bulk run, a recipe's step and a
// watch's step: the clock, the document lock, today, the spreadsheet, the settings' run cap and the
// account's pace, what one slice needs over a sheet, and a fresh token for a lease. The server
// builds it once an execution (server/run-ports.ts); each kind of run adds its own store to it.
import type { BulkSheetPort, BulkSliceDeps, CombinedSheetPort } from '../bulk/slice/ports';
import type { ClockPort, LockPort } from '../platform/ports';

export interface RunPorts {
  clock: ClockPort;
  /** The document lock: every save of a run's record is made under it. */
  lock: LockPort;
  /** Today, as the budget and the caps count days. */
  day(): string;
  spreadsheetId(): string;
  /** Credits one run may spend (the settings' cap); 0: no cap. */
  runHardCap: number;
  /** POSTs a second, at the pace learned for the account. */
  requestsPerSecond(): number;
  /** What one slice needs over `sheet` (and the combined sheet of employees, if any). */
  sliceDeps(sheet: BulkSheetPort, combined: CombinedSheetPort | null): BulkSliceDeps;
  /** A new token, unique to this caller, for a lease. */
  token(): string;
}
