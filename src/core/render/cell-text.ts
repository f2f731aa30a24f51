// What a cell says when there is no value to show. A miss must read differently from an error:
// a miss was paid for and is final; an error was not a result and will be retried.
import type { JobRecord } from '../jobs/registry';
import type { LookupResult } from '../lookup/items';
import { priceLabel } from '../operations/pricing';
import type { Operation } from '../operations/types';
import { plural } from '../text/plural';
import { resultItems } from './tables';

export const CELL_TEXT = {
  notFound: 'Not found',
  noKey: 'Set your API key: Extensions > Enrich for Sheets > Open sidebar.',
  processing: 'Processing… the result will appear on the next recalculation (about a minute).',
  listRequested:
    'Employee list requested. It will appear in a new sheet: keep the sidebar open, or wait for background collection.',
} as const;

/** A row of a range that failed: the range keeps its other rows, this one says why. */
export function rowErrorText(message: string): string {
  return `Error: ${message}`;
}

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
