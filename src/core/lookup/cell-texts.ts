// What a formula's cell says about a job: a list on its way to its sheet, or a result that expired
// or was lost.
// These read a lookup's result and the job's record, so they live with the lookup, not the renderer.
import type { JobRecord } from '../jobs/registry';
import { priceLabel } from '../operations/pricing';
import type { Operation } from '../operations/types';
import { resultItems } from '../render/tables';
import { CELL_TEXT } from '../text/catalogue/cells';
import {
  expiredText as expiredWords,
  LOST_JOB_MESSAGE,
  listFoundText,
  runAgainText,
  STALLED_MESSAGE,
} from '../text/catalogue/jobs';
import type { LookupResult } from './items';

export function expiredText(op: Operation, job: JobRecord): string {
  return expiredWords(job.charged ?? job.estimate, priceLabel(op));
}

/** What a lookup whose job the API lost says (jobs/lost.ts): what happened, its cost, and the way to run it again. */
export function lostJobText(job: JobRecord): string {
  return runAgainText(job.message ?? LOST_JOB_MESSAGE);
}

/** What a lookup whose job stalled says (jobs/registry.ts `stillRunning`), and the way to run it again. */
export function stalledJobText(job: JobRecord): string {
  return runAgainText(job.message ?? STALLED_MESSAGE);
}

/**
 * What an employee-list formula shows: where the list went, or where it is going and when, which
 * depends on whether the next edit of the spreadsheet collects it (`followsUser`).
 */
export function employeeListText(result: LookupResult, followsUser: boolean): string {
  if (result.kind === 'pending') return followsUser ? CELL_TEXT.listOrdered : CELL_TEXT.listOrderedNoDriver;
  if (result.kind !== 'found') return '';
  if (result.job?.state === 'collected' && result.job.message) return result.job.message;
  return listFoundText(resultItems(result.result).length, followsUser);
}

/** What a formula whose lookup runs as a job shows meanwhile. */
export function jobRunningText(followsUser: boolean): string {
  return followsUser ? CELL_TEXT.jobRunning : CELL_TEXT.jobRunningNoDriver;
}
