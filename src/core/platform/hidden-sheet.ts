// How the add-on's hidden sheets lay out their rows (`_enrich_cache`, `_enrich_ledger`: a header
// row, then a key a row with its value in the cells to its right), read back from one grid whatever
// a user did to it. Users unhide sheets: they type over the header, insert columns, sort the rows
// with the header among them. None of that may lose a row: the key column is the first one holding
// a key of the store's shape (or the header's text), the header is wherever its text went (the
// first row when it was typed over), and a value is the text of every cell right of its key (an
// inserted blank column adds nothing to it).

/** What a hidden sheet's rows look like. */
export interface SheetShape {
  /** The header's first cell: tells a person what the sheet is. */
  mark: string;
  /** A key the store writes (`r1:…` answers, `p<n>` pages): what finds the key column again. */
  isKey(text: string): boolean;
}

/** A cell as getValues answers it: a string, number, boolean or date. */
export type GridCell = unknown;

export interface SheetRows {
  /** Every row's key and value but the header's, in the sheet's order (a later row of a key wins). */
  entries: Record<string, string>;
  /** Anything of the store is there: its header's text, or a key of its shape. */
  recognized: boolean;
}

const text = (cell: GridCell): string => (cell === undefined || cell === null ? '' : String(cell));

/** The column (0-based) of the keys: the first holding a key of the store's shape, else the header's. */
function keyColumn(grid: readonly (readonly GridCell[])[], shape: SheetShape): number {
  const width = grid.reduce((most, row) => Math.max(most, row.length), 0);
  let marked = -1;
  for (let column = 0; column < width; column++) {
    for (const row of grid) {
      const cell = text(row[column]);
      if (cell !== '' && shape.isKey(cell)) return column;
      if (marked < 0 && cell === shape.mark) marked = column;
    }
  }
  return Math.max(0, marked);
}

/** The rows of one read of the whole sheet (getDataRange().getValues()). */
export function readSheetRows(grid: readonly (readonly GridCell[])[], shape: SheetShape): SheetRows {
  const column = keyColumn(grid, shape);
  const marked = grid.findIndex((row) => text(row[column]) === shape.mark);
  // A header typed over is still the first row, when that row holds no key.
  const headerRow = marked < 0 && !shape.isKey(text(grid[0]?.[column])) ? 0 : marked;
  const entries: [string, string][] = [];
  let keys = 0;
  grid.forEach((row, index) => {
    const key = text(row[column]);
    if (index === headerRow || key === '') return;
    if (shape.isKey(key)) keys++;
    const cells = row.slice(column + 1);
    entries.push([key, cells.map(text).join('')]);
  });
  return { entries: Object.fromEntries(entries), recognized: marked >= 0 || keys > 0 };
}
