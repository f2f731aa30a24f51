// The Spending panel: credits spent today and this month, by operation and by formulas vs bulk
// runs, the formula budget left today, the one notice that the account is out of credits, and the
// spend report (a sheet of every purchase over a chosen period).
import type { ReportPeriod } from '../../../shared/receipt-rpc';
import type { LedgerView } from '../../../shared/rpc';
import { DATA_CHANGED } from '../../data-changed';
import { $, busyOnClick, reported, say } from '../../dom';
import { latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';
import { buildLedgerBody, showCreditsAlert, showLedger } from './view';

export function mountLedgerPanel(): void {
  const ui = buildLedgerBody();
  let dismissed = false;

  $('credits-alert-dismiss').addEventListener('click', () => {
    dismissed = true;
    showCreditsAlert(true, true);
  });

  const show = (view: LedgerView) => {
    showLedger(ui, view);
    // A later 402 after a dismissal is news again only once the flag was cleared in between.
    if (!view.outOfCredits) dismissed = false;
    showCreditsAlert(view.outOfCredits, dismissed);
    say(ui.message, '');
  };
  const refresh = latestOnly(() => call('getLedger'), show);
  const guarded = () => reported(ui.message, refresh);

  busyOnClick(ui.button, ui.message, refresh);
  busyOnClick(ui.report, ui.message, async () => {
    const result = await call('openSpendReport', ui.period.value as ReportPeriod);
    // The figures read again with the report: both say what the record holds now.
    await refresh();
    say(ui.message, result.message, 'ok');
  });
  document.addEventListener(DATA_CHANGED, () => void guarded());
  void guarded();
}
