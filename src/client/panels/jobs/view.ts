// The Jobs panel's view: the background-collection line, the collector's summary, the list of jobs and
// the retry confirmation. Everything from the server is set as text.
import { JOBS_TEXTS } from '../../../core/text/catalogue/sidebar/jobs';
import type {
  BackgroundCollection,
  CollectorProgress,
  JobsList,
  JobView,
  QueuedFormulaView,
} from '../../../shared/jobs-rpc';
import { $, buttonRow, el, itemHead, pushButton, say } from '../../dom';

const BACKGROUND_TEXT: Record<BackgroundCollection, string> = {
  minute: JOBS_TEXTS.backgroundMinute.text,
  hour: JOBS_TEXTS.backgroundHour.text,
  off: JOBS_TEXTS.backgroundOff.text,
};

function jobItem(job: JobView, retry: (job: JobView, button: HTMLButtonElement) => void): HTMLElement {
  const meta = [JOBS_TEXTS.started.say(job.ageText), job.costText].join(' · ');
  const item = el(
    'li',
    { class: `job job-${job.state}`, 'data-key': job.key },
    itemHead(job.label, job.stateText, job.state),
    el('code', { class: 'job-query' }, job.query),
    el('p', { class: 'hint job-meta' }, meta),
    job.message ? el('p', { class: 'job-message' }, job.message) : null,
  );
  if (job.canRetry) {
    const button = pushButton(
      job.state === 'expired' || job.state === 'lost' || job.state === 'stalled'
        ? JOBS_TEXTS.runAgain.text
        : JOBS_TEXTS.writeAgain.text,
      { class: 'job-retry' },
    );
    button.addEventListener('click', () => retry(job, button));
    item.append(buttonRow(button));
  }
  return item;
}

export type JobsElements = ReturnType<typeof buildJobsBody>;

/** Fills the panel's body in sidebar.html. */
export function buildJobsBody() {
  const background = el('p', { id: 'jobs-background', class: 'status' }, 'Loading…');
  const drivers = el('p', { id: 'jobs-drivers', class: 'hint' });
  const summary = el('p', { id: 'jobs-summary', class: 'message', role: 'status' });
  const list = el('ul', { id: 'jobs-list', class: 'jobs' });
  const refreshButton = pushButton('Refresh', { id: 'jobs-refresh' });
  const message = el('p', { id: 'jobs-message', class: 'message', role: 'alert' });
  $('jobs-body').replaceChildren(background, drivers, summary, list, buttonRow(refreshButton), message);
  return { note: $('jobs-note'), background, drivers, summary, list, refreshButton, message };
}

export function showBackground(ui: JobsElements, mode: BackgroundCollection, pending: number): void {
  const idle = mode === 'off' && pending === 0;
  ui.background.textContent = idle ? JOBS_TEXTS.backgroundIdle.text : BACKGROUND_TEXT[mode];
  ui.background.dataset.mode = idle ? 'idle' : mode;
}

/** Whether jobs reach their cells and sheets with the sidebar closed. */
export function showDrivers(ui: JobsElements, drivers: { edit: boolean; open: boolean }): void {
  const on = [
    drivers.edit ? JOBS_TEXTS.onEveryEdit.text : '',
    drivers.open ? JOBS_TEXTS.whenItOpens.text : '',
  ];
  const when = on.filter((part) => part !== '').join(' and ');
  ui.drivers.textContent = when ? JOBS_TEXTS.collectedWhen.say(when) : JOBS_TEXTS.checkOnly.text;
  ui.drivers.dataset.on = String(when !== '');
}

/** Jobs are polled with the key that started them: without one there is nothing to drive. */
export function showNoKey(ui: JobsElements): void {
  ui.background.textContent = JOBS_TEXTS.noKey.text;
  ui.background.dataset.mode = 'off';
  ui.drivers.textContent = '';
  ui.note.textContent = '';
  say(ui.summary, '');
  ui.list.replaceChildren();
}

function jobsNote(jobs: JobsList): string {
  const waiting = jobs.pending + jobs.queued.length;
  if (waiting > 0) return `${waiting} pending`;
  return jobs.jobs.length > 0 ? JOBS_TEXTS.nonePending.text : '';
}

/** A formula whose lookups are queued: where, what is left, since when, and Cancel. */
function queuedItem(
  queued: QueuedFormulaView,
  cancel: (queued: QueuedFormulaView, button: HTMLButtonElement) => void,
) {
  const button = pushButton('Cancel', { class: 'queued-cancel' });
  button.addEventListener('click', () => cancel(queued, button));
  return el(
    'li',
    { class: 'job job-queued', 'data-id': queued.id },
    itemHead(JOBS_TEXTS.queuedFormula.say(queued.where), `${queued.lookupsText} queued`, 'processing'),
    el('code', { class: 'job-query' }, queued.formula),
    el('p', { class: 'hint job-meta' }, `${queued.sinceText} · ${queued.byText}`),
    buttonRow(button),
  );
}

export function showJobList(
  ui: JobsElements,
  jobs: JobsList,
  retry: (job: JobView, button: HTMLButtonElement) => void,
  cancel: (queued: QueuedFormulaView, button: HTMLButtonElement) => void,
): void {
  ui.note.textContent = jobsNote(jobs);
  const items = [
    ...jobs.queued.map((queued) => queuedItem(queued, cancel)),
    ...jobs.jobs.map((job) => jobItem(job, retry)),
  ];
  ui.list.replaceChildren(
    ...(items.length > 0 ? items : [el('li', { class: 'hint' }, JOBS_TEXTS.noJobs.text)]),
  );
}

export function showCollectorProgress(ui: JobsElements, progress: CollectorProgress): void {
  showBackground(ui, progress.background, progress.pending);
  const lines = [progress.summary, ...progress.delivered, ...progress.expired, ...progress.failed];
  say(ui.summary, lines.filter((line) => line !== '').join(' '), progress.failed.length > 0 ? 'error' : '');
}

/**
 * The confirmation replaces the retry button's row: the user reads the cost before anything is
 * sent. No puts the row back.
 */
export function openRetryConfirmation(job: JobView, button: HTMLButtonElement): HTMLButtonElement {
  const question = el('p', { class: 'warning' }, JOBS_TEXTS.retryQuestion.say(job));
  const yes = pushButton(JOBS_TEXTS.runIt.text, { class: 'action job-retry-confirm' });
  const no = pushButton('Cancel', { class: 'job-retry-cancel' });
  const box = el('div', { class: 'confirmation', role: 'group' }, question, buttonRow(yes, no));
  const holder = button.parentElement!;
  holder.replaceWith(box);
  yes.focus();
  no.addEventListener('click', () => {
    box.replaceWith(holder);
    button.focus();
  });
  return yes;
}
