// The "This cell" panel's view: the selected cell's receipt as label and text lines, Buy again with
// its price stated first, and a status line. Everything from the server is set as text.
import { RECEIPT_TEXTS } from '../../../core/text/catalogue/sidebar/receipt';
import { RECEIPT_ANSWERS } from '../../../core/text/catalogue/sidebar/receipt-answers';
import { TIMES_TEXTS } from '../../../core/text/catalogue/sidebar/times';
import type { BuyAgainOffer, SelectionReceipt } from '../../../shared/receipt-rpc';
import { $, buttonRow, confirmationBox, el, field, hint, numberInput, pushButton } from '../../dom';

type ReceiptElements = ReturnType<typeof buildReceiptBody>;

/**
 * Fills the panel's body in sidebar.html; the confirmation starts hidden. `refresh` is Buy again as
 * a refresh: the oldest answers first, within the credits typed.
 */
export function buildReceiptBody() {
  const lines = el('dl', { id: 'receipt-lines', class: 'receipt' });
  const times = el('p', { id: 'receipt-times', class: 'hint', hidden: true });
  const said = hint(RECEIPT_ANSWERS.selectCell.text, { id: 'receipt-said' });
  const buyAgain = pushButton(RECEIPT_TEXTS.buyAgain.text, { id: 'receipt-buy-again', hidden: true });
  const box = confirmationBox(
    'receipt',
    RECEIPT_TEXTS.buyThemAgain.text,
    'action',
    RECEIPT_TEXTS.notNow.text,
  );
  const message = el('p', { id: 'receipt-message', class: 'message', role: 'status' });
  const refreshBudget = numberInput('receipt-refresh-budget', '1', '1');
  const refreshButton = pushButton(RECEIPT_TEXTS.refresh.text, { id: 'receipt-refresh' });
  const refresh = field(RECEIPT_TEXTS.refreshWithin.text, refreshBudget, buttonRow(refreshButton));
  refresh.hidden = true;
  $('receipt-body').replaceChildren(
    hint(RECEIPT_TEXTS.intro.text),
    lines,
    times,
    said,
    buttonRow(buyAgain),
    refresh,
    box.confirmation,
    message,
  );
  return {
    note: $('receipt-note'),
    lines,
    times,
    said,
    buyAgain,
    refresh,
    refreshBudget,
    refreshButton,
    ...box,
    message,
  };
}

export function showReceipt(ui: ReceiptElements, receipt: SelectionReceipt): void {
  ui.note.textContent = receipt.selection;
  ui.lines.replaceChildren(
    ...receipt.lines.flatMap((line) => [el('dt', {}, line.label), el('dd', {}, line.text)]),
  );
  ui.times.textContent = receipt.timeZone === '' ? '' : TIMES_TEXTS.note.say(receipt.timeZone);
  ui.times.hidden = receipt.lines.length === 0 || receipt.timeZone === '';
  ui.said.textContent = receipt.message;
  ui.said.hidden = receipt.message === '';
  const offer = receipt.buyAgain;
  ui.buyAgain.hidden = offer === null;
  ui.refresh.hidden = offer === null;
  ui.buyAgain.textContent = offer
    ? RECEIPT_TEXTS.buyAgainFor.say(offer.credits)
    : RECEIPT_TEXTS.buyAgain.text;
  if (offer === null) ui.confirmation.hidden = true;
}

/** Buy again gives way to the question, the price in it. */
export function openConfirmation(ui: ReceiptElements, offer: BuyAgainOffer): void {
  ui.question.textContent = RECEIPT_TEXTS.buyAgainAsk.say(offer);
  ui.confirm.textContent = (offer.lookups === 1 ? RECEIPT_TEXTS.buyItAgain : RECEIPT_TEXTS.buyThemAgain).text;
  ui.buyAgain.hidden = true;
  ui.confirmation.hidden = false;
  ui.confirm.focus();
}
