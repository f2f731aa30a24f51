// A custom function's arguments as the rows it looks up: the formula itself and the drivers that
// finish a formula's queued lookups read them the same way, so both buy exactly the same keys.

import { GENERIC_FUNCTION, operationByFunction } from '../operations/table';
import type { Operation } from '../operations/types';
import { argumentRows, type RawArguments } from './arguments';
import { resolveType } from './enrich-type';
import { type Prepared, prepareByType, prepareRequest } from './request';

const optionalText = (value: unknown) => (value === undefined || value === '' ? undefined : String(value));

export interface FormulaRow {
  op: Operation | null;
  prepared: Prepared;
  field: string | undefined;
  key?: string;
}

export type FormulaRows = { ok: true; isRange: boolean; rows: FormulaRow[] } | { ok: false; message: string };

function toRawArguments(op: Operation, values: readonly unknown[]): { raw: RawArguments; field?: string } {
  const raw: RawArguments = { input: values[0] };
  let field: string | undefined;
  op.extraParams.forEach((param, i) => {
    const value = values[i + 1];
    if (param === 'field') field = optionalText(value);
    else if (param === 'max') raw.max = value;
    else raw[param] = value;
  });
  return { raw, field };
}

function prepareRow(functionName: string, values: readonly unknown[]): FormulaRow {
  if (functionName.toUpperCase() === GENERIC_FUNCTION.functionName) {
    const [type, input, field] = values;
    const resolved = resolveType(type);
    const op = 'op' in resolved ? resolved.op : null;
    return { op, field: optionalText(field), prepared: prepareByType(type, { input }) };
  }
  const op = operationByFunction(functionName.toUpperCase());
  if (!op) throw new Error(`Unknown function ${functionName}.`);
  const { raw, field } = toRawArguments(op, values);
  return { op, field, prepared: prepareRequest(op, raw) };
}

function paramCount(functionName: string): number {
  if (functionName.toUpperCase() === GENERIC_FUNCTION.functionName) return GENERIC_FUNCTION.params.length;
  const op = operationByFunction(functionName.toUpperCase());
  return op ? 1 + op.extraParams.length : 1;
}

/** The rows `=NAME(args…)` looks up, each refused for free or ready to send. */
export function formulaRows(functionName: string, args: readonly unknown[]): FormulaRows {
  const rows = argumentRows(args, paramCount(functionName));
  if (!rows.ok) return rows;
  return {
    ok: true,
    isRange: rows.isRange,
    rows: rows.rows.map((values) => prepareRow(functionName, values)),
  };
}
