// The entry of every custom function: `=PRONET_EMAIL(A2)` and `=COMPANY_WEBSITE(A2:A500)` alike.
// Runs under the custom-function rules: 30 s, read-only spreadsheet, no services that need
// authorization. One execution answers a whole range, with one batched lookup per distinct input.
import { redactKey } from '../core/api-key';
import type { EnrichmentRequest } from '../core/api-types';
import { CELL_TEXT, rowErrorText } from '../core/cell-text';
import { type CallOutcome, enrichMany } from '../core/client';
import { argumentRows } from '../core/formula-args';
import { GENERIC_FUNCTION, type Operation, operationByFunction } from '../core/operations';
import {
  type Prepared,
  prepareByType,
  prepareRequest,
  type RawArguments,
  resolveType,
} from '../core/request';
import { type CellOutput, renderForCell } from '../core/results';
import { appsScriptClock, urlFetchPort } from './adapters';
import { readApiKey } from './api-key';
import { API_BASE_URL, CUSTOM_FUNCTION_BUDGET_MS } from './config';

const optionalText = (value: unknown) => (value === undefined || value === '' ? undefined : String(value));

type Row = { op: Operation | null; prepared: Prepared; field: string | undefined };

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

function prepareRow(functionName: string, values: readonly unknown[]): Row {
  if (functionName === GENERIC_FUNCTION.functionName) {
    const [type, input, field] = values;
    const resolved = resolveType(type);
    const op = 'op' in resolved ? resolved.op : null;
    return { op, field: optionalText(field), prepared: prepareByType(type, { input }) };
  }
  const op = operationByFunction(functionName);
  if (!op) throw new Error(`Unknown function ${functionName}.`);
  const { raw, field } = toRawArguments(op, values);
  return { op, field, prepared: prepareRequest(op, raw) };
}

function paramCount(functionName: string): number {
  if (functionName === GENERIC_FUNCTION.functionName) return GENERIC_FUNCTION.params.length;
  const op = operationByFunction(functionName);
  return op ? 1 + op.extraParams.length : 1;
}

const requestKey = (request: EnrichmentRequest) => JSON.stringify(request);

function outcomeToCell(row: Row, outcome: CallOutcome): CellOutput {
  switch (outcome.kind) {
    case 'found':
      return renderForCell(row.op!, outcome.result, row.field) ?? CELL_TEXT.notFound;
    case 'miss':
      return CELL_TEXT.notFound;
    case 'pending':
      return 'Processing… recalculate in a minute to see the result.';
    case 'failed':
      throw new Error(outcome.error.message);
  }
}

/** One cell of a range: a failure becomes that row's text, the other rows keep their values. */
function firstCell(output: CellOutput): unknown[] {
  return Array.isArray(output) ? (output[0] ?? ['']) : [output];
}

export function customFunction(functionName: string, args: unknown[]): unknown {
  const rows = argumentRows(args, paramCount(functionName));
  if (!rows.ok) throw new Error(rows.message);
  const prepared = rows.rows.map((values) => prepareRow(functionName, values));
  if (!rows.isRange) {
    const only = prepared[0]!;
    if (only.prepared.kind === 'invalid') throw new Error(only.prepared.message);
  }
  const wanted = new Map<string, EnrichmentRequest>();
  for (const row of prepared) {
    if (row.prepared.kind === 'request') wanted.set(requestKey(row.prepared.request), row.prepared.request);
  }
  const outcomes = new Map<string, CallOutcome>();
  if (wanted.size > 0) {
    const key = readApiKey();
    if (!key) throw new Error(CELL_TEXT.noKey);
    const requests = [...wanted.values()];
    const clock = appsScriptClock;
    const answers = enrichMany(
      { baseUrl: API_BASE_URL, apiKey: key.key, http: urlFetchPort, clock },
      requests,
      { deadline: clock.now() + CUSTOM_FUNCTION_BUDGET_MS, retryServerErrors: false },
    );
    requests.forEach((request, i) => {
      outcomes.set(requestKey(request), answers[i]!);
    });
  }
  const cell = (row: Row): CellOutput => {
    if (row.prepared.kind === 'empty') return '';
    if (row.prepared.kind === 'invalid') throw new Error(row.prepared.message);
    return outcomeToCell(row, outcomes.get(requestKey(row.prepared.request))!);
  };
  if (!rows.isRange) return cell(prepared[0]!);
  const key = readApiKey()?.key;
  return prepared.map((row) => {
    try {
      return firstCell(cell(row));
    } catch (error) {
      return [rowErrorText(redactKey(error instanceof Error ? error.message : String(error), key))];
    }
  });
}
