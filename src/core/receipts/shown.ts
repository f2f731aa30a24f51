// Which lookup a cell shows through one of our formulas: the formula in the cell itself, or the one
// whose answer spilled into it (a row of `=COMPANY_WEBSITE(A2:A500)`, a field of a profile's row,
// a line of a reactions table), only as far as its answer really reaches (spill.ts). The
// formula's arguments are read back from the sheet as Sheets passes them, and its rows prepared
// exactly as the formula prepares them, so the key found is the key the formula bought.
import type { EnrichmentRequest } from '../api/wire';
import { callArguments, type ReadArgument, readFormulaCall } from '../formulas/formula-call';
import { formulaRows } from '../formulas/formula-rows';
import { anchorsFor } from '../formulas/spill';
import type { Operation } from '../operations/types';
import { type CellAt, cellA1, cellRef } from '../text/cell-refs';
import { answerExtent, type Extent, ONE_CELL, type SavedAnswerOf } from './spill';

/** What one cell shows: the lookup, and the cell whose purchase it is (a formula's row). */
export interface ShownLookup {
  op: Operation;
  request: EnrichmentRequest;
  /** `Sheet1!B5`: the formula's cell for that row; a purchase made for it names it. */
  served: string;
  /** A name lookup's input as given, before it was joined (formulas/request.ts). */
  parts?: string;
}

export interface FormulaAt extends CellAt {
  sheet: string;
  formula: string;
}

/** What a formula's cell holds, as read, when its answer would overwrite data. */
const SPILL_BLOCKED = '#REF!';

interface FormulaLookups {
  isRange: boolean;
  /** Row i of the formula's input: its lookup, or null (blank, refused, another kind of row). */
  rows: (ShownLookup | null)[];
  /** The cells its answer fills from its own (spill.ts), measured when first asked. */
  extent(): Extent;
}

/** Where a formula's lookups are read from: its arguments as Sheets passes them, and its saved answers. */
export interface FormulaSources {
  argument: ReadArgument;
  answerOf: SavedAnswerOf;
}

/** The lookups a formula's rows make; null for a formula that is more than one plain call. */
function formulaLookups(at: FormulaAt, sources: FormulaSources): FormulaLookups | null {
  const call = readFormulaCall(at.formula);
  if (!call) return null;
  const rows = formulaRows(call.functionName, callArguments(call, at.sheet, sources.argument));
  if (!rows.ok) return null;
  let extent: Extent | undefined;
  return {
    isRange: rows.isRange,
    rows: rows.rows.map((row, i) =>
      row.op && row.prepared.kind === 'request'
        ? {
            op: row.op,
            request: row.prepared.request,
            served: cellRef(at.sheet, at.row + i, at.column),
            ...(row.prepared.parts ? { parts: row.prepared.parts } : {}),
          }
        : null,
    ),
    extent: () => {
      // An answer that would overwrite data spills nothing: Sheets shows #REF! in its cell alone.
      const blocked = sources.argument(at.sheet, cellA1(at.row, at.column)) === SPILL_BLOCKED;
      extent ??= blocked ? ONE_CELL : answerExtent(rows, sources.answerOf);
      return extent;
    },
  };
}

/** The lookup whose answer fills the cell, if the formula's answer reaches it; null when it does not. */
function reaches(lookups: FormulaLookups, anchor: CellAt, cell: CellAt): ShownLookup | null {
  const down = cell.row - anchor.row;
  const across = cell.column - anchor.column;
  if (down === 0 && across === 0) return lookups.rows[0] ?? null;
  const { rows, columns } = lookups.extent();
  if (down < 0 || across < 0 || down >= rows || across >= columns) return null;
  // A range fills a row per input; a single lookup's table or row comes from that one lookup.
  return (lookups.isRange ? lookups.rows[down] : lookups.rows[0]) ?? null;
}

/** A formula of ours as read: where it is, and its rows' lookups (null: more than one plain call). */
export interface ReadFormula {
  formula: FormulaAt;
  lookups: FormulaLookups | null;
}

/**
 * The lookup the cell shows through one of our formulas, with the formula; null when none does.
 * `read` keeps each formula read once across cells, by its cell.
 */
export function shownByFormula(
  sheet: string,
  formulas: readonly (readonly string[])[],
  cell: CellAt,
  sources: FormulaSources,
  read = new Map<string, ReadFormula>(),
): { lookup: ShownLookup; read: ReadFormula } | null {
  for (const anchor of anchorsFor(formulas, cell)) {
    const id = `${anchor.row}:${anchor.column}`;
    let known = read.get(id);
    if (!known) {
      const formula: FormulaAt = { sheet, ...anchor, formula: formulas[anchor.row - 1]![anchor.column - 1]! };
      known = { formula, lookups: formulaLookups(formula, sources) };
      read.set(id, known);
    }
    const lookup = known.lookups ? reaches(known.lookups, anchor, cell) : null;
    if (lookup) return { lookup, read: known };
  }
  return null;
}
