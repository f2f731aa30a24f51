// "Freeze results as values": which cells of a selection become static values. The add-on's own
// formulas are replaced by what they show; anything else (data, other formulas, errors that a
// recalculation should retry) stays as it is.
import { FUNCTION_NAMES } from '../operations/table';
import { asLiteralForSheet } from '../text/sheet-literal';

const ADDON_FORMULA = new RegExp(`^=\\s*(${FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');
const SHEETS_ERRORS = /^#(ERROR!|N\/A|REF!|VALUE!|NAME\?|DIV\/0!|NUM!|NULL!)$/;

export function isAddonFormula(formula: string): boolean {
  return ADDON_FORMULA.test(formula);
}

export interface FreezePlan {
  /** What to write back over the whole selection (formulas kept where they must stay). */
  /** Values as read (dates stay dates), formulas where they must stay. */
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
      const shown = value;
      if (!formula) return typeof shown === 'string' ? asLiteralForSheet(shown) : shown;
      if (!isAddonFormula(formula) || (typeof shown === 'string' && SHEETS_ERRORS.test(shown)))
        return formula;
      frozen += 1;
      return typeof shown === 'string' ? asLiteralForSheet(shown) : shown;
    }),
  );
  return { cells, frozen };
}
