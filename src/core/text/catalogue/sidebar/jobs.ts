// The Jobs panel's words. What the server says of jobs (the collector's lines, the menu's alert, the
// answers to Retry and Cancel) is in jobs-answers.ts: these words ship in the sidebar only.
import { said, saidBy } from './said';

/** A job as the retry question names it. */
export interface RetriedJob {
  state: string;
  query: string;
  costText: string;
  credits: number;
}

function retryQuestion(job: RetriedJob): string {
  if (job.state === 'expired')
    return `Run "${job.query}" again? Its result expired before it was collected; running it again is a new lookup, charged again: ${job.costText}.`;
  if (job.state === 'lost') {
    // A lost list cost nothing (none returned at 0.5 an employee); run again, it costs what it returns.
    const price = job.credits > 0 ? `: ${job.costText}` : ' for the employees it returns';
    return `Run "${job.query}" again? The API lost its job before it answered; running it again is a new lookup, charged again${price}.`;
  }
  if (job.state === 'stalled')
    return `Run "${job.query}" again? The API has been running it for over 30 minutes. The add-on first asks the API about it once more (free): if it has finished, its result is collected and nothing is bought. Otherwise running it again is a new lookup, charged: ${job.costText}; and should the first one still finish, the API charges it too.`;
  return `Write the sheet for "${job.query}" again? It was paid already: this costs nothing.`;
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
  checkOnly: said(
    'hint',
    'With the sidebar closed, jobs are collected only by the timed check: keep the sidebar open while they run.',
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
  // The Jobs panel's list (client/panels/jobs/view.ts).
  started: saidBy('progress', (age: string) => `started ${age}`),
  runAgain: said('label', 'Run again…'),
  runIt: said('label', 'Run it'),
  onEveryEdit: said('hint', 'on every edit of this spreadsheet'),
  whenItOpens: said('hint', 'when it opens'),
  nonePending: said('progress', 'none pending'),
} as const;
