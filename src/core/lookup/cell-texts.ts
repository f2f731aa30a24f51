// What a formula's cell says about a job: a list on its way to its sheet, or a result that expired
// or was lost.
// These read a lookup's result and the job's record, so they live with the lookup, not the renderer.
import { type JobRecord, STALLED_MESSAGE } from '../jobs/registry';
import { priceLabel } from '../operations/pricing';
import type { Operation } from '../operations/types';
import { resultItems } from '../render/tables';
import { CELL_TEXT } from '../text/catalogue/cells';
import { creditsText } from '../text/credits';
import { plural } from '../text/plural';
import type { LookupResult } from './items';

export function expiredText(op: Operation, job: JobRecord): string {
  const cost = job.charged ?? job.estimate;
  return `The result expired before it was collected (the API keeps it 10 minutes; it cost about ${creditsText(cost)} at ${priceLabel(op)}). Re-run it from the sidebar's Jobs panel.`;
}

const RUN_AGAIN =
  "Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).";

/** What a lookup whose job the API lost says (jobs/lost.ts): what happened, its cost, and the way to run it again. */
export function lostJobText(job: JobRecord): string {
  return `${job.message ?? 'Lookup lost: the API accepted it, then could not find its job.'} ${RUN_AGAIN}`;
}

/** What a lookup whose job stalled says (jobs/registry.ts `stillRunning`), and the way to run it again. */
export function stalledJobText(job: JobRecord): string {
  return `${job.message ?? STALLED_MESSAGE} ${RUN_AGAIN}`;
}

/**
 * What an employee-list formula shows: where the list went, or where it is going and when, which
 * depends on whether the next edit of the spreadsheet collects it (`followsUser`).
 */
export function employeeListText(result: LookupResult, followsUser: boolean): string {
  if (result.kind === 'pending') return followsUser ? CELL_TEXT.listOrdered : CELL_TEXT.listOrderedNoDriver;
  if (result.kind !== 'found') return '';
  if (result.job?.state === 'collected' && result.job.message) return result.job.message;
  const found = `${plural(resultItems(result.result).length, 'employee', 'employees')} found`;
  return followsUser
    ? `${found}; writing them to a new sheet within a minute or two.`
    : `${found}; writing them to a new sheet once you open the sidebar (Extensions > Enrich for Sheets > Open sidebar).`;
}

/** What a formula whose lookup runs as a job shows meanwhile. */
export function jobRunningText(followsUser: boolean): string {
  return followsUser ? CELL_TEXT.jobRunning : CELL_TEXT.jobRunningNoDriver;
}
