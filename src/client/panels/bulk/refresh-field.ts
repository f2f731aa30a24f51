// The Bulk run panel's refresh: answers are kept until the user refreshes them, so this is where a
// user chooses fresh data: an age, a budget in credits and an order (the oldest answers first).
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { columnLetters } from '../../../core/text/cell-refs';
import type { BulkPreview, BulkRunConfig } from '../../../shared/bulk-rpc';
import type { BackgroundCollection } from '../../../shared/jobs-rpc';
import type { WatchDraft } from '../../../shared/watch-rpc';
import { onScheduleListed } from '../../data-changed';
import { $, busyOnClick, el, hint, numberInput, pushButton, say } from '../../dom';
import { call } from '../../rpc-client';
import { turnOnButton } from '../watches/offer';
import { conflictNotes, outputsText } from './preview-view';
import { plural } from './text';

/** Off by default: nothing is bought again unless the user asks, and the preview says what it costs. */
export function refreshField(): HTMLElement {
  return el(
    'div',
    { id: 'bulk-refresh', class: 'field' },
    el(
      'label',
      {},
      el('input', { type: 'checkbox', id: 'bulk-refresh-on' }),
      BULK_TEXTS.refreshOlder.text,
      numberInput('bulk-refresh-days', '0', '1', { value: '30', 'aria-label': 'Days' }),
      ' days',
    ),
    el('label', { for: 'bulk-refresh-budget' }, BULK_TEXTS.refreshBudget.text),
    numberInput('bulk-refresh-budget', '1', '1', { inputmode: 'numeric' }),
    el(
      'select',
      { id: 'bulk-refresh-order', 'aria-label': 'Order' },
      el('option', { value: 'oldest' }, BULK_TEXTS.refreshOldest.text),
      el('option', { value: 'rows' }, BULK_TEXTS.refreshTopDown.text),
    ),
    el(
      'select',
      { id: 'bulk-refresh-over', 'aria-label': 'Over' },
      el('option', { value: '' }, BULK_TEXTS.refreshColumn.text),
      el('option', { value: 'selection' }, BULK_TEXTS.refreshSelection.text),
      el('option', { value: 'sheet' }, BULK_TEXTS.refreshSheet.text),
    ),
    hint(BULK_TEXTS.refreshHint.text),
    pushButton(BULK_TEXTS.refreshSchedule.text, { id: 'bulk-refresh-schedule' }),
    el('p', { id: 'bulk-refresh-message', class: 'message', role: 'status' }),
  );
}

/**
 * "Refresh on a schedule": the column's refresh, at most the budget a month, run by the hourly
 * check as a watch's is (a watch that fills no new row; the Watches panel lists it). What it would
 * do is said first, and Turn it on makes it as said.
 */
export function wireSchedule(config: () => BulkRunConfig): void {
  const button = $<HTMLButtonElement>('bulk-refresh-schedule');
  const message = $('bulk-refresh-message');
  const shown = el('div');
  message.before(shown);
  let schedule: BackgroundCollection | null = null;
  onScheduleListed((clock) => {
    schedule = clock;
  });
  busyOnClick(button, message, async () => {
    say(message, '');
    const days = Number($<HTMLInputElement>('bulk-refresh-days').value);
    const monthlyCredits = Number($<HTMLInputElement>('bulk-refresh-budget').value);
    if (!(monthlyCredits > 0)) throw new Error(BULK_TEXTS.scheduleBudgetFirst.text);
    const column = { ...config() };
    for (const asked of ['refreshOlderThanDays', 'refreshBudget', 'refreshOrder', 'rows'] as const)
      delete column[asked];
    const refreshOnly = { days, monthlyCredits };
    const draft: WatchDraft = { kind: 'lookup', config: column, dailyCap: monthlyCredits, refreshOnly };
    const preview = (await call('previewWatch', draft)) as BulkPreview;
    const turnOn = turnOnButton('bulk-refresh-confirm', draft, shown, message, (list) =>
      BULK_TEXTS.scheduled.say(days, monthlyCredits, list.clock),
    );
    shown.replaceChildren(scheduleView(preview, { ...refreshOnly, schedule }, turnOn));
  });
}

/** What the scheduled refresh does: its column and rows, its schedule and budget, nothing else. */
function scheduleView(
  preview: BulkPreview,
  asked: { days: number; monthlyCredits: number; schedule: BackgroundCollection | null },
  turnOn: HTMLButtonElement,
): HTMLElement {
  const due = preview.refresh ?? { rows: 0, credits: 0 };
  const answered = preview.alreadyFilled + preview.notFoundBefore + due.rows;
  const status = preview.statusColumn;
  return el(
    'div',
    { id: 'bulk-refresh-preview' },
    hint(
      BULK_TEXTS.refreshOnly.say(
        outputsText(preview),
        plural(answered, 'row'),
        asked.days,
        asked.monthlyCredits,
        asked.schedule,
      ),
    ),
    hint(BULK_TEXTS.refreshOnlyDue.say(plural(due.rows, 'row'), due.credits)),
    hint(BULK_TEXTS.refreshOnlyWrites.say(columnLetters(status.column), status.created)),
    ...conflictNotes(preview.columnConflicts),
    turnOn,
  );
}
