// The one place that tells the add-on's own formulas from any other. Two questions, one list of
// names: refreshing a formula whose job arrived asks whether it calls ours anywhere; freezing
// results asks whether the formula is one of ours as a whole (a wrapper such as IFERROR may
// hide a failure that a recalculation should retry, so it is not frozen).
import { FUNCTION_NAMES } from '../operations/table';

/** One of our function names called anywhere in the formula, not as the tail of another name. */
const OUR_FUNCTION_AT_TOP = new RegExp(`^=\\s*(${FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');
const OUR_FUNCTION = new RegExp(`(^|[^A-Za-z0-9_.])(${FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');

/**
 * Whether a formula calls one of the add-on's custom functions, at the top or nested
 * (`=IFERROR(ENRICH(...), "")`). `=MY_COMPANY_EMPLOYEES(A2)` is not ours, nor is text without `=`.
 */
export function callsOurFunction(formula: string): boolean {
  return formula.startsWith('=') && OUR_FUNCTION.test(formula);
}

/** Whether the formula is a call of one of the add-on's functions (`=PRONET_EMAIL(A2)`), not nested. */
export function isOurFormula(formula: string): boolean {
  return OUR_FUNCTION_AT_TOP.test(formula);
}
