// The sheets a driver reads formulas and their inputs from, each read once (two calls: values and
// formulas of its data range), so that finishing 300 queued single-cell formulas costs a few
// calls, not several hundred. Cells past the data range are empty.
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

interface Grid {
  values: unknown[][];
  formulas: string[][];
}

export class SheetGrids {
  readonly #grids = new Map<string, Grid | null>();

  constructor(private readonly spreadsheet: Spreadsheet) {}

  /** The formula of a cell ("B2"), '' for none or a missing sheet. */
  formula(sheet: string, a1: string): string {
    const at = cellOf(a1);
    return (at && this.#grid(sheet)?.formulas[at.row - 1]?.[at.column - 1]) || '';
  }

  /** An argument as Sheets passes it: one cell's value, or a range's rows; '#REF!' for a missing sheet. */
  argument(sheet: string, a1: string): unknown {
    const grid = this.#grid(sheet);
    const [first, last = first] = a1.split(':');
    const from = cellOf(first ?? '');
    const to = cellOf(last ?? '');
    if (!grid || !from || !to) return '#REF!';
    const rows: unknown[][] = [];
    for (let r = from.row; r <= to.row; r++) {
      const line: unknown[] = [];
      for (let c = from.column; c <= to.column; c++) line.push(grid.values[r - 1]?.[c - 1] ?? '');
      rows.push(line);
    }
    return rows.length === 1 && rows[0]!.length === 1 ? rows[0]![0] : rows;
  }

  #grid(name: string): Grid | null {
    if (!this.#grids.has(name)) {
      const sheet = this.spreadsheet.getSheetByName(name);
      const range = sheet?.getDataRange();
      this.#grids.set(name, range ? { values: range.getValues(), formulas: range.getFormulas() } : null);
    }
    return this.#grids.get(name) ?? null;
  }
}

function cellOf(a1: string): { row: number; column: number } | null {
  const match = /^([A-Z]{1,3})(\d+)$/.exec(a1.toUpperCase());
  if (!match) return null;
  let column = 0;
  for (const ch of match[1]!) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), column };
}
