// Turns a custom function's (or a bulk run's) raw cell arguments into an EnrichmentRequest, or into
// a short message the user can act on, before any credit is spent. Every rule about what an
// operation accepts is chosen by the table's `input` kind, so a new row needs no code here.
import type { EnrichmentRequest } from '../api/wire';
import { OPERATIONS } from '../operations/table';
import type { Operation, OptionName } from '../operations/types';
import { NOT_TAKEN, REFUSALS } from '../text/catalogue/refusals';
import { listed } from '../text/plural';
import { type FilledCell, isBlank, type RawArguments, readCell } from './arguments';
import { parseEmployeeCount } from './input-normalizers';
import { INPUT_READERS, LEAD_ARGUMENTS, optionalText } from './input-readers';
import { MAX_FILTER_LENGTH, MAX_INPUT_LENGTH } from './limits';
import { type Context, contextFor, Invalid, type Naming, quote, reject } from './refusals';

export type Prepared =
  /** `parts`: a name lookup's input as the user gave it, before it was joined ("name: …; company: …"). */
  | { kind: 'request'; request: EnrichmentRequest; parts?: string }
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string };

const FILTER_ARGUMENTS = [
  { arg: 'department', option: 'department' },
  { arg: 'seniority', option: 'seniority' },
  { arg: 'max', option: 'employee_count' },
] as const satisfies readonly { arg: keyof RawArguments & keyof typeof NOT_TAKEN; option: OptionName }[];

/** Arguments an operation does not take are an error, unless blank: they would be silently ignored. */
function refuseUnusedArguments(ctx: Context, args: RawArguments): void {
  const doers = (ops: readonly Operation[]) => listed(ops.map(ctx.refer));
  if (ctx.op.input !== 'person_name') {
    const nameOps = OPERATIONS.filter((o) => o.input === 'person_name');
    for (const { arg } of LEAD_ARGUMENTS) {
      if (!isBlank(args[arg])) reject(REFUSALS.notTaken(ctx.caller, NOT_TAKEN[arg], doers(nameOps)));
    }
  }
  for (const { arg, option } of FILTER_ARGUMENTS) {
    if (ctx.op.options.includes(option) || isBlank(args[arg])) continue;
    const doing = OPERATIONS.filter((o) => o.options.includes(option));
    reject(REFUSALS.notTaken(ctx.caller, NOT_TAKEN[arg], doers(doing)));
  }
}

type Filters = Pick<EnrichmentRequest, 'department' | 'seniority' | 'employee_count'>;

function readFilters(ctx: Context, args: RawArguments): Filters {
  const filters: Filters = {};
  const takes = (option: OptionName) => ctx.op.options.includes(option);
  for (const name of ['department', 'seniority'] as const) {
    const text = takes(name) ? optionalText(args[name], name, MAX_FILTER_LENGTH) : undefined;
    if (text !== undefined) filters[name] = text;
  }
  if (takes('employee_count') && !isBlank(args.max)) {
    const count = parseEmployeeCount(args.max);
    if (count === null) reject(REFUSALS.maxNotCount(shown(args.max)));
    filters.employee_count = count;
  }
  return filters;
}

function shown(value: unknown): string {
  const cell = readCell(value);
  if (cell.kind === 'text') return quote(cell.text);
  if (cell.kind === 'number') return String(cell.value);
  return cell.kind === 'unusable' ? cell.what : 'nothing';
}

/**
 * A name lookup's input is sent as one text, the name then its company, location and job title:
 * a receipt shows the parts apart ("name: Dennis Ritchie; company: Soylent"). Null for a name alone.
 */
function nameParts(ctx: Context, cell: FilledCell, args: RawArguments): string | null {
  const leads = LEAD_ARGUMENTS.flatMap(({ arg, label }) => {
    const text = optionalText(args[arg], label, MAX_INPUT_LENGTH);
    return text === undefined ? [] : [`${label}: ${text}`];
  });
  if (leads.length === 0) return null;
  return [`name: ${INPUT_READERS.person_name(ctx, cell, { input: args.input })}`, ...leads].join('; ');
}

// ---------------------------------------------------------------------------------------------
// Entry points.

/**
 * Normalizes and validates one row of arguments. An empty input is `empty` whatever the other
 * arguments hold: a sheet's blank rows must stay blank and free.
 */
export function prepareRequest(op: Operation, args: RawArguments, naming: Naming = 'function'): Prepared {
  const ctx = contextFor(op, naming);
  const cell = readCell(args.input);
  if (cell.kind === 'empty') return { kind: 'empty' };
  try {
    refuseUnusedArguments(ctx, args);
    const inputData = INPUT_READERS[op.input](ctx, cell, args);
    if (inputData.length > MAX_INPUT_LENGTH)
      reject(REFUSALS.inputTooLong(inputData.length, ctx.caller, MAX_INPUT_LENGTH));
    const request = { type: op.type, input_data: inputData, ...readFilters(ctx, args) };
    const parts = op.input === 'person_name' ? nameParts(ctx, cell, args) : null;
    return { kind: 'request', request, ...(parts ? { parts } : {}) };
  } catch (error) {
    if (error instanceof Invalid) return { kind: 'invalid', message: error.message };
    throw error;
  }
}
