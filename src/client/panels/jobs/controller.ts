// The Jobs panel: async lookups (employee lists, full profiles, answers deferred under load) that
// are pending or finished lately. While any is pending the sidebar is one of the collector's drivers: it
// calls collectJobsFromSidebar once on open and again after each `nextCheckInMs`.
import { JOBS_TEXTS } from '../../../core/text/catalogue/sidebar/jobs';
import type { JobsList, JobView, QueuedFormulaView } from '../../../shared/jobs-rpc';
import { announceChange, DATA_CHANGED } from '../../data-changed';
import { $, busy, busyOnClick, errorText, reported, say } from '../../dom';
import { type Latest, latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';
import {
  buildJobsBody,
  type JobsElements,
  openRetryConfirmation,
  showBackground,
  showCollectorProgress,
  showDrivers,
  showJobList,
  showNoKey,
} from './view';

/** The collector is never asked more often than this, whatever it answers. */
const MIN_COLLECT_DELAY_MS = 1_000;

export function mountJobsPanel(): void {
  const jobs = new JobsController(buildJobsBody());
  // Once on open, whatever is listed: a job started in another session may be waiting.
  void jobs.refresh().then(() => jobs.collectIfKeyConfigured());
}

class JobsController {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private collecting = false;
  // Events this panel fires need no reload here: it reloads right after.
  private announcing = false;
  private openedForPending = false;
  private keyConfigured = false;
  private readonly reload: Latest<JobsList>;

  constructor(private readonly ui: JobsElements) {
    this.reload = latestOnly(
      () => call('listJobs'),
      (list) => this.show(list),
    );
    busyOnClick(ui.refreshButton, ui.message, () => this.reload());
    document.addEventListener(DATA_CHANGED, () => {
      if (!this.announcing) void this.refresh();
    });
  }

  refresh(): Promise<void> {
    return reported(this.ui.message, this.reload);
  }

  collectIfKeyConfigured(): Promise<void> | undefined {
    return this.keyConfigured ? this.collect() : undefined;
  }

  /** A listener's throw never reaches dispatchEvent's caller: `announcing` is always reset. */
  private tell(): void {
    this.announcing = true;
    announceChange();
    this.announcing = false;
  }

  private show(jobs: JobsList): void {
    this.keyConfigured = jobs.keyConfigured;
    if (!jobs.keyConfigured) {
      showNoKey(this.ui);
      return;
    }
    // A queued formula is pending work as much as a job: the panel never says nothing waits.
    const waiting = jobs.pending + jobs.queued.length;
    showBackground(this.ui, jobs.background, waiting);
    showDrivers(this.ui, jobs.drivers);
    if (jobs.reauthorized) say(this.ui.summary, JOBS_TEXTS.reauthorized.text);
    // Pending work is what a user wants to see first; opened once, then left to the user.
    if (waiting > 0 && !this.openedForPending) {
      this.openedForPending = true;
      ($('jobs-panel') as HTMLDetailsElement).open = true;
    }
    showJobList(
      this.ui,
      jobs,
      (job, button) => this.retry(job, button),
      (queued, button) => this.cancel(queued, button),
    );
    // A formula may have started a job or queued lookups since the timer stopped: the sidebar
    // drives them again.
    if (waiting > 0 && this.timer === null && !this.collecting) this.scheduleCollect(MIN_COLLECT_DELAY_MS);
  }

  /** Stops buying a formula's queued lookups; nothing is asked first, since nothing is spent. */
  private cancel(queued: QueuedFormulaView, button: HTMLButtonElement): void {
    void busy(button, this.ui.message, async () => {
      this.show(await call('cancelQueuedFormula', queued.id));
      say(this.ui.message, JOBS_TEXTS.cancelled.say(queued.where), 'ok');
    });
  }

  private retry(job: JobView, button: HTMLButtonElement): void {
    const yes = openRetryConfirmation(job, button);
    busyOnClick(yes, this.ui.message, async () => {
      const result = await call('retryExpiredJob', job.key);
      say(this.ui.message, result.message, result.ok ? 'ok' : 'error');
      if (result.ok) this.tell();
      await this.reload();
      this.scheduleCollect(MIN_COLLECT_DELAY_MS);
    });
  }

  private async collect(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.collecting) {
      this.scheduleCollect(MIN_COLLECT_DELAY_MS);
      return;
    }
    this.collecting = true;
    let next: number | null = null;
    try {
      const progress = await call('collectJobsFromSidebar');
      showCollectorProgress(this.ui, progress);
      const paid = progress.delivered.length + progress.collected + progress.expired.length > 0;
      if (paid) this.tell();
      // Set before the reload: a failed reload still leaves the collector scheduled.
      next = progress.nextCheckInMs;
      await this.reload();
    } catch (error) {
      say(this.ui.message, errorText(error), 'error');
    } finally {
      this.collecting = false;
    }
    if (next !== null) this.scheduleCollect(next);
  }

  private scheduleCollect(delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.collect(), Math.max(MIN_COLLECT_DELAY_MS, delayMs));
  }
}
