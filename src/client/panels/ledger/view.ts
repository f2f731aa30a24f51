// The Spending panel's view: the figures, the breakdown by operation, the resent-lookups notice and
// the out-of-credits banner. Everything from the server is set as text.

import { REPORT_PERIODS } from '../../../core/billing/report-periods';
import { paceWords } from '../../../core/text/catalogue/sidebar/settings';
import { SPENDING_TEXTS } from '../../../core/text/catalogue/sidebar/spending';
import { creditsAmount, creditsText } from '../../../core/text/credits';
import type { LedgerView } from '../../../shared/rpc';
import { $, breakdown, buttonRow, el, field, figure, hint, pushButton } from '../../dom';

function capLine(view: LedgerView): string {
  const left = view.formulaCapLeftToday;
  return left === null ? 'unknown' : `${creditsAmount(left)} of ${creditsText(view.formulaDailyCap)}`;
}

function operationsTable(view: LedgerView): HTMLElement {
  if (view.byOperation.length === 0) return hint(SPENDING_TEXTS.nothingYet.text);
  const rows = view.byOperation.map((item): [string, string] => [item.label, creditsText(item.credits)]);
  return breakdown(SPENDING_TEXTS.byOperation.text, rows, 'ledger-operations');
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
    figure(SPENDING_TEXTS.chargedTwice.text, creditsText(credits), 'ledger-resent'),
    hint(SPENDING_TEXTS.resent.say(what), { id: 'ledger-resent-why' }),
  ];
}

/** The hidden record of purchases was deleted: the report lists fewer purchases than these totals. */
function recordLostNotice(view: LedgerView): HTMLElement[] {
  return view.recordLost ? [hint(view.recordLost, { id: 'ledger-record-lost' })] : [];
}

/** The out-of-credits notice: one banner for the whole sidebar, shown while the API says so. */
export function showCreditsAlert(outOfCredits: boolean, dismissed: boolean): void {
  const alert = $('credits-alert');
  alert.hidden = !outOfCredits || dismissed;
}

type LedgerElements = ReturnType<typeof buildLedgerBody>;

/**
 * Fills the panel's body in sidebar.html: figures (loading), the report's period and the button
 * that makes its sheet, Refresh, a status line.
 */
export function buildLedgerBody() {
  const message = el('p', { id: 'ledger-message', class: 'message', role: 'status' });
  const figures = el('div', { id: 'ledger-figures' }, hint('Loading…'));
  const button = pushButton('Refresh', { id: 'ledger-refresh' });
  const period = el(
    'select',
    { id: 'ledger-report-period' },
    ...REPORT_PERIODS.map((each) =>
      el('option', { value: each.id, selected: each.id === 'month' }, each.label),
    ),
  );
  const report = pushButton(SPENDING_TEXTS.openReport.text, { id: 'ledger-report' });
  $('ledger-body').replaceChildren(
    figures,
    field(SPENDING_TEXTS.reportPeriod.text, period),
    buttonRow(report, button),
    message,
  );
  return { note: $('ledger-note'), figures, button, period, report, message };
}

export function showLedger(ui: LedgerElements, view: LedgerView): void {
  ui.note.textContent = `${creditsText(view.today)} today`;
  ui.figures.replaceChildren(
    figure(SPENDING_TEXTS.spentToday.text, creditsText(view.today), 'ledger-today'),
    figure(SPENDING_TEXTS.spentMonth.text, creditsText(view.month), 'ledger-month'),
    figure(SPENDING_TEXTS.leftToday.text, capLine(view), 'ledger-cap-left'),
    el('h3', {}, SPENDING_TEXTS.bySource.text),
    figure('Formulas', creditsText(view.bySource.formulas), 'ledger-formulas'),
    figure(SPENDING_TEXTS.bulkRuns.text, creditsText(view.bySource.bulk), 'ledger-bulk'),
    ...(view.bySource.keyTests > 0
      ? [figure(SPENDING_TEXTS.keyTests.text, creditsText(view.bySource.keyTests), 'ledger-key-tests')]
      : []),
    ...(view.bySource.refresh > 0
      ? [figure('Refreshes', creditsText(view.bySource.refresh), 'ledger-refreshes')]
      : []),
    ...resentNotice(view),
    ...recordLostNotice(view),
    ...paceRows(view),
    operationsTable(view),
  );
}

/** The pace learned for the account, and what the API refused as too fast today. */
function paceRows(view: LedgerView): HTMLElement[] {
  if (!view.pace) return [];
  return [
    el('h3', {}, SPENDING_TEXTS.apiPace.text),
    hint(paceWords(view.pace), { id: 'ledger-pace' }),
    figure(
      SPENDING_TEXTS.refusedToday.text,
      view.pace.refusalsToday.toLocaleString('en-US'),
      'ledger-refusals',
    ),
  ];
}
