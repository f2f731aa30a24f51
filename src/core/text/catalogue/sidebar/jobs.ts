// The Jobs panel's words, the collector's progress lines (server/presenters/jobs.ts), the menu's
// "Finish pending lookups" alert (server/collector/drivers.ts) and the answers to Retry and Cancel
// (server/jobs-api.ts).
import { plural } from '../../plural';
import { type Said, said, saidBy } from './said';

/** A job as the retry question names it. */
export interface RetriedJob {
  state: string;
  query: string;
  costText: string;
  credits: number;
}

/** What a collection did, counted, for its one line. */
export interface CollectionCounts {
  busy: boolean;
  delivered: string[];
  collected: number;
  expired: number;
  failed: number;
  stalled: number;
  pending: number;
  formulasQueued: number;
}

function retryQuestion(job: RetriedJob): string {
  if (job.state === 'expired') {
    return `Run "${job.query}" again? Its result expired before it was collected; running it again is a new lookup, charged again: ${job.costText}.`;
  }
  if (job.state === 'lost') {
    // A lost list cost nothing (none returned at 0.5 an employee); run again, it costs what it returns.
    const price = job.credits > 0 ? `: ${job.costText}` : ' for the employees it returns';
    return `Run "${job.query}" again? The API lost its job before it answered; running it again is a new lookup, charged again${price}.`;
  }
  if (job.state === 'stalled') {
    return `Run "${job.query}" again? The API has been running it for over 30 minutes. The add-on first asks the API about it once more (free): if it has finished, its result is collected and nothing is bought. Otherwise running it again is a new lookup, charged: ${job.costText}; and should the first one still finish, the API charges it too.`;
  }
  return `Write the sheet for "${job.query}" again? It was paid already: this costs nothing.`;
}

function collectionSummary(counts: CollectionCounts): string {
  if (counts.busy) return 'Another collection is running; checking again shortly.';
  const parts: string[] = [];
  if (counts.delivered.length > 0) parts.push(counts.delivered.join('; '));
  if (counts.collected > 0) parts.push(`${plural(counts.collected, 'result', 'results')} collected`);
  if (counts.expired > 0) parts.push(`${plural(counts.expired, 'job', 'jobs')} expired`);
  if (counts.failed > 0) parts.push(`${plural(counts.failed, 'job', 'jobs')} failed`);
  if (counts.stalled > 0)
    parts.push(
      `${plural(counts.stalled, 'job', 'jobs')} taking unusually long, no longer checked (Retry is in the list)`,
    );
  if (counts.pending > 0) parts.push(`${plural(counts.pending, 'job', 'jobs')} still pending`);
  else if (counts.formulasQueued === 0) parts.push('nothing pending');
  if (parts.length === 0) return '';
  const text = parts.join('. ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export const JOBS_TEXTS = {
  backgroundMinute: said('progress', 'Background collection: on, every minute. You may close the sidebar.'),
  backgroundHour: said(
    'progress',
    'Background collection: on, every hour (the most an add-on may). Keep the sidebar open to get results sooner.',
  ),
  backgroundOff: said(
    'progress',
    'Background collection: off. Keep the sidebar open while jobs run, or they are collected only when their formulas run again.',
  ),
  backgroundIdle: said('progress', 'Background collection: off, nothing to collect.'),
  retryQuestion: saidBy('confirm', retryQuestion),
  writeAgain: said('label', 'Write the sheet again…'),
  collectedWhen: saidBy('hint', (when: string) => `With the sidebar closed, jobs are collected ${when}.`),
  hourlyOnly: said(
    'hint',
    'With the sidebar closed, jobs are collected only by the hourly trigger: keep the sidebar open while they run.',
  ),
  noKey: said('hint', 'Save your API key first: jobs are collected with it.'),
  reauthorized: said(
    'message',
    'Background collection was paused until you authorized the add-on again (Google asked for it). It runs again now.',
  ),
  queuedFormula: saidBy('label', (where: string) => `Formula in ${where}`),
  noJobs: said('hint', 'No jobs yet. Employee lists and full profiles run as jobs of about a minute.'),
  cancelled: saidBy(
    'message',
    (where: string) =>
      `No more lookups are bought for ${where}. Its cells keep their text until you type the formula again.`,
  ),
  // The server's answers to Retry (server/jobs-api.ts).
  keyFirst: said('message', 'Set your API key first.'),
  keyFirstMenu: said('message', 'Set your API key first: Extensions > Enrich for Sheets > Open sidebar.'),
  notListed: said('message', 'That job is no longer listed; refresh the Jobs panel.'),
  cannotRunAgain: saidBy(
    'message',
    (state: string) => `Only an expired, lost or stalled job can be run again; this one is ${state}.`,
  ),
  unknownOperation: saidBy('message', (type: string) => `Unknown operation ${type}.`),
  collectionBusy: said('message', 'Another collection is running; try again in a moment.'),
  jobChanged: said('message', 'The job changed meanwhile; refresh the Jobs panel.'),
  formulaBusy: said('message', 'A formula is looking this up right now; try again in a minute.'),
  startedAgain: saidBy(
    'message',
    (costText: string | undefined) =>
      `Started again (${costText ?? 'credits as before'}); it will be collected in the background.`,
  ),
  doneAgain: said('message', 'Done: the formula shows the result.'),
  finishedAfterAll: said('message', 'It had finished after all: collected, nothing bought again.'),
  // The collector's lines (server/presenters/jobs.ts, server/collector/drivers.ts).
  expiredLine: saidBy(
    'progress',
    (query: string, costText: string) =>
      `${query}: the result expired before it was collected (it cost ${costText}).`,
  ),
  failedLine: saidBy(
    'progress',
    (query: string, message: string | undefined) => `${query}: ${message ?? 'the lookup failed.'}`,
  ),
  summary: saidBy('progress', collectionSummary),
  offWhilePending: said(
    'progress',
    ' Background collection is off: keep the sidebar open until they finish.',
  ),
  formulasFilled: saidBy(
    'progress',
    (formulas: number) => `${plural(formulas, 'formula', 'formulas')} filled in.`,
  ),
  formulasLeft: saidBy(
    'progress',
    (left: number, formulas: number) =>
      `${plural(left, 'queued formula lookup', 'queued formula lookups')} still to fill in (${plural(formulas, 'formula', 'formulas')}).`,
  ),
  queuedStopped: saidBy('progress', (reason: string) => `Queued lookups stopped: ${reason}`),
  nothingToCollect: said('progress', 'No API key: nothing to collect.'),
  collectionPaused: said(
    'progress',
    'Background collection is paused: Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar.',
  ),
  finishPending: said('label', 'Finish pending lookups'),
  // The Jobs panel's list (client/panels/jobs/view.ts).
  started: saidBy('progress', (age: string) => `started ${age}`),
  runAgain: said('label', 'Run again…'),
  runIt: said('label', 'Run it'),
  onEveryEdit: said('hint', 'on every edit of this spreadsheet'),
  whenItOpens: said('hint', 'when it opens'),
  nonePending: said('progress', 'none pending'),
  // A queued formula (server/presenters/jobs.ts): when it was queued, and what worked on it last.
  queuedJustNow: said('progress', 'queued just now'),
  queuedAgo: saidBy('progress', (minutes: number) => `queued ${plural(minutes, 'minute', 'minutes')} ago`),
  lastWorkedOn: saidBy('progress', (by: string) => `last worked on ${by}`),
  workedBy: {
    formula: said('progress', 'by the formula'),
    edit: said('progress', 'by your last edit'),
    open: said('progress', 'by opening the file'),
    sidebar: said('progress', 'by the sidebar'),
    clock: said('progress', 'by the hourly trigger'),
    menu: said('progress', 'from the menu'),
  } as Readonly<Record<string, Said>>,
  byTheAddOn: said('progress', 'by the add-on'),
} as const;
