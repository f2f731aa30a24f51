// The one rule that tells the add-on's own formulas from any other: freezing results and
// refreshing formulas whose job arrived both ask it.
import { FUNCTION_NAMES } from '../operations/table';

/** One of our function names called anywhere in the formula, not as the tail of another name. */
const OUR_FUNCTION = new RegExp(`(^|[^A-Za-z0-9_.])(${FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');

/**
 * Whether a formula calls one of the add-on's custom functions, at the top or nested
 * (`=IFERROR(ENRICH(...), "")`). `=MY_COMPANY_EMPLOYEES(A2)` is not ours, nor is text without `=`.
 */
export function callsOurFunction(formula: string): boolean {
  return formula.startsWith('=') && OUR_FUNCTION.test(formula);
}
