// How far a formula's answer reaches: the rows and columns it fills, measured by rendering its saved
// answers exactly as the formula renders them (lookup/formula-cells.ts). A value typed below a
// table or beside a record's row lies outside and is no part of the answer, so it has no receipt.
import type { EnrichmentRequest } from '../api/wire';
import type { CachedAnswer } from '../cache/entries';
import type { FormulaRow } from '../formulas/formula-rows';
import type { Box } from '../formulas/spill';
import { type FormulaCellsView, formulaAnswer } from '../lookup/formula-cells';
import { fromCache, type LookupResult } from '../lookup/items';

/** Rows down and columns across from the formula's cell, its own included. */
export type Extent = Pick<Box, 'rows' | 'columns'>;

/** A saved answer of the formula's lookup (any layer, live or not: what it showed); null for none. */
export type SavedAnswerOf = (request: EnrichmentRequest) => CachedAnswer | null;

export const ONE_CELL: Extent = { rows: 1, columns: 1 };

const VIEW: FormulaCellsView = { followsUser: () => true, queued: null, apiKey: undefined };

/**
 * Only a record's row and a list's table fill more than one cell: a scalar, an employee list's
 * text (the list goes to a sheet of its own) and every message fill one, saved answer or not.
 */
const mayFillMore = (row: FormulaRow) => row.op?.shape === 'record' || row.op?.shape === 'list';

/** A saved answer as the formula reads it: from the cache. */
const asResult = (answer: CachedAnswer | null): LookupResult =>
  answer ? fromCache(answer) : { kind: 'deferred', reason: 'buying-elsewhere' };

function extentOf(answer: unknown): Extent {
  if (!Array.isArray(answer) || answer.length === 0) return ONE_CELL;
  const widths = answer.map((line) => (Array.isArray(line) ? line.length : 1));
  return { rows: answer.length, columns: Math.max(1, ...widths) };
}

/** The cells the formula's answer fills when it shows its saved answers; one cell when it shows an error. */
export function answerExtent(
  formula: { isRange: boolean; rows: readonly FormulaRow[] },
  answerOf: SavedAnswerOf,
): Extent {
  const results = new Map<string, LookupResult>();
  const rows = formula.rows.map((row, i): FormulaRow => {
    if (row.prepared.kind !== 'request') return row;
    const key = String(i);
    results.set(key, asResult(mayFillMore(row) ? answerOf(row.prepared.request) : null));
    return { ...row, key };
  });
  try {
    return extentOf(formulaAnswer({ isRange: formula.isRange, rows }, results, VIEW));
  } catch {
    return ONE_CELL;
  }
}
