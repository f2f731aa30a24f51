// Cells as the record of purchases names them: `Sheet1!B2` for the cell a formula's row fills,
// `Sheet1!C5:D5` for a bulk run's row (its outputs and status). The same text is written when a
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

/** One row's cells from column `first` to `last`: a bulk run's outputs and status. */
export const rowRef = (sheet: string, row: number, first: number, last: number): string =>
  first === last ? cellRef(sheet, row, first) : `${cellRef(sheet, row, first)}:${cellA1(row, last)}`;

export interface RangeAt {
  sheet: string;
  from: CellAt;
  to: CellAt;
}

/** `Sheet1!B2`, `'My sheet'!C5:D5` read back; null for anything else. */
export function parseRef(ref: string): RangeAt | null {
  const match = /^(?:'((?:[^']|'')+)'|([^!']+))!([A-Z$0-9]+)(?::([A-Z$0-9]+))?$/i.exec(ref);
  if (!match) return null;
  const sheet = match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2]!;
  const from = parseCell(match[3]!);
  const to = match[4] === undefined ? from : parseCell(match[4]);
  return from && to ? { sheet, from, to } : null;
}

/** Whether a reference holds the cell. */
export function refHolds(ref: string | undefined, sheet: string, cell: CellAt): boolean {
  const range = ref ? parseRef(ref) : null;
  if (!range || range.sheet !== sheet) return false;
  const { from, to } = range;
  return cell.row >= from.row && cell.row <= to.row && cell.column >= from.column && cell.column <= to.column;
}
