// Any API value as words a cell can show: lists joined, objects by their label ("Engineer at
// Acme") or as "key: value; ...". Never "[object Object]", at any depth.
import { findIn, isBlank, isRecord, isScalar, type JsonRecord, MAX_DEPTH, TOO_DEEP } from './loose-json';

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

/**
 * Any value as readable text: lists of values joined with ", ", lists of objects by their labels
 * joined with "; ", objects as "key: value; key: value". Never "[object Object]", at any depth.
 */
export function toText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (depth > MAX_DEPTH && typeof value === 'object') return TOO_DEEP;
  if (Array.isArray(value)) return listText(value, depth);
  if (isRecord(value)) return summaryOf(value, depth, '; ');
  return scalarText(value);
}

/** A scalar as a cell shows it; "" for anything else (a function, a symbol). */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return String(value);
  return '';
}

/** A list's filled items: ", " between scalars, "; " when any is an object (named by its label). */
function listText(value: readonly unknown[], depth: number): string {
  const parts = value.filter((item) => !isBlank(item));
  const texts = parts.map((item) => (isRecord(item) ? labelOf(item, depth + 1) : toText(item, depth + 1)));
  return texts.filter((text) => text !== '').join(parts.every(isScalar) ? ', ' : '; ');
}

/** "key: value" of an object's scalar (and list-of-scalar) fields; nested objects by label. */
function summaryOf(obj: JsonRecord, depth: number, separator: string): string {
  if (depth > MAX_DEPTH) return TOO_DEEP;
  const filled = Object.entries(obj).filter(([, value]) => !isBlank(value));
  const flat = filled.filter(
    ([, value]) => isScalar(value) || (Array.isArray(value) && value.every(isScalar)),
  );
  if (flat.length > 0)
    return flat.map(([key, value]) => `${key}: ${toText(value, depth + 1)}`).join(separator);
  return filled
    .map(([, value]) => (isRecord(value) ? labelOf(value, depth + 1) : toText(value, depth + 1)))
    .filter((text) => text !== '')
    .join('; ');
}

/** The shortest text that names an object: "Engineer at Acme", a name, else a compact summary. */
function labelOf(obj: JsonRecord, depth: number): string {
  return namedLabel(obj, depth) || summaryOf(obj, depth, ', ');
}

/** "Engineer at Acme" or the object's name-like field; "" when it has neither. */
export function namedLabel(obj: JsonRecord, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const role = findIn(obj, ROLE_KEYS);
  const org = findIn(obj, ORG_KEYS);
  const named = (value: unknown): string =>
    isRecord(value) ? labelOf(value, depth + 1) : toText(value, depth + 1);
  if (role !== undefined && org !== undefined) {
    const roleText = named(role);
    const orgText = named(org);
    if (roleText !== '' && orgText !== '') return `${roleText} at ${orgText}`;
  }
  const label = findIn(obj, LABEL_KEYS) ?? role ?? org;
  return label === undefined ? '' : named(label);
}
