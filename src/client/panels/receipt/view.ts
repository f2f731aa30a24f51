// The "This cell" panel's view: the selected cell's receipt as label and text lines, Buy again with
// its price stated first, and a status line. Everything from the server is set as text.
import { creditsText } from '../../../core/text/credits';
import { timesNote } from '../../../core/text/time-zone';
import type { BuyAgainOffer, SelectionReceipt } from '../../../shared/receipt-rpc';
import { $, el } from '../../dom';

export interface ReceiptElements {
  note: HTMLElement;
  lines: HTMLElement;
  times: HTMLElement;
  said: HTMLElement;
  buyAgain: HTMLButtonElement;
  question: HTMLElement;
  confirmation: HTMLElement;
  confirm: HTMLButtonElement;
  keep: HTMLButtonElement;
  message: HTMLElement;
}

/** Fills the panel's body in sidebar.html; the confirmation starts hidden. */
export function buildReceiptBody(): ReceiptElements {
  const lines = el('dl', { id: 'receipt-lines', class: 'receipt' });
  const times = el('p', { id: 'receipt-times', class: 'hint', hidden: true });
  const said = el('p', { id: 'receipt-said', class: 'hint' }, 'Select a cell to see what it cost.');
  const buyAgain = el('button', { type: 'button', id: 'receipt-buy-again', hidden: true }, 'Buy again…');
  const question = el('p', { id: 'receipt-confirm-text', class: 'warning' });
  const confirm = el('button', { type: 'button', id: 'receipt-confirm', class: 'action' }, 'Buy them again');
  const keep = el('button', { type: 'button', id: 'receipt-keep' }, 'Not now');
  const confirmation = el(
    'div',
    {
      id: 'receipt-confirmation',
      class: 'confirmation',
      role: 'group',
      'aria-labelledby': 'receipt-confirm-text',
    },
    question,
    el('div', { class: 'buttons' }, confirm, keep),
  );
  confirmation.hidden = true;
  const message = el('p', { id: 'receipt-message', class: 'message', role: 'status' });
  $('receipt-body').replaceChildren(
    el('p', { class: 'hint' }, 'What the selected cell shows: bought when, for what, and where it is kept.'),
    lines,
    times,
    said,
    el('div', { class: 'buttons' }, buyAgain),
    confirmation,
    message,
  );
  return {
    note: $('receipt-note'),
    lines,
    times,
    said,
    buyAgain,
    question,
    confirmation,
    confirm,
    keep,
    message,
  };
}

function offerText(offer: BuyAgainOffer): string {
  const lookups = offer.lookups === 1 ? '1 lookup' : `${offer.lookups.toLocaleString('en-US')} lookups`;
  const formulas = offer.formulas === 1 ? 'its formula is' : `their ${offer.formulas} formulas are`;
  return `Buy ${lookups} again for ${offer.isBound ? 'up to ' : ''}${creditsText(offer.credits)}? The saved answers are replaced and ${formulas} entered again. Nothing else is bought.`;
}

export function showReceipt(ui: ReceiptElements, receipt: SelectionReceipt): void {
  ui.note.textContent = receipt.selection;
  ui.lines.replaceChildren(
    ...receipt.lines.flatMap((line) => [el('dt', {}, line.label), el('dd', {}, line.text)]),
  );
  ui.times.textContent = receipt.timeZone === '' ? '' : timesNote(receipt.timeZone);
  ui.times.hidden = receipt.lines.length === 0 || receipt.timeZone === '';
  ui.said.textContent = receipt.message;
  ui.said.hidden = receipt.message === '';
  const offer = receipt.buyAgain;
  ui.buyAgain.hidden = offer === null;
  ui.buyAgain.textContent = offer ? `Buy again (${creditsText(offer.credits)})…` : 'Buy again…';
  if (offer === null) closeConfirmation(ui);
}

/** Buy again gives way to the question, the price in it. */
export function openConfirmation(ui: ReceiptElements, offer: BuyAgainOffer): void {
  ui.question.textContent = offerText(offer);
  ui.buyAgain.hidden = true;
  ui.confirmation.hidden = false;
  ui.confirm.focus();
}

export function closeConfirmation(ui: ReceiptElements): void {
  ui.confirmation.hidden = true;
}
