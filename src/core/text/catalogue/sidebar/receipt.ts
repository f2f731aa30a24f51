// The This cell panel's words (client/panels/receipt/); the server's answers to it and a receipt's
// lines are in receipt-answers.ts.
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
  intro: said('hint', 'What the selected cell shows: bought when, for what, and where it is kept.'),
  buyThemAgain: said('label', 'Buy them again'),
  buyItAgain: said('label', 'Buy it again'),
  buyAgainAsk: saidBy('confirm', offerText),
  buyAgainFor: saidBy('label', (credits: number) => `Buy again (${creditsText(credits)})…`),
  buyAgain: said('label', 'Buy again…'),
  refresh: said('label', 'Refresh'),
  refreshWithin: said('label', 'Or refresh within (credits), the oldest answers first'),
  notNow: said('label', 'Not now'),
} as const;
