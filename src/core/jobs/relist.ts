// A list bought again (Buy again) refreshes the sheet of the list it replaces instead of adding a
// second one: its new job names that sheet and the marker in its note, the collector rewrites it
// (server/adapters/employee-sheets.ts), and until then the old sheet's rows still find their list.
import { operationByType } from '../operations/table';
import { listMarker } from './employee-sheet';
import { isPending, type JobRecord } from './registry';

/** Where an earlier list of a query was written: the sheet's name, the marker in its note, its job. */
export interface ListSheetRef {
  name: string;
  marker: string;
  job: string;
}

/** The sheet a delivered list's record names; null when it names none (not delivered, empty). */
export function sheetOfList(job: JobRecord | undefined): ListSheetRef | null {
  const op = job ? operationByType(job.type) : undefined;
  if (job?.state !== 'collected' || job.sheetName === undefined || !op) return null;
  return { name: job.sheetName, marker: listMarker(op, job.request), job: job.id };
}

/**
 * The new job of a list bought again, to be delivered over `sheet`; null when it is no new job
 * still waiting for its sheet (the earlier list's own record, or one delivered already).
 */
export function refreshingSheet(started: JobRecord, sheet: ListSheetRef): JobRecord | null {
  if (!isPending(started) || started.sheetName !== undefined || started.id === sheet.job) return null;
  return { ...started, sheetName: sheet.name, replaces: sheet.marker };
}
