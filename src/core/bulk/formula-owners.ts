// The columns our formulas' answers fill, as claims no run, recipe or watch may reuse (owners.ts):
// a run that wrote below a range formula's answer, or between its rows, would break it the day
// the formula is widened (its answer blocked, #REF!). The run writes to a new column instead, and
// its preview says so. Read from the sheet each time: a formula claims while it stands.

import type { ReadArgument } from '../formulas/formula-call';
import { isOurFormula } from '../formulas/our-formulas';
import { answerBox, type SheetCells } from '../formulas/spill';
import { cellA1 } from '../text/cell-refs';
import type { ColumnClaim } from './owners';

/**
 * Each column below the header row that one of our formulas, or its answer, fills, from the
 * sheet's formulas from A1. The cells' values are not read (a call fewer for every run's start):
 * a formula's column is claimed whatever its height, and a record's fields beside it too, but a
 * range of records claims its first column only.
 */
export function formulaClaims(
  sheetName: string,
  headerRow: number,
  formulas: readonly (readonly string[])[],
): ColumnClaim[] {
  const cells: SheetCells = { values: [], formulas };
  const argument: ReadArgument = () => '';
  const claims = new Map<number, ColumnClaim>();
  const claim = { sheetName, header: '', inputs: [], type: '', family: null, by: 'formula' as const };
  cells.formulas.forEach((line, r) => {
    line.forEach((formula, c) => {
      const at = { row: r + 1, column: c + 1 };
      if (at.row <= headerRow || claims.has(at.column) || !isOurFormula(formula)) return;
      const width = answerBox(sheetName, at, cells, argument)?.columns ?? 1;
      const cell = cellA1(at.row, at.column);
      for (let column = at.column; column < at.column + width; column++)
        if (!claims.has(column)) claims.set(column, { ...claim, column, cell });
    });
  });
  return [...claims.values()];
}
