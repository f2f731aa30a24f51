// The Bulk run panel's refresh: answers are kept until the user refreshes them, so this is where a
// user chooses fresh data: an age, a budget in credits and an order (the oldest answers first).
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import type { BulkRunConfig } from '../../../shared/bulk-rpc';
import { announceChange } from '../../data-changed';
import { $, busy, el, say } from '../../dom';
import { call } from '../../rpc-client';

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
      el('input', {
        id: 'bulk-refresh-days',
        type: 'number',
        min: '0',
        step: '1',
        value: '30',
        'aria-label': 'Days',
      }),
      ' days',
    ),
    el('label', { for: 'bulk-refresh-budget' }, BULK_TEXTS.refreshBudget.text),
    el('input', { id: 'bulk-refresh-budget', type: 'number', min: '1', step: '1', inputmode: 'numeric' }),
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
    el('p', { class: 'hint' }, BULK_TEXTS.refreshHint.text),
    el('button', { type: 'button', id: 'bulk-refresh-schedule' }, BULK_TEXTS.refreshSchedule.text),
    el('p', { id: 'bulk-refresh-message', class: 'message', role: 'status' }),
  );
}

/**
 * "Refresh on a schedule": the column's refresh, at most the budget a month, run by the hourly
 * check as a watch's is (a watch that fills no new row; the Watches panel lists it).
 */
export function wireSchedule(config: () => BulkRunConfig): void {
  const button = $<HTMLButtonElement>('bulk-refresh-schedule');
  const message = $('bulk-refresh-message');
  button.addEventListener('click', () =>
    busy(button, message, async () => {
      const days = Number($<HTMLInputElement>('bulk-refresh-days').value);
      const monthlyCredits = Number($<HTMLInputElement>('bulk-refresh-budget').value);
      if (!(monthlyCredits > 0)) throw new Error(BULK_TEXTS.scheduleBudgetFirst.text);
      const column = { ...config() };
      for (const asked of ['refreshOlderThanDays', 'refreshBudget', 'refreshOrder', 'rows'] as const)
        delete column[asked];
      const refreshOnly = { days, monthlyCredits };
      await call('createWatch', { kind: 'lookup', config: column, dailyCap: monthlyCredits, refreshOnly });
      say(message, BULK_TEXTS.scheduled.say(days, monthlyCredits), 'ok');
      announceChange();
    }),
  );
}
