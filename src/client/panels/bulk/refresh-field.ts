// The Bulk run panel's refresh: answers are kept until the user refreshes them, so this is where a
// user chooses fresh data: an age, a budget in credits and an order (the oldest answers first).
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { el } from '../../dom';

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
      'label',
      {},
      el('input', { type: 'checkbox', id: 'bulk-refresh-selection' }),
      BULK_TEXTS.refreshSelection.text,
    ),
    el('p', { class: 'hint' }, BULK_TEXTS.refreshHint.text),
  );
}
