// What a formula's cell says about a job: a list on its way to its sheet, or a result that expired.
// These read a lookup's result and the job's record, so they live with the lookup, not the renderer.
import type { JobRecord } from '../jobs/registry';
import { priceLabel } from '../operations/pricing';
import type { Operation } from '../operations/types';
import { CELL_TEXT } from '../render/cell-text';
import { resultItems } from '../render/tables';
import { plural } from '../text/plural';
import type { LookupResult } from './items';

export function expiredText(op: Operation, job: JobRecord): string {
  const cost = job.charged ?? job.estimate;
  return `The result expired before it was collected (the API keeps it 10 minutes; it cost about ${cost} credits at ${priceLabel(op)}). Re-run it from the sidebar's Jobs panel.`;
}

/** What an employee-list formula shows: where the list went, or where it is going. */
export function employeeListText(result: LookupResult): string {
  if (result.kind === 'pending') return CELL_TEXT.listRequested;
  if (result.kind !== 'found') return '';
  if (result.job?.state === 'collected' && result.job.message) return result.job.message;
  const count = resultItems(result.result).length;
  return `${plural(count, 'employee', 'employees')} found; writing them to a new sheet (open the sidebar to speed this up).`;
}
