// Sheets passes a custom function a plain value for one cell and a 2-D array for a range. These
// rules turn either into rows of arguments, so `=COMPANY_WEBSITE(A2:A500)` is one execution, and
// read each argument cell as empty, text, a number or something no lookup takes.
import { REFUSALS, UNUSABLE } from '../text/catalogue/refusals';
import { normalizeText } from './canonical';
import { invisibleOnly, placeholderOf } from './placeholders';

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
    if (width > paramCount) return { ok: false, message: REFUSALS.tooManyColumns(paramCount, width) };
    return { ok: true, isRange: true, rows: first.map((row) => [...row]) };
  }
  const grids = args.filter(isGrid);
  if (grids.some((g) => (g[0]?.length ?? 0) > 1)) return { ok: false, message: REFUSALS.oneColumnEach };
  const height = Math.max(...grids.map((g) => g.length));
  if (grids.some((g) => g.length !== 1 && g.length !== height))
    return { ok: false, message: REFUSALS.sameRows };
  // Each argument read once as a grid or a cell: asked per row, a 5,000-row range walked itself
  // 5,000 times, seconds of a formula's 30.
  const columns = args.map((arg) => (isGrid(arg) ? arg : null));
  const rows = Array.from({ length: height }, (_, i) =>
    args.map((arg, a) => {
      const grid = columns[a];
      if (!grid) return arg;
      return grid.length === 1 ? grid[0]?.[0] : grid[i]?.[0];
    }),
  );
  return { ok: true, isRange: true, rows };
}

export interface RawArguments {
  /** A cell value: string, number, boolean, Date, '' for an empty cell, null or undefined. */
  input: unknown;
  /** Name lookups: joined after the name. */
  company?: unknown;
  /** Name lookups: joined after the company. */
  location?: unknown;
  /** Name lookups: joined last. */
  jobTitle?: unknown;
  /** Employee lists only. */
  department?: unknown;
  seniority?: unknown;
  /** Employee lists only: sent as `employee_count`. */
  max?: unknown;
}

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  /** A value no lookup takes; `what` completes "This is ...". */
  | { kind: 'unusable'; what: string };

export type FilledCell = Exclude<Cell, { kind: 'empty' }>;

const isDate = (value: unknown) => Object.prototype.toString.call(value) === '[object Date]';

/** A text cell: blank when it folds to nothing but whitespace, unusable when it names nothing. */
function readText(value: string): Cell {
  const text = normalizeText(value);
  if (text === '') {
    const invisible = invisibleOnly(value);
    return invisible === null ? { kind: 'empty' } : { kind: 'unusable', what: invisible };
  }
  const placeholder = placeholderOf(text);
  return placeholder === null ? { kind: 'text', text } : { kind: 'unusable', what: placeholder };
}

export function readCell(value: unknown): Cell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') return readText(value);
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? { kind: 'number', value }
      : { kind: 'unusable', what: UNUSABLE.notANumber };
  if (typeof value === 'boolean') return { kind: 'unusable', what: UNUSABLE.boolean };
  if (isDate(value)) return { kind: 'unusable', what: UNUSABLE.date };
  if (Array.isArray(value)) return { kind: 'unusable', what: UNUSABLE.range };
  return { kind: 'unusable', what: UNUSABLE.unsupported };
}

export const isBlank = (value: unknown) => readCell(value).kind === 'empty';
