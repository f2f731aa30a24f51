// A1 notation: "B3", "A2:C10", "A:A", "2:5", with optional $ and an optional sheet name
// ("Leads!A2", "'My leads'!A2:B"). Open ends ("A:A") are resolved against the sheet's size.

export interface GridRange {
  readonly row: number;
  readonly column: number;
  readonly numRows: number;
  readonly numColumns: number;
}

export function columnLetters(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

export function rangeA1(range: GridRange): string {
  const start = cellA1(range.row, range.column);
  if (range.numRows === 1 && range.numColumns === 1) return start;
  return `${start}:${cellA1(range.row + range.numRows - 1, range.column + range.numColumns - 1)}`;
}

/** Splits "'My leads'!A2:B" into its sheet name and range; no sheet name gives null. */
export function splitSheetName(reference: string): { sheetName: string | null; a1: string } {
  const quoted = /^'((?:[^']|'')+)'!(.+)$/.exec(reference);
  if (quoted) return { sheetName: quoted[1]!.replace(/''/g, "'"), a1: quoted[2]! };
  const plain = /^([^!'"]+)!(.+)$/.exec(reference);
  if (plain) return { sheetName: plain[1]!, a1: plain[2]! };
  return { sheetName: null, a1: reference };
}

interface End {
  readonly row: number | null;
  readonly column: number | null;
}

function parseEnd(text: string): End | null {
  const match = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(text);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  return {
    column: match[1] ? columnNumber(match[1]) : null,
    row: match[2] ? Number(match[2]) : null,
  };
}

/**
 * Ends by their text: recalculation reads every formula's ranges at every change, and scripts name
 * the same ranges call after call. The ends are read-only.
 */
const ENDS = new Map<string, readonly [End, End] | null>();
const ENDS_KEPT = 20_000;

function parseEnds(a1: string): readonly [End, End] | null {
  let ends = ENDS.get(a1);
  if (ends === undefined) {
    if (ENDS.size >= ENDS_KEPT) ENDS.clear();
    ends = readEnds(a1);
    ENDS.set(a1, ends);
  }
  return ends;
}

/** The two ends of "A2:C10" ("B3" alone is both), or null when one is neither a row, a column nor a cell. */
function readEnds(a1: string): [End, End] | null {
  const [first, second, extra] = a1.trim().split(':');
  if (first === undefined || extra !== undefined) return null;
  const start = parseEnd(first);
  const end = second === undefined ? start : parseEnd(second);
  if (!start || !end) return null;
  // A single end must name a cell; "A" or "3" alone is not a range.
  if (second === undefined && (start.row === null || start.column === null)) return null;
  return [start, end];
}

/** Parses A1 notation against a sheet of the given size; null when it is not A1 notation. */
export function parseA1(a1: string, maxRows: number, maxColumns: number): GridRange | null {
  const ends = parseEnds(a1);
  if (!ends) return null;
  const [start, end] = ends;
  const rowOpen = start.row === null || end.row === null;
  const columnOpen = start.column === null || end.column === null;
  if (rowOpen && columnOpen) return null;
  const r1 = start.row ?? 1;
  const r2 = end.row ?? maxRows;
  const c1 = start.column ?? 1;
  const c2 = end.column ?? maxColumns;
  if (r1 < 1 || c1 < 1) return null;
  return {
    row: Math.min(r1, r2),
    column: Math.min(c1, c2),
    numRows: Math.abs(r2 - r1) + 1,
    numColumns: Math.abs(c2 - c1) + 1,
  };
}
