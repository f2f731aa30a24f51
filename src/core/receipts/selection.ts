// What "Buy again" buys for a selection: the distinct lookups the selected cells show through the
// add-on's formulas (a whole formula, or some rows of a range formula), and the formulas to enter
// again once their new answers are saved. Its price is stated before anything is bought.
import type { EnrichmentRequest } from '../api/wire';
import { estimateFor } from '../billing/charges';
import { anchorsFor } from '../formulas/spill';
import type { Operation } from '../operations/types';
import type { CellAt } from '../text/cell-refs';
import { roundCredits } from '../text/credits';
import {
  type FormulaAt,
  type FormulaLookups,
  type FormulaSources,
  formulaLookups,
  reaches,
  type ShownLookup,
} from './shown';

/** A selection bigger than this is refused: its formulas are better bought again a column at a time. */
export const MAX_SELECTION_CELLS = 5_000;

export interface SelectedLookup {
  key: string;
  op: Operation;
  request: EnrichmentRequest;
  /** The cell of the formula's row that shows it (`Sheet1!B5`), whose purchase it is. */
  served: string;
}

export interface SelectionLookups {
  lookups: SelectedLookup[];
  /** The formulas whose rows these are, to enter again. */
  formulas: FormulaAt[];
}

interface Anchored {
  formula: FormulaAt;
  lookups: FormulaLookups | null;
  used: boolean;
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
  const anchors = new Map<string, Anchored>();
  const lookups = new Map<string, SelectedLookup>();
  for (const cell of cells) {
    const shown = shownAt(sheet, formulas, cell, sources, anchors);
    if (!shown) continue;
    shown.anchored.used = true;
    const key = keyOf(shown.lookup.request);
    if (!lookups.has(key)) lookups.set(key, { ...shown.lookup, key });
  }
  return {
    lookups: [...lookups.values()],
    formulas: [...anchors.values()].filter((each) => each.used).map((each) => each.formula),
  };
}

/** The formula whose answer fills the cell and the lookup it shows there; each formula read once. */
function shownAt(
  sheet: string,
  formulas: readonly (readonly string[])[],
  cell: CellAt,
  sources: FormulaSources,
  anchors: Map<string, Anchored>,
): { anchored: Anchored; lookup: ShownLookup } | null {
  for (const anchor of anchorsFor(formulas, cell)) {
    const id = `${anchor.row}:${anchor.column}`;
    let anchored = anchors.get(id);
    if (!anchored) {
      const formula: FormulaAt = { sheet, ...anchor, formula: formulas[anchor.row - 1]![anchor.column - 1]! };
      anchored = { formula, lookups: formulaLookups(formula, sources), used: false };
      anchors.set(id, anchored);
    }
    const lookup = anchored.lookups ? reaches(anchored.lookups, anchor, cell) : null;
    if (lookup) return { anchored, lookup };
  }
  return null;
}

/** What buying them again costs: each at its price (a list at the bound from its `max`). */
export function priceOf(lookups: readonly SelectedLookup[]): { credits: number; isBound: boolean } {
  const credits = roundCredits(lookups.reduce((sum, each) => sum + estimateFor(each.op, each.request), 0));
  return { credits, isBound: lookups.some((each) => each.op.pricing.kind === 'per_employee') };
}
