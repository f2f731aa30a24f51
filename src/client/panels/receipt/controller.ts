// The "This cell" panel: the receipt of the selected cell, following the selection while the panel
// is open and the sidebar visible. Apps Script tells a sidebar nothing when the selection moves,
// so the panel asks every few seconds, naming the selection it shows: the server then answers
// "unchanged" after reading the active range alone. Buy again states its price first.
import { buyAgainWords } from '../../../core/text/catalogue/sidebar/receipt';
import type { BuyAgainResult, SelectionReceipt } from '../../../shared/receipt-rpc';
import { announceChange, DATA_CHANGED } from '../../data-changed';
import { $, busyOnClick, reported, say } from '../../dom';
import { oneAtATime } from '../../latest-only';
import { call } from '../../rpc-client';
import { buildReceiptBody, openConfirmation, showReceipt } from './view';

/** How often an open panel asks whether the selection moved. */
const FOLLOW_MS = 2_500;

export function mountReceiptPanel(): void {
  const ui = buildReceiptBody();
  const section = $('receipt-panel') as HTMLDetailsElement;
  let last: SelectionReceipt | null = null;

  const show = (receipt: SelectionReceipt) => {
    if (receipt.unchanged) return;
    last = receipt;
    showReceipt(ui, receipt);
  };
  /** `again`: the receipt may have changed though the selection did not (a purchase, a change). */
  const ask = oneAtATime(async (again: boolean) => {
    if (!section.open) return;
    await reported(ui.message, async () =>
      show(await call('getCellReceipt', again ? null : (last?.selection ?? null))),
    );
  });

  section.addEventListener('toggle', () => void ask(true));
  document.addEventListener(DATA_CHANGED, () => void ask(true));
  window.setInterval(() => {
    if (document.visibilityState === 'visible') void ask(false);
  }, FOLLOW_MS);

  /** What Buy again did, said; the receipt as it is now, and the other panels reload. */
  const bought = (result: BuyAgainResult) => {
    show(result.receipt);
    say(ui.message, buyAgainWords(result.done), result.ok ? 'ok' : 'error');
    announceChange();
  };

  ui.buyAgain.addEventListener('click', () => {
    if (last?.buyAgain) openConfirmation(ui, last.buyAgain);
  });
  busyOnClick(ui.refreshButton, ui.message, async () => {
    // The credits typed are the most it spends: what the user agreed to.
    const budget = Number(ui.refreshBudget.value);
    bought(await call('buyAgain', budget, budget));
  });
  ui.keep.addEventListener('click', () => {
    ui.confirmation.hidden = true;
    ui.buyAgain.hidden = last?.buyAgain === null;
    ui.buyAgain.focus();
  });
  busyOnClick(ui.confirm, ui.message, async () => {
    const result = await call('buyAgain', last?.buyAgain?.credits ?? 0);
    ui.confirmation.hidden = true;
    bought(result);
  });
}
