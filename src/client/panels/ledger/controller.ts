// The Spending panel: credits spent today and this month, by operation and by formulas vs bulk
// runs, the formula budget left today, and the one notice that the account is out of credits.
import type { LedgerView } from '../../../shared/rpc';
import { DATA_CHANGED } from '../../data-changed';
import { $, busy, el, errorText, formatCredits, say } from '../../dom';
import { latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';

function row(label: string, value: string, id?: string): HTMLElement {
  return el('div', { class: 'figure' }, el('span', {}, label), el('strong', id ? { id } : {}, value));
}

function capLine(view: LedgerView, cap: number | null): string {
  const left = view.formulaCapLeftToday;
  if (left === null) return 'unknown';
  return cap === null ? formatCredits(left) : `${left.toLocaleString('en-US')} of ${formatCredits(cap)}`;
}

function operationsTable(view: LedgerView): HTMLElement {
  if (view.byOperation.length === 0) return el('p', { class: 'hint' }, 'Nothing spent this month yet.');
  return el(
    'table',
    { class: 'breakdown', id: 'ledger-operations' },
    el('caption', {}, 'This month, by operation'),
    el(
      'tbody',
      {},
      ...view.byOperation.map((item) =>
        el('tr', {}, el('th', { scope: 'row' }, item.label), el('td', {}, formatCredits(item.credits))),
      ),
    ),
  );
}

/**
 * Lookups a network failure made us send twice: the API may have charged both sends and never
 * says, so the user hears it from us, with what it may have cost.
 */
function resentNotice(view: LedgerView): HTMLElement[] {
  const { lookups, credits } = view.possiblyChargedTwice;
  if (lookups === 0) return [];
  const what = lookups === 1 ? '1 lookup was' : `${lookups.toLocaleString('en-US')} lookups were`;
  return [
    row('Possibly charged twice', formatCredits(credits), 'ledger-resent'),
    el(
      'p',
      { class: 'hint', id: 'ledger-resent-why' },
      `This month ${what} sent again after a network failure lost the answer; the API may have charged both sends. Compare with your account's usage.`,
    ),
  ];
}

/** The out-of-credits notice: one banner for the whole sidebar, shown while the API says so. */
function showCreditsAlert(outOfCredits: boolean, dismissed: boolean): void {
  const alert = $('credits-alert');
  alert.hidden = !outOfCredits || dismissed;
}

export interface LedgerPanel {
  /** Asks the server again. */
  refresh(): Promise<void>;
  /** Shows the last answer again, e.g. once the saved cap is known. */
  rerender(): void;
}

/** `formulaCap` tells the panel the saved daily cap, so it can say "88 of 100". */
export function mountLedgerPanel(formulaCap: () => number | null): LedgerPanel {
  const body = $('ledger-body');
  const note = $('ledger-note');
  const message = el('p', { id: 'ledger-message', class: 'message', role: 'status' });
  const figures = el('div', { id: 'ledger-figures' }, el('p', { class: 'hint' }, 'Loading…'));
  const button = el('button', { type: 'button', id: 'ledger-refresh' }, 'Refresh');
  body.replaceChildren(figures, el('div', { class: 'buttons' }, button), message);
  let dismissed = false;
  let last: LedgerView | null = null;

  $('credits-alert-dismiss').addEventListener('click', () => {
    dismissed = true;
    showCreditsAlert(true, true);
  });

  const show = (view: LedgerView) => {
    last = view;
    note.textContent = `${formatCredits(view.today)} today`;
    figures.replaceChildren(
      row('Spent today', formatCredits(view.today), 'ledger-today'),
      row('Spent this month', formatCredits(view.month), 'ledger-month'),
      row('Left for formulas today', capLine(view, formulaCap()), 'ledger-cap-left'),
      el('h3', {}, 'This month, by source'),
      row('Formulas', formatCredits(view.bySource.formulas), 'ledger-formulas'),
      row('Bulk runs', formatCredits(view.bySource.bulk), 'ledger-bulk'),
      ...(view.bySource.keyTests > 0
        ? [row('Key tests', formatCredits(view.bySource.keyTests), 'ledger-key-tests')]
        : []),
      ...resentNotice(view),
      operationsTable(view),
    );
    // A later 402 after a dismissal is news again only once the flag was cleared in between.
    if (!view.outOfCredits) dismissed = false;
    showCreditsAlert(view.outOfCredits, dismissed);
    say(message, '');
  };
  const refresh = latestOnly(() => call('getLedger'), show);
  const guarded = async () => {
    try {
      await refresh();
    } catch (error) {
      say(message, errorText(error), 'error');
    }
  };

  button.addEventListener('click', () => busy(button, message, refresh));
  document.addEventListener(DATA_CHANGED, () => void guarded());
  void guarded();
  return {
    refresh: guarded,
    rerender: () => {
      if (last) show(last);
    },
  };
}
