// List answers as tables: the items of a list, one row per item, and the columns worth showing
// (documented fields first, then any other short value), each column under all its names.
import type { Operation } from '../operations/types';
import { isBlank, isRecord, isScalar, normalizeKey } from './loose-json';
import { asCell, type CellValue, fieldValue, firstItem, isShortScalar } from './values';

/** Other names each column may come under: the primary column takes any of `op.primary`. */
export type ColumnAliases = Readonly<Record<string, readonly string[]>>;

/** The column of `fields` that holds the operation's primary value, with all its names. */
export function primaryAliases(op: Operation, fields: readonly string[] = op.fields): ColumnAliases {
  const primaries = new Set(op.primary.map(normalizeKey));
  const column = fields.find((field) => primaries.has(normalizeKey(field)));
  return column === undefined ? {} : { [column]: op.primary };
}

/** The column's value in `item`: under its own name, else under the first of its aliases that has one. */
export function columnValue(item: unknown, column: string, aliases: ColumnAliases): CellValue | null {
  for (const name of [column, ...(aliases[column] ?? [])]) {
    const value = fieldValue(item, name);
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
  const aliases = primaryAliases(op, fields);
  if (isScalar(item)) {
    // A bare answer is the primary value: it goes in the primary column, else the first.
    const column = Object.keys(aliases)[0] ?? fields[0];
    return { header, row: fields.map((field) => (field === column ? (asCell(item, field) ?? '') : '')) };
  }
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
