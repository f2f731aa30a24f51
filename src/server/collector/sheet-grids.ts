// The sheets a driver reads formulas and their inputs from, each read once (two calls: values and
// formulas of its data range), so that finishing 300 queued single-cell formulas costs a few
// calls, not several hundred. Cells past the data range are empty.
import { isOurFormula } from '../../core/formulas/our-formulas';
import type { SheetCells } from '../../core/formulas/spill';
import { cellA1, parseCell } from '../../core/text/cell-refs';
import type { FormulaCell } from './reentry';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export class SheetGrids {
  readonly #grids = new Map<string, SheetCells | null>();

  constructor(private readonly spreadsheet: Spreadsheet) {}

  /** Every formula of a sheet's data range, by row then column from A1; [] for a missing sheet. */
  formulas(sheet: string): readonly (readonly string[])[] {
    return this.#grid(sheet)?.formulas ?? [];
  }

  /** Every value of a sheet's data range, by row then column from A1; [] for a missing sheet. */
  values(sheet: string): readonly (readonly unknown[])[] {
    return this.#grid(sheet)?.values ?? [];
  }

  /** A row's values from column `first` to `last`; '' past the data range. */
  row(sheet: string, row: number, first: number, last: number): unknown[] {
    const line = this.#grid(sheet)?.values[row - 1] ?? [];
    return Array.from({ length: last - first + 1 }, (_, i) => line[first - 1 + i] ?? '');
  }

  /** The formula of a cell ("B2"), '' for none or a missing sheet. */
  formula(sheet: string, a1: string): string {
    const at = parseCell(a1);
    return (at && this.#grid(sheet)?.formulas[at.row - 1]?.[at.column - 1]) || '';
  }

  /** An argument as Sheets passes it: one cell's value, or a range's rows; '#REF!' for a missing sheet. */
  argument(sheet: string, a1: string): unknown {
    const grid = this.#grid(sheet);
    const [first, last = first] = a1.split(':');
    const from = parseCell(first ?? '');
    const to = parseCell(last ?? '');
    if (!grid || !from || !to) return '#REF!';
    const rows = Array.from({ length: to.row - from.row + 1 }, (_, r) =>
      this.row(sheet, from.row + r, from.column, to.column),
    );
    return rows.length === 1 && rows[0]!.length === 1 ? rows[0]![0] : rows;
  }

  /**
   * The cells, plus the cells between two of them in one column that hold formulas of ours too: a
   * filled-down column whose queued cells are scattered is then re-entered as one run of writes
   * (re-entering a formula whose answers are saved costs no credit).
   */
  bridged(cells: readonly FormulaCell[]): FormulaCell[] {
    const out = [...cells];
    const byColumn = new Map<string, { row: number; column: number }[]>();
    for (const cell of cells) {
      const at = parseCell(cell.a1);
      if (!at) continue;
      const id = `${cell.sheet}\u0000${at.column}`;
      byColumn.set(id, [...(byColumn.get(id) ?? []), at]);
    }
    for (const [id, list] of byColumn) {
      const sheet = id.split('\u0000')[0]!;
      const rows = list.map((at) => at.row).sort((a, b) => a - b);
      for (let i = 1; i < rows.length; i++)
        out.push(...this.#gap(sheet, list[0]!.column, rows[i - 1]!, rows[i]!));
    }
    return out;
  }

  #gap(sheet: string, column: number, from: number, to: number): FormulaCell[] {
    const gap: FormulaCell[] = [];
    for (let row = from + 1; row < to; row++) {
      const a1 = cellA1(row, column);
      const formula = this.formula(sheet, a1);
      if (!isOurFormula(formula)) return [];
      gap.push({ sheet, a1, formula });
    }
    return gap;
  }

  #grid(name: string): SheetCells | null {
    if (!this.#grids.has(name)) {
      const range = this.spreadsheet.getSheetByName(name)?.getDataRange();
      this.#grids.set(name, range ? { values: range.getValues(), formulas: range.getFormulas() } : null);
    }
    return this.#grids.get(name) ?? null;
  }
}
