// Sheets re-runs a custom function only when its arguments change: once a job is delivered, the
// formulas that showed "Processing…" for it are re-entered so they show what it delivered.
import { callsOurFunction } from '../formulas/our-formulas';
import { LIST_ORDERED, PROCESSING } from '../text/catalogue/cells';
import { holds } from '../text/catalogue/family';
import { LIST_FOUND } from '../text/catalogue/jobs';

/** What a formula shows while its job is not delivered: on its way, a list ordered, or found and not yet written. */
const WAITING = [PROCESSING, LIST_ORDERED, LIST_FOUND];

/** Whether a cell shows one of the texts a formula shows while its job is not delivered yet. */
export function isWaitingText(value: unknown): boolean {
  return typeof value === 'string' && WAITING.some((family) => holds(family, value));
}

/** What `getValues` answers for a cell whose formula threw. */
const FORMULA_ERROR = '#ERROR!';

/**
 * The formula cells (1-based row and column within the grid given) to re-enter so they show what
 * their jobs delivered: a formula of ours that shows a waiting text, or whose spill area below it
 * does (a range formula answers one row per input row). Sheets re-runs a custom function only
 * when its arguments change, so without this the cell would say "Processing…" until the next edit.
 * `includeErrors` adds formulas showing an error: after the user re-runs an expired job, its
 * formula (which showed "expired") must pick up the new job.
 */
export function formulasToRefresh(
  values: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
  options: { includeErrors?: boolean } = {},
): { row: number; column: number; formula: string }[] {
  const wanted = (value: unknown) =>
    isWaitingText(value) || (options.includeErrors === true && value === FORMULA_ERROR);
  const found = new Map<string, { row: number; column: number; formula: string }>();
  const width = Math.max(0, ...values.map((row) => row.length));
  for (let c = 0; c < width; c++) {
    let anchor: { row: number; formula: string } | null = null;
    for (let r = 0; r < values.length; r++) {
      const formula = formulas[r]?.[c] ?? '';
      if (formula !== '') anchor = callsOurFunction(formula) ? { row: r, formula } : null;
      if (anchor === null || !wanted(values[r]?.[c])) continue;
      found.set(`${anchor.row}:${c}`, { row: anchor.row + 1, column: c + 1, formula: anchor.formula });
    }
  }
  return [...found.values()];
}
