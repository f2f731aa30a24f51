// What the job collector's drivers tell the user, in the sidebar or a menu alert.

import { type QueuedFormula, queueKey } from '../../core/formula-queue/records';
import { type CollectorReport, emptyReport } from '../../core/jobs/collector-ports';
import { describeJob } from '../../core/jobs/registry';
import { sendingAtPace } from '../../core/text/catalogue/duration';
import { JOBS_ANSWERS } from '../../core/text/catalogue/sidebar/jobs-answers';
import { plural } from '../../core/text/plural';
import type { BackgroundCollection, CollectorProgress, QueuedFormulaView } from '../../shared/jobs-rpc';
import type { FormulaWork } from '../collector/queued-formulas';

/**
 * What a driver's passes did, for the sidebar's timer or the menu's alert; `now` is after them. Its
 * summary is one line, formulas whose lookups still wait said by their own, so that nothing is said
 * to be pending only when nothing is.
 */
export function collectorProgress(
  report: CollectorReport,
  background: BackgroundCollection,
  work: FormulaWork,
  now: number,
): CollectorProgress {
  const { busy, collected, expired, failed, stalled, pending } = report;
  const queued = work.queued;
  const off = pending + queued > 0 && background === 'off';
  const delivered = report.delivered.map((item) => item.message);
  const summary = JOBS_ANSWERS.summary.say({
    busy,
    delivered,
    collected: collected.length,
    expired: expired.length,
    failed: failed.length,
    stalled: stalled.length,
    pending,
    formulasQueued: queued,
  });
  return {
    busy,
    pending: pending + queued,
    delivered,
    collected: collected.length,
    expired: expired.map((job) => {
      const view = describeJob(job, now);
      return JOBS_ANSWERS.expiredLine.say(view.query, view.costText);
    }),
    failed: [...failed, ...stalled].map((job) =>
      JOBS_ANSWERS.failedLine.say(describeJob(job, now).query, job.message),
    ),
    nextCheckInMs:
      queued > 0 ? 1_000 : report.nextDueAt === null ? null : Math.max(1_000, report.nextDueAt - now),
    background,
    summary: `${[summary, ...formulaWorkLines(work)].filter((line) => line !== '').join(' ')}${off ? JOBS_ANSWERS.offWhilePending.text : ''}`,
  };
}

/** A driver's answer when it did nothing, saying why. */
export function idleProgress(summary: string, background: BackgroundCollection): CollectorProgress {
  const none: FormulaWork = { finished: 0, queued: 0, left: 0, waiting: 0, stopped: [] };
  return { ...collectorProgress(emptyReport(false, 0), background, none, 0), summary };
}

/** What a driver did for queued formula lookups, for the sidebar or a menu alert. */
function formulaWorkLines(work: FormulaWork): string[] {
  const lines: string[] = [];
  if (work.finished > 0) lines.push(JOBS_ANSWERS.formulasFilled.say(work.finished));
  if (work.queued > 0) lines.push(JOBS_ANSWERS.formulasLeft.say(work.left, work.queued));
  for (const reason of new Set(work.stopped)) lines.push(JOBS_ANSWERS.queuedStopped.say(reason));
  return lines;
}

/** A queued formula as the Jobs panel lists it; `pace` is the one learned for the account. */
export function queuedFormulaView(record: QueuedFormula, now: number, pace: number): QueuedFormulaView {
  const minutes = Math.max(0, Math.round((now - record.since) / 60_000));
  return {
    id: queueKey(record.sheet, record.a1),
    where: `${record.sheet}!${record.a1}`,
    formula: record.formula,
    lookupsText: `${plural(record.left, 'lookup', 'lookups')}, ${sendingAtPace(record.left, pace)}`,
    sinceText: minutes === 0 ? JOBS_ANSWERS.queuedJustNow.text : JOBS_ANSWERS.queuedAgo.say(minutes),
    byText: JOBS_ANSWERS.lastWorkedOn.say((JOBS_ANSWERS.workedBy[record.by] ?? JOBS_ANSWERS.byTheAddOn).text),
  };
}
