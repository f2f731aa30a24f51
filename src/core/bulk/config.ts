// A bulk run's configuration as the sidebar sends it, checked before the server trusts it.
import type { BulkRunConfig } from '../../shared/bulk-rpc';
import { normalizeText } from '../formulas/canonical';
import { parseEmployeeCount } from '../formulas/input-normalizers';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { refuse } from '../text/catalogue/sidebar/refuse';

const MAX_FIELDS = 12;
const MAX_TEXT_OPTION = 200;

function wholeNumber(value: unknown, what: string, min = 1): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw refuse('bulk', 'wholeNumber', what, min);
  return value;
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw refuse('bulk', 'mustBeText', what);
  const text = normalizeText(value);
  if (text.length > MAX_TEXT_OPTION) throw refuse('bulk', 'textTooLong', what, MAX_TEXT_OPTION);
  return text === '' ? undefined : text;
}

/**
 * The configuration as the server may trust it: a known operation, whole column numbers, only the
 * inputs and options the operation takes. Throws a message the sidebar shows as is.
 */
export function checkConfig(raw: BulkRunConfig): { config: BulkRunConfig; op: Operation } {
  const op = operationByType(String(raw?.type ?? ''));
  if (!op) throw refuse('bulk', 'chooseOperation');
  const sheetName = typeof raw.sheetName === 'string' ? raw.sheetName : '';
  if (sheetName === '') throw refuse('bulk', 'chooseSheet');
  const headerRow = wholeNumber(raw.headerRow, BULK_ANSWERS.headerRowField.text);
  const columns = checkColumns(raw, op);
  const output = checkOutput(raw, op);
  const config: BulkRunConfig = { sheetName, headerRow, type: op.type, columns, output };
  if (op.shape === 'employees') {
    config.options = checkEmployeeOptions(raw);
    config.employeesTo = raw.employeesTo === 'combined-sheet' ? 'combined-sheet' : 'sheet-per-company';
  }
  const days = checkRefresh(raw, op);
  if (days !== null) Object.assign(config, { refreshOlderThanDays: days }, refreshBudget(raw));
  return { config, op };
}

/** A refresh's budget (whole credits from 1) and its order, when asked. */
function refreshBudget(raw: BulkRunConfig): Pick<BulkRunConfig, 'refreshBudget' | 'refreshOrder'> {
  const budget = raw.refreshBudget;
  const order = raw.refreshOrder === 'rows' ? { refreshOrder: 'rows' as const } : {};
  if (budget === undefined || budget === null) return order;
  return { refreshBudget: wholeNumber(budget, BULK_ANSWERS.refreshBudgetField.text), ...order };
}

/** The most days a refresh may name: older than the longest time answers are kept. */
export const MAX_REFRESH_DAYS = 3_650;

/** "Refresh answers older than N days", when asked: a whole number of days from 0 (all of them). */
function checkRefresh(raw: BulkRunConfig, op: Operation): number | null {
  const days = raw.refreshOlderThanDays;
  if (days === undefined || days === null) return null;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_REFRESH_DAYS)
    throw refuse('bulk', 'refreshDays', MAX_REFRESH_DAYS);
  if (op.shape === 'employees') throw refuse('bulk', 'listsNotRefreshed');
  return days;
}

function checkColumns(raw: BulkRunConfig, op: Operation): BulkRunConfig['columns'] {
  const columns: BulkRunConfig['columns'] = {
    input: wholeNumber(raw.columns?.input, BULK_ANSWERS.inputColumnField.text),
  };
  if (op.input === 'person_name') {
    for (const name of ['company', 'location', 'jobTitle'] as const) {
      const column = raw.columns[name];
      if (column !== undefined && column !== null)
        columns[name] = wholeNumber(column, BULK_ANSWERS.slotColumnField.say(name));
    }
  }
  const used = Object.values(columns);
  if (new Set(used).size !== used.length) throw refuse('bulk', 'differentColumns');
  return columns;
}

function checkOutput(raw: BulkRunConfig, op: Operation): BulkRunConfig['output'] {
  if (raw.output?.mode !== 'fields') return { mode: 'primary' };
  if (op.shape !== 'scalar' && op.shape !== 'record') throw refuse('bulk', 'oneColumnOnly', op.label);
  const fields = [...new Set((raw.output.fields ?? []).map((field) => normalizeText(String(field))))];
  const chosen = fields.filter((field) => field !== '');
  if (chosen.length === 0) throw refuse('bulk', 'chooseField');
  if (chosen.length > MAX_FIELDS) throw refuse('bulk', 'mostFields', MAX_FIELDS);
  return { mode: 'fields', fields: chosen };
}

function checkEmployeeOptions(raw: BulkRunConfig): NonNullable<BulkRunConfig['options']> {
  const options: NonNullable<BulkRunConfig['options']> = {};
  const department = optionalText(raw.options?.department, BULK_ANSWERS.departmentField.text);
  const seniority = optionalText(raw.options?.seniority, BULK_ANSWERS.seniorityField.text);
  if (department !== undefined) options.department = department;
  if (seniority !== undefined) options.seniority = seniority;
  const max = raw.options?.max;
  if (max !== undefined && max !== null && String(max).trim() !== '') {
    const count = parseEmployeeCount(max);
    if (count === null) throw refuse('bulk', 'maxEmployees');
    options.max = count;
  }
  return options;
}

/** The input columns of a run, in the order they are joined. */
export function inputColumns(config: BulkRunConfig): number[] {
  const { input, company, location, jobTitle } = config.columns;
  return [input, company, location, jobTitle].filter((column): column is number => column !== undefined);
}
