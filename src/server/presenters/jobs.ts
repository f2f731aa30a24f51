// What the job collector's drivers tell the user, in the sidebar or a menu alert.

import { type QueuedFormula, queueKey } from '../../core/formula-queue/records';
import type { CollectorReport } from '../../core/jobs/collector-ports';
import { describeJob, type JobRecord } from '../../core/jobs/registry';
import { sendingAtPace } from '../../core/text/duration';
import { plural } from '../../core/text/plural';
import type { BackgroundCollection, CollectorProgress, QueuedFormulaView } from '../../shared/jobs-rpc';
import type { FormulaWork } from '../collector/queued-formulas';

/** One line per expired job: what it was and what it cost. */
export function expiredLine(job: JobRecord, now: number): string {
  const view = describeJob(job, now);
  return `${view.query}: the result expired before it was collected (it cost ${view.costText}).`;
}

export function failedLine(job: JobRecord, now: number): string {
  return `${describeJob(job, now).query}: ${job.message ?? 'the lookup failed.'}`;
}

/**
 * One line for the sidebar or a menu alert; `formulasQueued`: formulas whose lookups still wait,
 * said by their own line, so that nothing is said to be pending only when nothing is.
 */
export function collectorSummary(report: CollectorReport, formulasQueued = 0): string {
  if (report.busy) return 'Another collection is running; checking again shortly.';
  const parts: string[] = [];
  if (report.delivered.length > 0) parts.push(report.delivered.map((item) => item.message).join('; '));
  if (report.collected.length > 0)
    parts.push(`${plural(report.collected.length, 'result', 'results')} collected`);
  if (report.expired.length > 0) parts.push(`${plural(report.expired.length, 'job', 'jobs')} expired`);
  if (report.failed.length > 0) parts.push(`${plural(report.failed.length, 'job', 'jobs')} failed`);
  if (report.stalled.length > 0)
    parts.push(
      `${plural(report.stalled.length, 'job', 'jobs')} taking unusually long, no longer checked (Retry is in the list)`,
    );
  if (report.pending > 0) parts.push(`${plural(report.pending, 'job', 'jobs')} still pending`);
  else if (formulasQueued === 0) parts.push('nothing pending');
  if (parts.length === 0) return '';
  const text = parts.join('. ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** What a driver's passes did, for the sidebar's timer or the menu's alert; `now` is after them. */
export function collectorProgress(
  report: CollectorReport,
  background: BackgroundCollection,
  work: FormulaWork | null,
  now: number,
): CollectorProgress {
  const queued = work?.queued ?? 0;
  const off = report.pending + queued > 0 && background === 'off';
  return {
    busy: report.busy,
    pending: report.pending + queued,
    delivered: report.delivered.map((item) => item.message),
    collected: report.collected.length,
    expired: report.expired.map((job) => expiredLine(job, now)),
    failed: [...report.failed, ...report.stalled].map((job) => failedLine(job, now)),
    nextCheckInMs:
      queued > 0 ? 1_000 : report.nextDueAt === null ? null : Math.max(1_000, report.nextDueAt - now),
    background,
    summary: `${[collectorSummary(report, queued), ...formulaWorkLines(work)].filter((line) => line !== '').join(' ')}${off ? ' Background collection is off: keep the sidebar open until they finish.' : ''}`,
  };
}

/** A driver's answer when it did nothing, saying why. */
export function idleProgress(summary: string, background: BackgroundCollection): CollectorProgress {
  return {
    busy: false,
    pending: 0,
    delivered: [],
    collected: 0,
    expired: [],
    failed: [],
    nextCheckInMs: null,
    background,
    summary,
  };
}

/** What a driver did for queued formula lookups, for the sidebar or a menu alert. */
export function formulaWorkLines(work: FormulaWork | null): string[] {
  if (!work) return [];
  const lines: string[] = [];
  if (work.finished > 0) lines.push(`${plural(work.finished, 'formula', 'formulas')} filled in.`);
  if (work.queued > 0)
    lines.push(
      `${plural(work.left, 'queued formula lookup', 'queued formula lookups')} still to fill in (${plural(work.queued, 'formula', 'formulas')}).`,
    );
  for (const reason of new Set(work.stopped)) lines.push(`Queued lookups stopped: ${reason}`);
  return lines;
}

const BY_TEXT: Record<string, string> = {
  formula: 'by the formula',
  edit: 'by your last edit',
  open: 'by opening the file',
  sidebar: 'by the sidebar',
  clock: 'by the hourly trigger',
  menu: 'from the menu',
};

/** A queued formula as the Jobs panel lists it; `pace` is the one learned for the account. */
export function queuedFormulaView(record: QueuedFormula, now: number, pace: number): QueuedFormulaView {
  const minutes = Math.max(0, Math.round((now - record.since) / 60_000));
  return {
    id: queueKey(record.sheet, record.a1),
    where: `${record.sheet}!${record.a1}`,
    formula: record.formula,
    lookupsText: `${plural(record.left, 'lookup', 'lookups')}, ${sendingAtPace(record.left, pace)}`,
    sinceText: minutes === 0 ? 'queued just now' : `queued ${plural(minutes, 'minute', 'minutes')} ago`,
    byText: `last worked on ${BY_TEXT[record.by] ?? 'by the add-on'}`,
  };
}
