// A custom function's arguments as the rows it looks up: the formula itself and the drivers that
// finish a formula's queued lookups read them the same way, so both buy exactly the same keys.

import { GENERIC_FUNCTION, operationByFunction } from '../operations/table';
import type { Operation } from '../operations/types';
import { argumentRows, type RawArguments } from './arguments';
import { resolveType } from './enrich-type';
import { type Prepared, prepareRequest } from './request';

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
    else raw[param] = value;
  });
  return { raw, field };
}

/** ENRICH(type, input, field): its type read once for the operation and the request. */
function enrichRow([type, input, field]: readonly unknown[]): FormulaRow {
  const resolved = resolveType(type);
  if ('message' in resolved)
    return { op: null, field: optionalText(field), prepared: { kind: 'invalid', message: resolved.message } };
  return {
    op: resolved.op,
    field: optionalText(field),
    prepared: prepareRequest(resolved.op, { input }, 'enrich'),
  };
}

/** The rows `=NAME(args…)` looks up, each refused for free or ready to send. */
export function formulaRows(functionName: string, args: readonly unknown[]): FormulaRows {
  const name = functionName.toUpperCase();
  const generic = name === GENERIC_FUNCTION.functionName;
  const op = generic ? undefined : operationByFunction(name);
  const params = generic ? GENERIC_FUNCTION.params.length : 1 + (op?.extraParams.length ?? 0);
  const rows = argumentRows(args, params);
  if (!rows.ok) return rows;
  const prepare = (values: readonly unknown[]): FormulaRow => {
    if (generic) return enrichRow(values);
    if (!op) throw new Error(`Unknown function ${functionName}.`);
    const { raw, field } = toRawArguments(op, values);
    return { op, field, prepared: prepareRequest(op, raw) };
  };
  return { ...rows, rows: rows.rows.map(prepare) };
}
