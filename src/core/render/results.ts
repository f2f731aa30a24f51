// Turns whatever the API answers in `result` into what a cell or a range shows. The API is loose
// (DESIGN.md section 2): bare strings and numbers, objects with nested arrays, lists of objects,
// `null`, `""` for missing fields and mixed naming styles. Everything here is pure and tolerant.
import type { Operation } from '../operations/types';

export type CellValue = string | number | boolean;
/** What a custom function returns: one value, or rows that spill into the cells around it. */
export type CellOutput = CellValue | CellValue[][];

/** Sheets refuses more characters than this in one cell. */
export const MAX_CELL_CHARS = 50_000;
const ELLIPSIS = '…';
/** Longer text is prose (an About section), not a value worth a column or a fallback. */
const SHORT_TEXT_CHARS = 200;
/** API results are JSON trees; the bound only guards against absurd nesting. */
const MAX_DEPTH = 8;
const MAX_LISTED_FIELDS = 30;

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
const ROLE_KEYS = ['title', 'job_title', 'position', 'role', 'degree'];
const ORG_KEYS = ['company', 'company_name', 'organization', 'employer', 'school', 'institution'];
const LABEL_KEYS = [
  'full_name',
  'name',
  'title',
  'label',
  'username',
  'handle',
  'email',
  'url',
  'value',
  'text',
];

type JsonRecord = Record<string, unknown>;

const normalizeKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is CellValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** `""`, null, undefined, `[]`, `{}` and containers holding only those are "nothing found". */
function isBlank(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.every((item) => isBlank(item, depth + 1));
  if (isRecord(value)) return Object.values(value).every((item) => isBlank(item, depth + 1));
  return typeof value !== 'boolean';
}

const isShortScalar = (value: unknown): value is CellValue =>
  isScalar(value) &&
  !isBlank(value) &&
  (typeof value !== 'string' || value.trim().length <= SHORT_TEXT_CHARS);

function isCountField(name: string): boolean {
  const last = normalizeKey(name.split('.').pop() ?? '');
  return last.endsWith('count') || COUNTING_NOUNS.has(last);
}

/** Keeps text within a cell, never splitting a surrogate pair (an emoji). */
export function fitCell(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  let end = MAX_CELL_CHARS - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + ELLIPSIS;
}

/** The value of `key` in `obj`, any naming style; a non-blank match wins over a blank one. */
function findKey(obj: JsonRecord, key: string): unknown {
  const entries = Object.entries(obj);
  const exact = entries.find(([name, value]) => name === key && !isBlank(value));
  if (exact) return exact[1];
  const wanted = normalizeKey(key);
  const matches = entries.filter(([name]) => (wanted === '' ? name === key : normalizeKey(name) === wanted));
  return (matches.find(([, value]) => !isBlank(value)) ?? matches[0])?.[1];
}

/**
 * Follows a dotted path. A numeric segment indexes an array; another segment applied to an array
 * collects it from every element (`experience.title` -> every title). `undefined` means no such
 * field; a blank value means the field exists but is empty.
 */
function walk(value: unknown, segments: readonly string[], depth: number): unknown {
  if (segments.length === 0) return value;
  if (depth > MAX_DEPTH) return undefined;
  const head = segments[0] ?? '';
  if (Array.isArray(value)) {
    if (/^\d+$/.test(head)) return walk(value[Number(head)], segments.slice(1), depth + 1);
    const found = value.map((item) => walk(item, segments, depth + 1)).filter((v) => v !== undefined);
    const filled = found.filter((v) => !isBlank(v));
    if (filled.length === 0) return found[0];
    return filled.length === 1 ? filled[0] : filled;
  }
  if (!isRecord(value)) return undefined;
  // A key that itself contains dots ("company.name") matches only as written: loosely it would
  // also match `company_name`, which is another field.
  for (let take = segments.length; take > 1; take -= 1) {
    const dotted = segments.slice(0, take).join('.');
    const exact = Object.entries(value).find(([name]) => name === dotted);
    if (exact) return walk(exact[1], segments.slice(take), depth + 1);
  }
  const found = findKey(value, head);
  return found === undefined ? undefined : walk(found, segments.slice(1), depth + 1);
}

const lookup = (value: unknown, field: string): unknown => walk(value, field.trim().split('.'), 0);

/** One API value as a cell value; containers become readable text. */
function asCell(raw: unknown, fieldName: string): CellValue | null {
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
  return asCell(lookup(result, field), field);
}

/** The first element worth showing: a list answer shows its first item. */
function firstItem(result: unknown): unknown {
  if (Array.isArray(result)) return result.find((item) => !isBlank(item));
  return isBlank(result) ? undefined : result;
}

function candidateIn(op: Operation, obj: JsonRecord, depth: number): CellValue | null {
  for (const name of op.primary) {
    const value = pickPrimary(op, lookup(obj, name), name, depth + 1);
    if (value !== null) return value;
  }
  for (const [key, nested] of Object.entries(obj)) {
    if (!WRAPPER_KEYS.has(normalizeKey(key))) continue;
    const inner = Array.isArray(nested) ? nested.filter(isRecord) : isRecord(nested) ? [nested] : [];
    for (const record of inner) {
      const value = depth < MAX_DEPTH ? candidateIn(op, record, depth + 1) : null;
      if (value !== null) return value;
    }
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
  const short = entries.find(([, v]) => isShortScalar(v));
  if (short) return asCell(short[1], short[0]);
  const anyScalar = entries.find(([, v]) => isScalar(v) && !isBlank(v));
  if (anyScalar) return asCell(anyScalar[1], anyScalar[0]);
  return asCell(value, via);
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

/** Other names each column may come under: the primary column takes any of `op.primary`. */
export type ColumnAliases = Readonly<Record<string, readonly string[]>>;

/** The column of `fields` that holds the operation's primary value, with all its names. */
export function primaryAliases(op: Operation, fields: readonly string[] = op.fields): ColumnAliases {
  const primaries = new Set(op.primary.map(normalizeKey));
  const column = fields.find((field) => primaries.has(normalizeKey(field)));
  return column === undefined ? {} : { [column]: op.primary };
}

function columnValue(item: unknown, column: string, aliases: ColumnAliases): CellValue | null {
  const direct = fieldValue(item, column);
  if (direct !== null) return direct;
  for (const alias of aliases[column] ?? []) {
    const value = fieldValue(item, alias);
    if (value !== null) return value;
  }
  return null;
}

/**
 * One row of `fields` (default `op.fields`), in that order; a field this result lacks is "". The
 * primary column also reads the other primary names (`name` for `full_name`).
 */
export function recordRow(
  op: Operation,
  result: unknown,
  fields: readonly string[] = op.fields,
): { header: string[]; row: CellValue[] } {
  const item = firstItem(result);
  const header = [...fields];
  if (item === undefined) return { header, row: fields.map(() => '') };
  if (isScalar(item)) {
    // A bare answer is the primary value: it goes in the primary column, else the first.
    const column = Object.keys(primaryAliases(op, fields))[0] ?? fields[0];
    return { header, row: fields.map((field) => (field === column ? (asCell(item, field) ?? '') : '')) };
  }
  const aliases = primaryAliases(op, fields);
  return { header, row: fields.map((field) => columnValue(item, field, aliases) ?? '') };
}

/**
 * The items of a list answer. Accepts a bare array or an object wrapping one
 * (`{ "total": 2, "reactions": [...] }`); anything else is a list of one.
 */
export function resultItems(result: unknown): unknown[] {
  if (isBlank(result)) return [];
  if (Array.isArray(result)) return result.filter((item) => !isBlank(item));
  if (isRecord(result)) {
    const list = Object.values(result).find(
      (value) => Array.isArray(value) && value.some((item) => isRecord(item) && !isBlank(item)),
    );
    if (Array.isArray(list)) return list.filter((item) => !isBlank(item));
  }
  return [result];
}

function tableColumns(
  items: readonly unknown[],
  preferred: readonly string[],
  aliases: ColumnAliases,
): string[] {
  const records = items.filter(isRecord);
  const columns = preferred.filter((field) =>
    records.some((item) => columnValue(item, field, aliases) !== null),
  );
  const taken = new Set([...preferred, ...Object.values(aliases).flat()].map(normalizeKey));
  for (const item of records) {
    for (const [key, value] of Object.entries(item)) {
      const normalized = normalizeKey(key);
      if (taken.has(normalized) || !isShortScalar(value)) continue;
      taken.add(normalized);
      columns.push(key);
    }
  }
  if (columns.length === 0 && items.some(isScalar)) columns.push(preferred[0] ?? 'value');
  return columns;
}

/**
 * A header row and one row per item. Columns: the `preferred` fields some item has, in that
 * order, then any other field holding a short value in some item (long prose and nested lists
 * are left out). `aliases` lets a column gather differently named fields. Empty when there is
 * nothing to show.
 */
export function toTable(
  items: unknown,
  preferred: readonly string[] = [],
  aliases: ColumnAliases = {},
): CellValue[][] {
  const list = resultItems(items);
  const columns = tableColumns(list, preferred, aliases);
  if (columns.length === 0) return [];
  const rows = list.map((item): CellValue[] =>
    isRecord(item)
      ? columns.map((column) => columnValue(item, column, aliases) ?? '')
      : columns.map((column, i) => (i === 0 ? (asCell(item, column) ?? '') : '')),
  );
  return [columns, ...rows];
}

function availableFields(op: Operation, item: unknown): string[] {
  const names = [...op.fields];
  const seen = new Set(names.map(normalizeKey));
  const records = Array.isArray(item) ? item.filter(isRecord) : isRecord(item) ? [item] : [];
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      if (isBlank(value) || seen.has(normalizeKey(key))) continue;
      seen.add(normalizeKey(key));
      names.push(key);
    }
  }
  return names;
}

/** A field the operation documents, or one this result has (even if empty), is known. */
function assertKnownField(op: Operation, item: unknown, field: string): void {
  const wanted = normalizeKey(field);
  const documented = [...op.fields, ...op.primary].some((name) => normalizeKey(name) === wanted);
  if (documented || lookup(item, field) !== undefined) return;
  const names = availableFields(op, item);
  const listed = names.slice(0, MAX_LISTED_FIELDS).join(', ');
  const more = names.length > MAX_LISTED_FIELDS ? ', …' : '';
  throw new Error(`Unknown field "${field}". Available: ${listed}${more}`);
}

function renderField(op: Operation, result: unknown, field: string): CellOutput | null {
  if (op.shape === 'list' || op.shape === 'employees') {
    const items = resultItems(result);
    assertKnownField(op, items, field);
    const aliases = primaryAliases(op, [field]);
    const column = items.map((item): CellValue[] => [columnValue(item, field, aliases) ?? '']);
    return column.some(([cell]) => cell !== '') ? column : null;
  }
  const item = firstItem(result);
  if (isScalar(item)) {
    assertKnownField(op, {}, field);
    const isPrimary = op.primary.some((name) => normalizeKey(name) === normalizeKey(field));
    return isPrimary ? primaryValue(op, item) : null;
  }
  assertKnownField(op, item, field);
  return fieldValue(item, field);
}

/**
 * What a custom function returns for `result`, null when nothing was found. Throws when `field`
 * names nothing this operation or this result knows; the message lists the fields available.
 * Values are returned as data: Sheets never evaluates a custom function's output as a formula.
 */
export function renderForCell(op: Operation, result: unknown, field?: string): CellOutput | null {
  if (isBlank(result)) return null;
  const wantedField = field?.trim() ?? '';
  if (wantedField !== '') return renderField(op, result, wantedField);
  switch (op.shape) {
    case 'scalar':
      return primaryValue(op, result);
    case 'record': {
      const item = firstItem(result);
      const hasAnyField = isRecord(item) && op.fields.some((name) => !isBlank(lookup(item, name)));
      // A record none of whose documented fields came back still shows its best value.
      if (!hasAnyField) return primaryValue(op, result);
      return [recordRow(op, item).row];
    }
    case 'list':
    case 'employees': {
      const table = toTable(result, op.fields, primaryAliases(op));
      return table.length === 0 ? null : table;
    }
  }
}

function findIn(obj: JsonRecord, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = findKey(obj, key);
    if (!isBlank(value)) return value;
  }
  return undefined;
}

function textOf(value: unknown, depth: number): string {
  if (value === null || value === undefined || depth > MAX_DEPTH) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((item) => !isBlank(item));
    const texts = parts.map((item) => (isRecord(item) ? labelOf(item, depth + 1) : textOf(item, depth + 1)));
    return texts.filter((text) => text !== '').join(parts.every(isScalar) ? ', ' : '; ');
  }
  if (isRecord(value)) return summaryOf(value, depth, '; ');
  return '';
}

/** "key: value" of an object's scalar (and list-of-scalar) fields; nested objects by label. */
function summaryOf(obj: JsonRecord, depth: number, separator: string): string {
  const filled = Object.entries(obj).filter(([, value]) => !isBlank(value));
  const flat = filled.filter(
    ([, value]) => isScalar(value) || (Array.isArray(value) && value.every(isScalar)),
  );
  if (flat.length > 0)
    return flat.map(([key, value]) => `${key}: ${textOf(value, depth + 1)}`).join(separator);
  return filled
    .map(([, value]) => (isRecord(value) ? labelOf(value, depth + 1) : textOf(value, depth + 1)))
    .filter((text) => text !== '')
    .join('; ');
}

/** The shortest text that names an object: "Engineer at Acme", a name, else a compact summary. */
function labelOf(obj: JsonRecord, depth: number): string {
  return namedLabel(obj, depth) || summaryOf(obj, depth, ', ');
}

/** "Engineer at Acme" or the object's name-like field; "" when it has neither. */
function namedLabel(obj: JsonRecord, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const role = findIn(obj, ROLE_KEYS);
  const org = findIn(obj, ORG_KEYS);
  const named = (value: unknown): string =>
    isRecord(value) ? labelOf(value, depth + 1) : textOf(value, depth + 1);
  if (role !== undefined && org !== undefined) {
    const roleText = named(role);
    const orgText = named(org);
    if (roleText !== '' && orgText !== '') return `${roleText} at ${orgText}`;
  }
  const label = findIn(obj, LABEL_KEYS) ?? role ?? org;
  if (label !== undefined) {
    const text = named(label);
    if (text !== '') return text;
  }
  return '';
}

/**
 * Any value as readable text: lists of values joined with ", ", lists of objects by their labels
 * joined with "; ", objects as "key: value; key: value". Never "[object Object]", at any depth.
 */
export function toText(value: unknown): string {
  return textOf(value, 0);
}

/** Text Sheets would turn into a number, date, percentage or boolean when typed in. */
const COERCIBLE_TEXT = /^[\s\d.,:/%$€£¥()eE+-]+$/;

/**
 * A value ready for `Range.setValues`, which parses strings as if typed by a user. A string that
 * would become a formula (`=`, `+`, `-`, `@`), a number, date or boolean (`"0612345678"`,
 * `"1/2/2020"`, `"TRUE"`) or would lose its own leading apostrophe is prefixed with `'`, so the
 * cell shows the text exactly as the API sent it. `"+1 555 0100"` stays a readable phone number
 * and `"-5"` stays the text "-5", just as a custom function would show it. Numbers and booleans are
 * already typed values and pass unchanged.
 */
export function asLiteralForSheet(value: CellValue): CellValue {
  if (typeof value !== 'string' || value === '') return value;
  const parsedBySheets =
    /^[=+\-@']/.test(value) ||
    (COERCIBLE_TEXT.test(value) && /\d/.test(value)) ||
    /^\s*(true|false)\s*$/i.test(value);
  return parsedBySheets ? `'${value}` : value;
}
