// Sheets passes a custom function a plain value for one cell and a 2-D array for a range. These
// rules turn either into rows of arguments, so `=COMPANY_WEBSITE(A2:A500)` is one execution.

export type ArgumentRows = { ok: true; isRange: boolean; rows: unknown[][] } | { ok: false; message: string };

const isGrid = (value: unknown): value is unknown[][] => Array.isArray(value) && value.every(Array.isArray);

/**
 * - No range: one row, the arguments as given.
 * - Ranges of one column: row i takes row i of each range; single cells repeat on every row.
 * - A first argument several columns wide with nothing after it: its columns fill the parameters
 *   in order, so `=EMAIL_FROM_NAME(A2:B100)` reads the name from A and the company from B.
 */
export function argumentRows(args: readonly unknown[], paramCount: number): ArgumentRows {
  if (!args.some(isGrid)) return { ok: true, isRange: false, rows: [[...args]] };
  const [first, ...rest] = args;
  if (isGrid(first) && (first[0]?.length ?? 0) > 1 && rest.every((a) => a === undefined || a === '')) {
    const width = first[0]?.length ?? 0;
    if (width > paramCount) {
      return {
        ok: false,
        message: `This function takes at most ${paramCount} columns; the range has ${width}.`,
      };
    }
    return { ok: true, isRange: true, rows: first.map((row) => [...row]) };
  }
  const grids = args.filter(isGrid);
  if (grids.some((g) => (g[0]?.length ?? 0) > 1)) {
    return { ok: false, message: 'Give each argument a single column (or one range holding all of them).' };
  }
  const height = Math.max(...grids.map((g) => g.length));
  if (grids.some((g) => g.length !== 1 && g.length !== height)) {
    return { ok: false, message: 'The ranges must have the same number of rows.' };
  }
  const rows = Array.from({ length: height }, (_, i) =>
    args.map((arg) => (isGrid(arg) ? (arg.length === 1 ? arg[0]?.[0] : arg[i]?.[0]) : arg)),
  );
  return { ok: true, isRange: true, rows };
}
