// The This cell panel's words (client/panels/receipt/) and the server's answers to it
// (server/receipt-api.ts). What a receipt's lines say is core/receipts/'.
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

/** What Buy again asks: `lookups` for `credits` (up to, when `isBound`), and how many formulas. */
export interface BuyAgainAsked {
  lookups: number;
  formulas: number;
  credits: number;
  isBound: boolean;
}

function offerText(offer: BuyAgainAsked): string {
  const lookups = offer.lookups === 1 ? '1 lookup' : `${offer.lookups.toLocaleString('en-US')} lookups`;
  const formulas = offer.formulas === 1 ? 'its formula is' : `their ${offer.formulas} formulas are`;
  const answers = offer.lookups === 1 ? 'answer is' : 'answers are';
  return `Buy ${lookups} again for ${offer.isBound ? 'up to ' : ''}${creditsText(offer.credits)}? The saved ${answers} replaced and ${formulas} entered again. Nothing else is bought.`;
}

export const RECEIPT_TEXTS = {
  selectCell: said('hint', 'Select a cell to see what it cost.'),
  intro: said('hint', 'What the selected cell shows: bought when, for what, and where it is kept.'),
  buyThemAgain: said('label', 'Buy them again'),
  buyItAgain: said('label', 'Buy it again'),
  buyAgainAsk: saidBy('confirm', offerText),
  buyAgainFor: saidBy('label', (credits: number) => `Buy again (${creditsText(credits)})…`),
  keyFirst: said('hint', 'Save your API key first: receipts are read for its account.'),
  noLookup: saidBy('hint', (cell: string) => `${cell} shows no lookup of Enrich for Sheets.`),
  atMostCells: saidBy(
    'hint',
    (most: number) => `Buy again works on at most ${most.toLocaleString('en-US')} cells at a time.`,
  ),
  formulasOnly: said(
    'hint',
    "Buy again works on the add-on's formulas; a bulk run refreshes its rows from Bulk run (Refresh answers older than…).",
  ),
  selectFirst: said('message', 'Select the cells to buy again first.'),
  priceChanged: saidBy(
    'message',
    (now: number, confirmed: number) =>
      `Buying these again now costs ${creditsText(now)}, not the ${creditsText(confirmed)} you confirmed: look at the price again.`,
  ),
  buyAgain: said('label', 'Buy again…'),
  notNow: said('label', 'Not now'),
} as const;
