// What "Buy again" buys for a selection: the distinct lookups the selected cells show through the
// add-on's formulas (a whole formula, or some rows of a range formula), and the formulas to enter
// again once their new answers are saved. Its price is stated before anything is bought.
import type { EnrichmentRequest } from '../api/wire';
import { estimateFor } from '../billing/charges';
import type { CellAt } from '../text/cell-refs';
import { roundCredits } from '../text/credits';
import {
  type FormulaAt,
  type FormulaSources,
  type ReadFormula,
  type ShownLookup,
  shownByFormula,
} from './shown';

/** A selection bigger than this is refused: its formulas are better bought again a column at a time. */
export const MAX_SELECTION_CELLS = 5_000;

/** A lookup a selected cell shows, keyed for this account. */
export type SelectedLookup = ShownLookup & { key: string };

export interface SelectionLookups {
  lookups: SelectedLookup[];
  /** The formulas whose rows these are, to enter again. */
  formulas: FormulaAt[];
}

/** The selection's cells, row by row: `from` to `to`, both included. */
export function cellsOf(from: CellAt, to: CellAt): CellAt[] {
  const cells: CellAt[] = [];
  for (let row = from.row; row <= to.row; row++)
    for (let column = from.column; column <= to.column; column++) cells.push({ row, column });
  return cells;
}

export function selectionLookups(
  sheet: string,
  formulas: readonly (readonly string[])[],
  cells: readonly CellAt[],
  sources: FormulaSources,
  keyOf: (request: EnrichmentRequest) => string,
): SelectionLookups {
  const read = new Map<string, ReadFormula>();
  const used = new Set<FormulaAt>();
  const lookups = new Map<string, SelectedLookup>();
  for (const cell of cells) {
    const shown = shownByFormula(sheet, formulas, cell, sources, read);
    if (!shown) continue;
    used.add(shown.read.formula);
    const key = keyOf(shown.lookup.request);
    if (!lookups.has(key)) lookups.set(key, { ...shown.lookup, key });
  }
  return { lookups: [...lookups.values()], formulas: [...used] };
}

/** What buying them again costs: each at its price (a list at the bound from its `max`). */
export function priceOf(lookups: readonly SelectedLookup[]): { credits: number; isBound: boolean } {
  const credits = roundCredits(lookups.reduce((sum, each) => sum + estimateFor(each.op, each.request), 0));
  return { credits, isBound: lookups.some((each) => each.op.pricing.kind === 'per_employee') };
}
