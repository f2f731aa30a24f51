// Which lookup a cell shows through one of our formulas: the formula in the cell itself, or the one
// whose answer spilled into it (a row of `=COMPANY_WEBSITE(A2:A500)`, a field of a profile's row,
// a line of a reactions table). The formula's arguments are read back from the sheet as Sheets
// passes them, and its rows prepared exactly as the formula prepares them, so the key found is
// the key the formula bought.
import type { EnrichmentRequest } from '../api/wire';
import { callArguments, type ReadArgument, readFormulaCall } from '../formulas/formula-call';
import { formulaRows } from '../formulas/formula-rows';
import { anchorOf } from '../formulas/spill';
import type { Operation } from '../operations/types';
import { type CellAt, cellRef } from '../text/cell-refs';

/** What one cell shows: the lookup, and the cell whose purchase it is (a formula's row). */
export interface ShownLookup {
  op: Operation;
  request: EnrichmentRequest;
  /** `Sheet1!B5`: the formula's cell for that row; a purchase made for it names it. */
  served: string;
}

export interface FormulaAt extends CellAt {
  sheet: string;
  formula: string;
}

export interface FormulaLookups {
  isRange: boolean;
  /** Row i of the formula's input: its lookup, or null (blank, refused, another kind of row). */
  rows: (ShownLookup | null)[];
}

/** The lookups a formula's rows make; null for a formula that is more than one plain call. */
export function formulaLookups(at: FormulaAt, argument: ReadArgument): FormulaLookups | null {
  const call = readFormulaCall(at.formula);
  if (!call) return null;
  const rows = formulaRows(call.functionName, callArguments(call, at.sheet, argument));
  if (!rows.ok) return null;
  return {
    isRange: rows.isRange,
    rows: rows.rows.map((row, i) =>
      row.op && row.prepared.kind === 'request'
        ? { op: row.op, request: row.prepared.request, served: cellRef(at.sheet, at.row + i, at.column) }
        : null,
    ),
  };
}

/** Whether the formula's answer for the row reaches the cell (a scalar fills one cell, a record a row). */
export function reaches(lookups: FormulaLookups, anchor: CellAt, cell: CellAt): ShownLookup | null {
  const down = cell.row - anchor.row;
  const across = cell.column - anchor.column;
  if (lookups.isRange) {
    const row = lookups.rows[down] ?? null;
    return row && (across === 0 || row.op.shape !== 'scalar') ? row : null;
  }
  const only = lookups.rows[0] ?? null;
  if (!only) return null;
  if (down === 0) return across === 0 || only.op.shape !== 'scalar' ? only : null;
  // A list spills a table below its formula: every line of it comes from the one lookup.
  return only.op.shape === 'list' ? only : null;
}

/** The lookup the cell shows through one of our formulas, with the formula; null when none does. */
export function shownByFormula(
  sheet: string,
  formulas: readonly (readonly string[])[],
  cell: CellAt,
  argument: ReadArgument,
): { lookup: ShownLookup; formula: FormulaAt } | null {
  const anchor = anchorOf(formulas, cell);
  if (!anchor) return null;
  const formula: FormulaAt = { sheet, ...anchor, formula: formulas[anchor.row - 1]![anchor.column - 1]! };
  const lookups = formulaLookups(formula, argument);
  const lookup = lookups ? reaches(lookups, anchor, cell) : null;
  return lookup ? { lookup, formula } : null;
}
