// Cells as the record of purchases names them: `Sheet1!B2` for the cell a formula's row fills,
// `Sheet1!C5:D5` for a bulk run's row (its outputs and status; `Sheet1!B5,D5` when a column
// between them is none of its own). The same text is written when a
// lookup is bought and compared when a cell's receipt looks for the purchase that served it.

export interface CellAt {
  row: number;
  column: number;
}

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export const cellA1 = (row: number, column: number): string => `${columnLetters(column)}${row}`;

/** "B12" as row 12, column 2; null for anything else. */
export function parseCell(a1: string): CellAt | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(a1.trim().toUpperCase());
  if (!match) return null;
  let column = 0;
  for (const ch of match[1]!) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), column };
}

/** A sheet's name as a reference writes it: quoted when it holds more than letters, digits and `_`. */
export function sheetRef(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

export const cellRef = (sheet: string, row: number, column: number): string =>
  `${sheetRef(sheet)}!${cellA1(row, column)}`;

/**
 * `#123!B2`: the cell named by its sheet's id (`Range.getGridId`), as a formula names what it
 * bought: one call where the name takes two, and a rename followed. `sheetRef` quotes any name
 * that begins with `#`, so no sheet's name reads so.
 */
export const gridCellRef = (gridId: number, row: number, column: number): string =>
  `#${gridId}!${cellA1(row, column)}`;

/**
 * A reference with its sheet's id put back as the sheet's name, or as `gone` words its cells when
 * no sheet has the id any more; a reference by name as it is.
 */
export function namedRef(
  ref: string,
  nameOf: (id: number) => string | null,
  gone: (cells: string) => string,
): string {
  const match = /^#(\d+)!/.exec(ref);
  if (!match) return ref;
  const name = nameOf(Number(match[1]));
  const cells = ref.slice(match[0].length);
  return name === null ? gone(cells) : `${sheetRef(name)}!${cells}`;
}

/**
 * One row's cells in `columns` (a bulk run's outputs and status): `Leads!C5:D5`, or
 * `Leads!B5,D5:E5` when a column between them is not one of them (a user's notes).
 */
export function rowRef(sheet: string, row: number, columns: readonly number[]): string {
  const sorted = [...new Set(columns)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let last = i;
    while (sorted[last + 1] === sorted[last]! + 1) last++;
    const first = cellA1(row, sorted[i]!);
    parts.push(last === i ? first : `${first}:${cellA1(row, sorted[last]!)}`);
    i = last + 1;
  }
  return `${sheetRef(sheet)}!${parts.join(',')}`;
}

interface RangeAt {
  sheet: string;
  from: CellAt;
  to: CellAt;
}

const REF = /^(?:'((?:[^']|'')+)'|([^!']+))!([A-Z$0-9:,]+)$/i;

/** `Sheet1!B2`, `'My sheet'!C5:D5`, `Leads!B5,D5:E5` read back, range by range; [] for anything else. */
function parseRefs(ref: string): RangeAt[] {
  const match = REF.exec(ref);
  if (!match) return [];
  const sheet = match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2]!;
  const ranges: RangeAt[] = [];
  for (const part of match[3]!.split(',')) {
    const [first = '', last, ...more] = part.split(':');
    const from = parseCell(first);
    const to = last === undefined ? from : parseCell(last);
    if (!from || !to || more.length > 0) return [];
    ranges.push({ sheet, from, to });
  }
  return ranges;
}

/** Whether a reference holds the cell. */
export function refHolds(ref: string | undefined, sheet: string, cell: CellAt): boolean {
  return (ref ? parseRefs(ref) : []).some(
    ({ sheet: name, from, to }) =>
      name === sheet &&
      cell.row >= from.row &&
      cell.row <= to.row &&
      cell.column >= from.column &&
      cell.column <= to.column,
  );
}

/** `Sheet1!B2` read back as its sheet and cell; null for a range or anything else. */
export function parseCellRef(ref: string): { sheet: string; cell: CellAt } | null {
  const ranges = parseRefs(ref);
  const only = ranges.length === 1 ? ranges[0]! : null;
  if (!only || only.from.row !== only.to.row || only.from.column !== only.to.column) return null;
  return { sheet: only.sheet, cell: only.from };
}
