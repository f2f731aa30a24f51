// The This cell panel's words (client/panels/receipt/); the server's answers to it and a receipt's
// lines are in receipt-answers.ts.
import type { BuyAgainDone } from '../../../../shared/receipt-rpc';
import { creditsText } from '../../credits';
import { plural } from '../../plural';
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
  // What Buy again did, from the server's figures.
  boughtAgain: saidBy(
    'message',
    (lookups: string, credits: number, one: boolean) =>
      `Bought ${lookups} again for ${creditsText(credits)}; the formulas show the new ${one ? 'answer' : 'answers'}.`,
  ),
  jobsRunning: saidBy(
    'message',
    (count: number, one: boolean) =>
      `${count} ${one ? 'lookup is a job' : 'lookups are jobs'} still running: the formulas fill in when ${one ? 'it is' : 'they are'} collected.`,
  ),
  notBoughtAgain: saidBy(
    'message',
    (count: number, one: boolean, reasons: string) =>
      `${count} ${one ? 'lookup was' : 'lookups were'} not bought again: ${reasons}`,
  ),
  listReplaces: saidBy('message', (sheet: string) => `The new list replaces the one in sheet '${sheet}'.`),
} as const;

/** What Buy again did, in words. */
export function buyAgainWords(done: BuyAgainDone): string {
  const T = RECEIPT_TEXTS;
  const parts: string[] = [];
  if (done.bought > 0)
    parts.push(T.boughtAgain.say(plural(done.bought, 'lookup', 'lookups'), done.credits, done.bought === 1));
  if (done.pending > 0) parts.push(T.jobsRunning.say(done.pending, done.pending === 1));
  if (done.notBought > 0)
    parts.push(T.notBoughtAgain.say(done.notBought, done.notBought === 1, done.reasons.join(' ')));
  for (const sheet of done.replacing) parts.push(T.listReplaces.say(sheet));
  if (done.refreshed !== null) parts.push(done.refreshed);
  return parts.join(' ');
}
