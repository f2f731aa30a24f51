// "Freeze results as values": which cells of a selection become static values. The add-on's own
// formulas (isOurFormula) are replaced by what they show; anything else (data, other formulas,
// errors that a recalculation should retry) stays as it is.
import { asLiteralForSheet } from '../text/sheet-literal';
import { isOurFormula } from './our-formulas';

const SHEETS_ERRORS = /^#(ERROR!|N\/A|REF!|VALUE!|NAME\?|DIV\/0!|NUM!|NULL!)$/;

/** What a cell shows, written back as that same value. */
const asShown = (value: unknown) => (typeof value === 'string' ? asLiteralForSheet(value) : value);

/** A formula that is not ours, or shows an error a recalculation should retry. */
const mustStay = (formula: string, shown: unknown) =>
  !isOurFormula(formula) || (typeof shown === 'string' && SHEETS_ERRORS.test(shown));

export interface FreezePlan {
  /** What to write back over the whole selection: values as read (dates stay dates), formulas
   * where they must stay. */
  cells: unknown[][];
  frozen: number;
}

/**
 * `values` and `formulas` are the selection's getValues() and getFormulas(). Cells spilled by an
 * add-on formula have no formula of their own: writing their values back keeps them once the
 * formula above them is gone.
 */
export function planFreeze(
  values: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
): FreezePlan {
  let frozen = 0;
  const cells = values.map((row, r) =>
    row.map((value, c) => {
      const formula = formulas[r]?.[c] ?? '';
      if (!formula) return asShown(value);
      if (mustStay(formula, value)) return formula;
      frozen += 1;
      return asShown(value);
    }),
  );
  return { cells, frozen };
}
