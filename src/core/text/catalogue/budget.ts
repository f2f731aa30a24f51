// Why the daily formula budget refused a lookup (billing/budget.ts).
import { creditsText } from '../credits';
import { opening } from './family';

export const DAILY_BUDGET = opening('error', 'Daily formula budget of ');
export const NO_FORMULA_BUDGET = opening('error', 'Formulas may not spend credits: ');

const SETTINGS_HINT = '(Extensions > Enrich for Sheets > Open sidebar to change it)';

/**
 * The lookup that did not fit: credits still `left` today, what it may cost (`estimate`), and
 * whether that is a `bound` (an employee list, priced by the employees returned, bounded by `max`).
 */
export type UnfitLookup = { left: number; estimate: number; bound: boolean };

/**
 * Why a formula was refused. With credits still left, "reached" would be false: it names what is
 * left and the price that did not fit.
 */
export function capReachedMessage(formulaDailyCap: number, unfit?: UnfitLookup): string {
  if (!(formulaDailyCap > 0)) return NO_FORMULA_BUDGET.say(`the daily formula budget is 0 ${SETTINGS_HINT}`);
  const budget = DAILY_BUDGET.say(creditsText(formulaDailyCap));
  if (!unfit || !(unfit.left > 0)) return `${budget} reached ${SETTINGS_HINT}`;
  const price = `${unfit.bound ? 'may cost up to' : 'costs'} ${creditsText(unfit.estimate)}`;
  return `${budget}: ${creditsText(unfit.left)} left today, and this lookup ${price} ${SETTINGS_HINT}`;
}
