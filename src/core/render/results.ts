// What a custom function returns for an API result: one value, a row, or a table that spills
// into the cells around it, or a field the user named. Pure: values in, values out.

import type { Operation } from '../operations/types';
import { ANSWER_WORDS } from '../text/catalogue/api';
import { tableCutText } from '../text/catalogue/cells';
import { isBlank, isRecord, isScalar, lookupPath, normalizeKey } from './loose-json';
import { columnValue, primaryAliases, recordRow, resultItems, toTable } from './tables';
import { type CellOutput, type CellValue, fieldValue, firstItem, primaryValue } from './values';

const MAX_LISTED_FIELDS = 30;
/**
 * Most items a formula's table shows. A post with 10,000 reactions would need 10,000 free rows
 * below the cell (#REF! without them) and seconds to draw; the answer itself is kept whole.
 */
export const MAX_TABLE_ITEMS = 500;

/** The table, cut to MAX_TABLE_ITEMS items with a last row saying so and where the rest is. */
function cutTable(table: CellValue[][]): CellValue[][] {
  const items = table.length - 1;
  if (items <= MAX_TABLE_ITEMS) return table;
  return [...table.slice(0, MAX_TABLE_ITEMS + 1), [tableCutText(MAX_TABLE_ITEMS, items)]];
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
  if (documented || lookupPath(item, field) !== undefined) return;
  const names = availableFields(op, item);
  const listed = names.slice(0, MAX_LISTED_FIELDS).join(', ');
  const more = names.length > MAX_LISTED_FIELDS ? ', …' : '';
  throw new Error(ANSWER_WORDS.unknownField(field, `${listed}${more}`));
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
      const hasAnyField = isRecord(item) && op.fields.some((name) => !isBlank(lookupPath(item, name)));
      // A record none of whose documented fields came back still shows its best value.
      if (!hasAnyField) return primaryValue(op, result);
      return [recordRow(op, item).row];
    }
    case 'list':
    case 'employees': {
      const table = toTable(result, op.fields, primaryAliases(op));
      return table.length === 0 ? null : cutTable(table);
    }
  }
}
