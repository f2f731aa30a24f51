// The Jobs panel: async lookups (employee lists, full profiles, answers deferred under load) that
// are pending or finished lately. While any is pending the sidebar is one of the pump's drivers: it
// calls pumpJobsFromSidebar once on open and again after each `nextCheckInMs`.
import type { BackgroundCollection, JobsList, JobView, PumpProgress } from '../../../shared/jobs-rpc';
import { announceChange, DATA_CHANGED } from '../../data-changed';
import { $, busy, el, errorText, say } from '../../dom';
import { latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';

const BACKGROUND_TEXT: Record<BackgroundCollection, string> = {
  minute: 'Background collection: on, every minute. You may close the sidebar.',
  hour: 'Background collection: on, every hour (the most an add-on may). Keep the sidebar open to get results sooner.',
  off: 'Background collection: off. Keep the sidebar open while jobs run, or they are collected only when their formulas run again.',
};

/** The pump is never asked more often than this, whatever it answers. */
const MIN_PUMP_DELAY_MS = 1_000;

function retryQuestion(job: JobView): string {
  if (job.state === 'expired') {
    return `Run "${job.query}" again? Its result expired before it was collected; running it again is a new lookup, charged again: ${job.costText}.`;
  }
  return `Write the sheet for "${job.query}" again? It was paid already: this costs nothing.`;
}

function jobItem(job: JobView, retry: (job: JobView, button: HTMLButtonElement) => void): HTMLElement {
  const meta = [`started ${job.ageText}`, job.costText].join(' · ');
  const item = el(
    'li',
    { class: `job job-${job.state}`, 'data-key': job.key },
    el(
      'div',
      { class: 'job-head' },
      el('span', { class: 'job-label' }, job.label),
      el('span', { class: `badge badge-${job.state}` }, job.stateText),
    ),
    el('code', { class: 'job-query' }, job.query),
    el('p', { class: 'hint job-meta' }, meta),
    job.message ? el('p', { class: 'job-message' }, job.message) : null,
  );
  if (job.canRetry) {
    const button = el(
      'button',
      { type: 'button', class: 'job-retry' },
      job.state === 'expired' ? 'Run again…' : 'Write the sheet again…',
    );
    button.addEventListener('click', () => retry(job, button));
    item.append(el('div', { class: 'buttons' }, button));
  }
  return item;
}

export interface JobsPanel {
  refresh(): Promise<void>;
}

export function mountJobsPanel(): JobsPanel {
  const body = $('jobs-body');
  const note = $('jobs-note');
  const background = el('p', { id: 'jobs-background', class: 'status' }, 'Loading…');
  const summary = el('p', { id: 'jobs-summary', class: 'message', role: 'status' });
  const list = el('ul', { id: 'jobs-list', class: 'jobs' });
  const refreshButton = el('button', { type: 'button', id: 'jobs-refresh' }, 'Refresh');
  const message = el('p', { id: 'jobs-message', class: 'message', role: 'alert' });
  body.replaceChildren(background, summary, list, el('div', { class: 'buttons' }, refreshButton), message);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pumping = false;
  // Events this panel fires need no reload here: it reloads right after.
  let announcing = false;
  const tell = () => {
    announcing = true;
    try {
      announceChange();
    } finally {
      announcing = false;
    }
  };

  const showBackground = (mode: BackgroundCollection, pending: number) => {
    const idle = mode === 'off' && pending === 0;
    background.textContent = idle ? 'Background collection: off, nothing to collect.' : BACKGROUND_TEXT[mode];
    background.dataset.mode = idle ? 'idle' : mode;
  };

  // The confirmation replaces the button: the user reads the cost before anything is sent.
  const retry = (job: JobView, button: HTMLButtonElement) => {
    const question = el('p', { class: 'warning' }, retryQuestion(job));
    const yes = el('button', { type: 'button', class: 'action job-retry-confirm' }, 'Run it');
    const no = el('button', { type: 'button', class: 'job-retry-cancel' }, 'Cancel');
    const box = el(
      'div',
      { class: 'confirmation', role: 'group' },
      question,
      el('div', { class: 'buttons' }, yes, no),
    );
    const holder = button.parentElement!;
    holder.replaceWith(box);
    yes.focus();
    no.addEventListener('click', () => {
      box.replaceWith(holder);
      button.focus();
    });
    yes.addEventListener('click', () =>
      busy(yes, message, async () => {
        const result = await call('retryExpiredJob', job.key);
        say(message, result.message, result.ok ? 'ok' : 'error');
        if (result.ok) tell();
        await reload();
        schedulePump(MIN_PUMP_DELAY_MS);
      }),
    );
  };

  let openedForPending = false;
  let keyConfigured = false;
  const show = (jobs: JobsList) => {
    keyConfigured = jobs.keyConfigured;
    if (!jobs.keyConfigured) {
      // Jobs are polled with the key that started them: without one there is nothing to drive.
      background.textContent = 'Save your API key first: jobs are collected with it.';
      background.dataset.mode = 'off';
      note.textContent = '';
      say(summary, '');
      list.replaceChildren();
      return;
    }
    showBackground(jobs.background, jobs.pending);
    if (jobs.reauthorized) {
      say(
        summary,
        'Background collection was paused until you authorized the add-on again (Google asked for it). It runs again now.',
      );
    }
    // Pending work is what a user wants to see first; opened once, then left to the user.
    if (jobs.pending > 0 && !openedForPending) {
      openedForPending = true;
      ($('jobs-panel') as HTMLDetailsElement).open = true;
    }
    note.textContent =
      jobs.pending > 0 ? `${jobs.pending} pending` : jobs.jobs.length > 0 ? 'none pending' : '';
    list.replaceChildren(
      ...(jobs.jobs.length > 0
        ? jobs.jobs.map((job) => jobItem(job, retry))
        : [
            el(
              'li',
              { class: 'hint' },
              'No jobs yet. Employee lists and full profiles run as jobs of about a minute.',
            ),
          ]),
    );
    // A formula may have started a job since the timer stopped: the sidebar drives it again.
    if (jobs.pending > 0 && timer === null && !pumping) schedulePump(MIN_PUMP_DELAY_MS);
  };
  const reload = latestOnly(() => call('listJobs'), show);

  const showProgress = (progress: PumpProgress) => {
    showBackground(progress.background, progress.pending);
    const lines = [progress.summary, ...progress.delivered, ...progress.expired, ...progress.failed];
    say(summary, lines.filter((line) => line !== '').join(' '), progress.failed.length > 0 ? 'error' : '');
  };

  const pump = async () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pumping) {
      schedulePump(MIN_PUMP_DELAY_MS);
      return;
    }
    pumping = true;
    let next: number | null = null;
    try {
      const progress = await call('pumpJobsFromSidebar');
      showProgress(progress);
      const paid = progress.delivered.length + progress.collected + progress.expired.length > 0;
      if (paid) tell();
      next = progress.nextCheckInMs;
      await reload();
    } catch (error) {
      say(message, errorText(error), 'error');
    } finally {
      pumping = false;
    }
    if (next !== null) schedulePump(next);
  };

  function schedulePump(delayMs: number): void {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void pump(), Math.max(MIN_PUMP_DELAY_MS, delayMs));
  }

  const refresh = async () => {
    try {
      await reload();
    } catch (error) {
      say(message, errorText(error), 'error');
    }
  };
  refreshButton.addEventListener('click', () => busy(refreshButton, message, reload));
  document.addEventListener(DATA_CHANGED, () => {
    if (!announcing) void refresh();
  });

  // Once on open, whatever is listed: a job started in another session may be waiting.
  void refresh().then(() => (keyConfigured ? pump() : undefined));
  return { refresh };
}
