// The Bulk run panel's progress box: the run's state, a bar, counts, the message that matters most,
// and which of Pause, Resume, Cancel and Retry apply. Everything from the server is set as text.

import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { creditsText } from '../../../core/text/credits';
import type { BulkProgress } from '../../../shared/bulk-rpc';
import { say } from '../../dom';
import { count, plural, timeLeft } from './text';
import type { Controls } from './view';

const STATE_TEXT: Record<BulkProgress['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  cancelled: 'Cancelled',
  done: 'Done',
};

export function isUnfinished(progress: BulkProgress): boolean {
  return progress.state !== 'done' && progress.state !== 'cancelled';
}

function progressLine(progress: BulkProgress): string {
  const left = progress.state === 'running' ? timeLeft(progress.etaSeconds) : '';
  return [
    `${count(progress.done)} of ${plural(progress.rows, 'row')} done`,
    progress.pending > 0 ? `${plural(progress.pending, 'row')} waiting on jobs` : '',
    left,
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

function countsLine(progress: BulkProgress): string {
  return [
    BULK_TEXTS.found.say(count(progress.found)),
    BULK_TEXTS.notFound.say(count(progress.notFound)),
    BULK_TEXTS.errors.say(count(progress.errors)),
    BULK_TEXTS.skipped.say(count(progress.skipped)),
    BULK_TEXTS.invalid.say(count(progress.invalid)),
    progress.recipe
      ? `${creditsText(progress.creditsSpent)} spent on this step, ${creditsText(progress.recipe.creditsSpent)} on the recipe`
      : `${creditsText(progress.creditsSpent)} spent`,
  ].join(' · ');
}

/** One message at a time: an error first, then done, a notice, another sidebar at work. */
function showRunMessage(message: HTMLElement, progress: BulkProgress): void {
  const next = progress.recipe?.waitingFor;
  if (progress.message) say(message, progress.message, 'error');
  else if (next)
    say(
      message,
      BULK_TEXTS.stepDone.say(
        progress.recipe!.step,
        progress.recipe!.steps,
        plural(progress.failedRows, BULK_TEXTS.failedRow),
        next,
      ),
    );
  else if (progress.state === 'done') say(message, progress.refreshSummary ?? BULK_TEXTS.done.text, 'ok');
  else if (progress.state === 'cancelled') say(message, BULK_TEXTS.cancelled.text);
  else if (progress.notice) say(message, progress.notice);
  else if (progress.busy) say(message, BULK_TEXTS.otherSidebar.text);
  else if (message.classList.contains('ok')) say(message, '');
}

/** `driving`: this sidebar is calling the run's slices, so it can pause them. */
function showRunButtons(ui: Controls, progress: BulkProgress, driving: boolean): void {
  const running = progress.state === 'running';
  const unfinished = isUnfinished(progress);
  ui.pause.hidden = !(running && driving);
  ui.resume.hidden = !(unfinished && !(running && driving));
  ui.resume.textContent = running ? 'Continue' : 'Resume';
  ui.cancel.hidden = !unfinished;
  ui.retry.hidden = progress.failedRows === 0 || (running && driving);
  ui.retry.textContent = BULK_TEXTS.retryThe.say(plural(progress.failedRows, BULK_TEXTS.failedRow));
  // A recipe waits at a step with failed rows: retry them, or go on without them.
  const next = progress.recipe?.waitingFor ?? null;
  ui.goOn.hidden = next === null;
  ui.goOn.textContent = next === null ? BULK_TEXTS.goOn.text : BULK_TEXTS.goOnTo.say(next);
  // A stopped run may be replaced by a new one; a running or paused one must be finished first.
  ui.run.disabled = progress.state === 'running' || progress.state === 'paused';
}

export function showProgress(ui: Controls, progress: BulkProgress, driving: boolean): void {
  ui.progressBox.hidden = false;
  const step = progress.recipe
    ? BULK_TEXTS.recipeStep.say(progress.recipe.name, progress.recipe.step, progress.recipe.steps)
    : '';
  ui.progressTitle.textContent = `${STATE_TEXT[progress.state]}: ${step}${progress.label} on ${progress.sheetName}`;
  ui.note.textContent = isUnfinished(progress)
    ? `${progress.done} of ${progress.rows}`
    : STATE_TEXT[progress.state].toLowerCase();
  ui.bar.max = Math.max(1, progress.rows);
  ui.bar.value = progress.done;
  ui.progressText.textContent = progressLine(progress);
  ui.counts.textContent = countsLine(progress);
  showRunMessage(ui.message, progress);
  showRunButtons(ui, progress, driving);
}

/**
 * A run started from the form: its progress and its message take the preview's place, below the
 * Run button the user clicked at the panel's foot, scrolled into view; at the panel's top, where a
 * reopened sidebar shows a run under way, they were out of sight.
 */
export function showProgressHere(ui: Controls): void {
  ui.summary.before(ui.progressBox, ui.message);
  ui.progressBox.hidden = false;
  ui.progressBox.scrollIntoView({ block: 'start' });
}

/** A Resume that the same cause stops again at once (still no credits) says so, not silently. */
export function sayIfStoppedAgain(message: HTMLElement, before: BulkProgress, now: BulkProgress): void {
  if (now.state !== 'stopped' || !now.message || now.done !== before.done) return;
  say(message, BULK_TEXTS.stoppedAgain.say(now.message), 'error');
}

/** A reopened sidebar offers the run it left unfinished. */
export function sayUnfinished(message: HTMLElement, last: BulkProgress): void {
  const verb = last.state === 'running' ? 'Continue' : 'Resume';
  say(message, BULK_TEXTS.unfinished.say(last.done, plural(last.rows, 'row'), verb));
}
