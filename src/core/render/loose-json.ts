// Reading the API's loose JSON (DESIGN.md section 2): what counts as blank, keys in any naming
// style, dotted paths through objects and lists. Every reader in render/ stands on these.

/** API results are JSON trees; the bound only guards against absurd nesting. */
export const MAX_DEPTH = 8;
/** What a cell shows where an answer goes on deeper than MAX_DEPTH: it was paid, and is kept whole. */
export const TOO_DEEP = '[nested too deep to show]';

export type JsonRecord = Record<string, unknown>;

export const normalizeKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value a cell holds as it is (render's CellValue). */
export const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** `""`, null, undefined, `[]`, `{}` and containers holding only those are "nothing found". */
export function isBlank(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  // Deeper than anything readable: not looked at, and not taken for nothing either.
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isBlank(item, depth + 1));
  if (isRecord(value)) return Object.values(value).every((item) => isBlank(item, depth + 1));
  return typeof value !== 'boolean';
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

/** The first non-blank value among `keys`, in that order. */
export function findIn(obj: JsonRecord, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = findKey(obj, key);
    if (!isBlank(value)) return value;
  }
  return undefined;
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

/** The value at a dotted `field` path: `undefined` when absent, blank when empty. */
export const lookupPath = (value: unknown, field: string): unknown => walk(value, field.trim().split('.'), 0);
