// The one value a cell shows: a field of the result, or the operation's primary value. The API is
// loose (DESIGN.md section 2): bare strings and numbers, objects with nested arrays, lists of
// objects, `null`, `""` for missing fields and mixed naming styles. Pure and tolerant.
import type { Operation } from '../operations/types';
import { fitCell } from '../text/fit-cell';
import {
  isBlank,
  isRecord,
  isScalar,
  type JsonRecord,
  lookupPath,
  MAX_DEPTH,
  normalizeKey,
} from './loose-json';
import { namedLabel, toText } from './readable-text';

export type CellValue = string | number | boolean;
/** What a custom function returns: one value, or rows that spill into the cells around it. */
export type CellOutput = CellValue | CellValue[][];

/** Longer text is prose (an About section), not a value worth a column or a fallback. */
const SHORT_TEXT_CHARS = 200;

/** Keys that only wrap the real data: `{ "data": { "email": ... } }`. */
const WRAPPER_KEYS = new Set([
  'data',
  'result',
  'results',
  'response',
  'payload',
  'record',
  'item',
  'details',
]);
/** Count-like fields whose text (`"1,234"`) is worth a real number: Sheets can sum and sort it. */
const COUNTING_NOUNS = new Set(['followers', 'following', 'posts', 'connections']);
const COUNT_TEXT = /^(\d{1,3}(,\d{3})+|\d+)$/;

export const isShortScalar = (value: unknown): value is CellValue =>
  isScalar(value) &&
  !isBlank(value) &&
  (typeof value !== 'string' || value.trim().length <= SHORT_TEXT_CHARS);

function isCountField(name: string): boolean {
  const last = normalizeKey(name.split('.').pop() ?? '');
  return last.endsWith('count') || COUNTING_NOUNS.has(last);
}

/** One API value as a cell value; containers become readable text. */
export function asCell(raw: unknown, fieldName: string): CellValue | null {
  if (isBlank(raw)) return null;
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (isCountField(fieldName) && COUNT_TEXT.test(text)) return Number(text.replace(/,/g, ''));
    return fitCell(text);
  }
  // A nested object in a cell reads best as its name ("Acme"), else as "key: value; ...".
  const text = (isRecord(raw) ? namedLabel(raw, 0) : '') || toText(raw);
  return text === '' ? null : fitCell(text);
}

/**
 * The value of `field` (any naming style, dotted paths allowed) or null when it is absent or
 * empty. Lists are joined into text; count fields given as text (`"1,234"`) become numbers.
 */
export function fieldValue(result: unknown, field: string): CellValue | null {
  return asCell(lookupPath(result, field), field);
}

/** The first element worth showing: a list answer shows its first item. */
export function firstItem(result: unknown): unknown {
  if (Array.isArray(result)) return result.find((item) => !isBlank(item));
  return isBlank(result) ? undefined : result;
}

/** Records inside the wrapper keys of `obj` (`{ "data": {...} }`), in order. */
function wrappedRecords(obj: JsonRecord): JsonRecord[] {
  return Object.entries(obj)
    .filter(([key]) => WRAPPER_KEYS.has(normalizeKey(key)))
    .flatMap(([, nested]) =>
      Array.isArray(nested) ? nested.filter(isRecord) : isRecord(nested) ? [nested] : [],
    );
}

function candidateIn(op: Operation, obj: JsonRecord, depth: number): CellValue | null {
  for (const name of op.primary) {
    const value = pickPrimary(op, lookupPath(obj, name), name, depth + 1);
    if (value !== null) return value;
  }
  if (depth >= MAX_DEPTH) return null;
  for (const record of wrappedRecords(obj)) {
    const value = candidateIn(op, record, depth + 1);
    if (value !== null) return value;
  }
  return null;
}

function pickPrimary(op: Operation, value: unknown, via: string, depth: number): CellValue | null {
  if (isBlank(value) || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const picked = pickPrimary(op, item, via, depth + 1);
      if (picked !== null) return picked;
    }
    return null;
  }
  if (!isRecord(value)) return asCell(value, via);
  const candidate = candidateIn(op, value, depth);
  if (candidate !== null) return candidate;
  // No candidate: the first short scalar (say a city) beats nothing and beats a dump of the object.
  const entries = Object.entries(value);
  const scalar =
    entries.find(([, v]) => isShortScalar(v)) ?? entries.find(([, v]) => isScalar(v) && !isBlank(v));
  return scalar ? asCell(scalar[1], scalar[0]) : asCell(value, via);
}

/**
 * The one value a cell shows for `result`: the value itself for a bare answer, else the first
 * non-empty candidate of `op.primary`. From a list of strings (`emails: [a, b]`) the first is
 * shown: one address per cell can be mailed or passed to another formula, and the full list stays
 * reachable with a field argument. Null when there is nothing to show.
 */
export function primaryValue(op: Operation, result: unknown): CellValue | null {
  return pickPrimary(op, result, op.primary[0] ?? '', 0);
}
