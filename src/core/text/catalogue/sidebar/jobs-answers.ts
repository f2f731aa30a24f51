// What the server says of jobs: the collector's progress lines (server/presenters/jobs.ts), the
// menu's "Finish pending lookups" alert (server/collector/drivers.ts) and the answers to Retry and
// Cancel (server/jobs-api.ts). The Jobs panel's own words are in jobs.ts.
import { plural } from '../../plural';
import { type Said, said, saidBy } from './said';

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

export const JOBS_ANSWERS = {
  // The server's answers to Retry (server/jobs-api.ts).
  keyFirst: said('message', 'Set your API key first.'),
  keyFirstMenu: said('message', 'Set your API key first: Extensions > Enrich for Sheets > Open sidebar.'),
  notListed: said('message', 'That job is no longer listed; refresh the Jobs panel.'),
  cannotRunAgain: saidBy(
    'message',
    (state: string) => `Only an expired, lost or stalled job can be run again; this one is ${state}.`,
  ),
  /** A job whose operation the add-on no longer knows (a record from another version). */
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
  // A queued formula (server/presenters/jobs.ts): when it was queued, and what worked on it last.
  queuedJustNow: said('progress', 'queued just now'),
  queuedAgo: saidBy('progress', (minutes: number) => `queued ${plural(minutes, 'minute', 'minutes')} ago`),
  lastWorkedOn: saidBy('progress', (by: string) => `last worked on ${by}`),
  workedBy: {
    formula: said('progress', 'by the formula'),
    edit: said('progress', 'by your last edit'),
    open: said('progress', 'by opening the file'),
    sidebar: said('progress', 'by the sidebar'),
    clock: said('progress', 'by the timed check'),
    menu: said('progress', 'from the menu'),
  } as Readonly<Record<string, Said>>,
  byTheAddOn: said('progress', 'by the add-on'),
  /** A job's state in the Jobs panel and a receipt's Job line, by `JobState`. */
  states: {
    processing: said('label', 'running'),
    done: said('label', 'writing its sheet'),
    collected: said('label', 'delivered'),
    failed: said('label', 'failed'),
    expired: said('label', 'expired'),
    lost: said('label', 'lost'),
    stalled: said('label', 'taking unusually long'),
  },
  /** "just now", "3 min ago", "5 h ago", "2 days ago". */
  age: saidBy('label', (minutes: number) => {
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
  }),
  /** A job's estimated cost, `amount` in credits. */
  aboutCost: saidBy('label', (amount: string) => `about ${amount}`),
} as const;
