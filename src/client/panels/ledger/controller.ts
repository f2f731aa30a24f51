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

export interface LedgerPanel {
  /** Shows the last answer again, e.g. once the saved cap is known. */
  rerender(): void;
}

/** `formulaCap` tells the panel the saved daily cap, so it can say "88 of 100". */
export function mountLedgerPanel(formulaCap: () => number | null): LedgerPanel {
  const ui = buildLedgerBody();
  let dismissed = false;
  let last: LedgerView | null = null;

  $('credits-alert-dismiss').addEventListener('click', () => {
    dismissed = true;
    showCreditsAlert(true, true);
  });

  const show = (view: LedgerView) => {
    last = view;
    showLedger(ui, view, formulaCap());
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
  return {
    rerender: () => {
      if (last) show(last);
    },
  };
}
