// A cell: what it holds, how what a script writes is stored in it, and how its value shows.
//
// How a written value is stored follows Sheets (ids of docs/platform-assumptions.md):
// - a string starting with '=' is stored as a formula, unless it starts with an apostrophe, which
//   stores the rest as text (verified: this is why API data must be guarded before it is written);
// - S1, assumed (widely reported, not checked here): numeric strings become numbers and TRUE/FALSE
//   booleans, as when typed, so "00123" loses its zeros unless the cell is formatted as text ('@'),
//   which keeps every string as text;
// - S2, assumed: a string starting with '+' or '-' that is not a number is taken as a formula too and
//   fails with "Formula parse error." (what typing "+1 650 555 0100" does in the Sheets UI);
// - S3, assumed: any other object is written as its String(), e.g. "[object Object]";
// - not emulated (more lenient): strings that Sheets would read as dates, percentages or currency
//   stay text.
// Also assumed: the S4 wording (50,000 characters a cell).

import { gasError } from './errors';
import { formatDate } from './utilities';

export type CellValue = string | number | boolean | Date;
export type ErrorCode = '#ERROR!' | '#REF!' | '#NAME?' | '#N/A' | '#VALUE!';

export interface CellError {
  readonly code: ErrorCode;
  /** What Sheets shows in the error's tooltip. */
  readonly message: string;
}

export interface Cell {
  value: CellValue;
  formula: string;
  note: string;
  bold: boolean;
  numberFormat: string;
  error: CellError | null;
  /** The anchor ("row:column") whose array result spilled into this cell. */
  spillOf: string | null;
  /** A formula just entered (typed or written by a script), waiting for recalculation. */
  stale: boolean;
}

/** The outcome of evaluating a formula: values to place, or an error for the anchor cell. */
export type Outcome = { readonly values: CellValue[][] } | { readonly error: CellError };

export const MAX_CELL_CHARS = 50_000;
export const PARSE_ERROR: CellError = { code: '#ERROR!', message: 'Formula parse error.' };

export function isDate(value: unknown): value is Date {
  return (
    typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Date]'
  );
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

type Input =
  | { readonly kind: 'value'; readonly value: CellValue }
  | { readonly kind: 'formula'; readonly formula: string };

/** How Sheets stores what setValue, setValues or appendRow write. */
export function interpretInput(input: unknown, numberFormat: string): Input {
  if (input === null || input === undefined) return { kind: 'value', value: '' };
  if (typeof input === 'number' || typeof input === 'boolean') return { kind: 'value', value: input };
  if (isDate(input)) return { kind: 'value', value: new Date(input.getTime()) };
  const text = String(input);
  if (text.length > MAX_CELL_CHARS) {
    // Assumed wording.
    throw gasError(
      `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
    );
  }
  if (typeof input !== 'string' || numberFormat === '@') return { kind: 'value', value: text };
  return interpretTyped(text);
}

/** A string as Sheets reads it when typed: escaped text, a number, a boolean, a formula or text. */
function interpretTyped(text: string): Input {
  if (text.startsWith("'")) return { kind: 'value', value: text.slice(1) };
  const trimmed = text.trim();
  if (NUMBER.test(trimmed)) return { kind: 'value', value: Number(trimmed) };
  if (/^(true|false)$/i.test(trimmed)) return { kind: 'value', value: trimmed.toUpperCase() === 'TRUE' };
  if (text.length > 1 && text.startsWith('=')) return { kind: 'formula', formula: text };
  if (text.length > 1 && (text.startsWith('+') || text.startsWith('-')))
    return { kind: 'formula', formula: `=${text}` };
  return { kind: 'value', value: text };
}

export function blankCell(): Cell {
  return {
    value: '',
    formula: '',
    note: '',
    bold: false,
    numberFormat: '',
    error: null,
    spillOf: null,
    stale: false,
  };
}

/** A cell's place in a sheet, "row:column". */
export const cellKey = (row: number, column: number): string => `${row}:${column}`;

/** Whether a patch changes what the cell shows or holds: what makes formulas reading it run. */
export function changesContent(cell: Cell, patch: Partial<Cell>): boolean {
  const differs = (field: 'value' | 'formula' | 'error') =>
    field in patch && patch[field] !== cell[field] && !(isDate(patch[field]) && isDate(cell[field]));
  return differs('value') || differs('formula') || differs('error');
}

/** A small subset of Sheets number formats; anything else shows as General. */
export function displayValue(value: CellValue, numberFormat: string, timeZone: string): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (isDate(value)) return formatDate(value.getTime(), timeZone, 'M/d/yyyy H:mm:ss');
  if (typeof value === 'string') return value;
  const decimals = /^[#,0]*0(?:\.(0+))?(%?)$/.exec(numberFormat);
  if (numberFormat === '@') return String(value);
  if (decimals) {
    const places = decimals[1]?.length ?? 0;
    const scaled = decimals[2] ? value * 100 : value;
    const grouping = numberFormat.includes(',');
    const text = scaled.toLocaleString('en-US', {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      useGrouping: grouping,
    });
    return `${text}${decimals[2] ?? ''}`;
  }
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(10)));
}
