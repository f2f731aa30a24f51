// The entry of every custom function: `=PRONET_EMAIL(A2)` and `=COMPANY_WEBSITE(A2:A500)` alike.
// Runs under the custom-function rules: 30 s, read-only spreadsheet, no services that need
// authorization. One execution answers a whole range, with one batched lookup per distinct input.
import { redactKey } from '../core/api/api-key';
import { resultKey } from '../core/cache/keys';
import { isDeferred } from '../core/formula-queue/finish';
import { type FormulaRow, formulaRows } from '../core/formulas/formula-rows';
import type { Prepared } from '../core/formulas/request';
import { followsTheUser } from '../core/jobs/drivers';
import { employeeListText, expiredText, jobRunningText } from '../core/lookup/cell-texts';
import type { LookupItem, LookupResult } from '../core/lookup/items';
import { lookupMany } from '../core/lookup/pass';
import type { Operation } from '../core/operations/types';
import { CELL_TEXT, rowErrorText } from '../core/render/cell-text';
import { renderForCell } from '../core/render/results';
import type { CellOutput, CellValue } from '../core/render/values';
import { errorMessage } from '../core/text/error-message';
import { digestHashPort } from './adapters/apps-script';
import { CUSTOM_FUNCTION_BUDGET_MS } from './config';
import { executionContext } from './context';
import { currentDrivers } from './drivers';
import { queueThisFormula } from './formula-queue';

type Row = FormulaRow;

/**
 * What one lookup shows; errors throw, so a single cell shows #ERROR! with the reason. A lookup
 * that only has to wait its turn (a busy lock, no time or room left to send) is no error: it is
 * queued for the add-on's own executions (`queued`), costs nothing yet, and says so.
 */
function toCell(
  op: Operation,
  field: string | undefined,
  result: LookupResult,
  followsUser: () => boolean,
  queued: string | null,
): CellOutput {
  if (queued !== null && isDeferred(result)) return queued;
  if (op.shape === 'employees' && (result.kind === 'found' || result.kind === 'pending')) {
    return employeeListText(result, followsUser());
  }
  switch (result.kind) {
    case 'found':
      return renderForCell(op, result.result, field) ?? CELL_TEXT.notFound;
    case 'miss':
      return CELL_TEXT.notFound;
    case 'pending':
      return jobRunningText(followsUser());
    case 'waiting':
      return CELL_TEXT.processing;
    case 'expired':
      throw new Error(expiredText(op, result.job));
    case 'failed':
      if (result.error.code === 'not_sent') return result.error.message;
      throw new Error(result.error.message);
    case 'refused':
      if (result.later) return result.message;
      throw new Error(result.message);
  }
}

/** In a range every row is one row of the answer: a table that cannot fit says so instead. */
function asRangeRow(op: Operation, output: CellOutput): CellValue[] {
  if (!Array.isArray(output)) return [output];
  if (op.shape === 'list') {
    const rows = Math.max(0, output.length - 1);
    return [`${rows} rows: use a single cell to see the table`];
  }
  return output[0] ?? [''];
}

/** Sheets wants a rectangle: pad short rows. */
function rectangle(rows: CellValue[][]): CellValue[][] {
  const width = Math.max(1, ...rows.map((row) => row.length));
  return rows.map((row) => (row.length === width ? row : [...row, ...Array(width - row.length).fill('')]));
}

export function customFunction(functionName: string, args: unknown[]): unknown {
  const rows = formulaRows(functionName, args);
  if (!rows.ok) throw new Error(rows.message);
  const prepared = rows.rows;
  if (!rows.isRange && prepared[0]!.prepared.kind === 'invalid')
    throw new Error(prepared[0]!.prepared.message);

  const wanted = prepared.filter((row) => row.prepared.kind === 'request');
  let results = new Map<string, LookupResult>();
  let apiKey: string | undefined;
  let followsUser = () => false;
  let queued: string | null = null;
  if (wanted.length > 0) {
    const context = executionContext({ canWriteSheets: false });
    if (!context) throw new Error(CELL_TEXT.noKey);
    apiKey = context.apiKey;
    // Read only when a job is pending: whether an edit of this spreadsheet will collect it.
    let follows: boolean | undefined;
    followsUser = () => (follows ??= followsTheUser(currentDrivers(context.scope)));
    const items: LookupItem[] = wanted.map((row) => {
      const request = (row.prepared as Extract<Prepared, { kind: 'request' }>).request;
      row.key = resultKey(digestHashPort, context.scope, request);
      return { key: row.key, op: row.op!, request };
    });
    const now = context.deps.client.clock.now();
    results = lookupMany(context.deps, items, {
      source: 'formula',
      jobSource: 'formula',
      // Asked for only when something is bought: a cell answered from the cache needs neither.
      get spreadsheetId() {
        return context.spreadsheetId;
      },
      get day() {
        return context.day;
      },
      deadline: now + CUSTOM_FUNCTION_BUDGET_MS,
      formulaDailyCap: context.settings.formulaDailyCap,
      retryServerErrors: false,
      pollJobs: true,
      maxRequestsPerSecond: context.settings.requestsPerSecond,
      storeInHand: context.takeStoreInHand(),
    });
    const left = new Set(items.filter((item) => isDeferred(results.get(item.key))).map((item) => item.key));
    // What this execution had no time or turn for is handed to the add-on's own executions.
    if (left.size > 0) queued = queueThisFormula(context, left.size, followsUser);
  }
  const cell = (row: Row): CellOutput => {
    if (row.prepared.kind === 'empty') return '';
    if (row.prepared.kind === 'invalid') throw new Error(row.prepared.message);
    return toCell(row.op!, row.field, results.get(row.key!)!, followsUser, queued);
  };
  try {
    if (!rows.isRange) return cell(prepared[0]!);
  } catch (error) {
    throw new Error(redactKey(errorMessage(error), apiKey));
  }
  return rectangle(
    prepared.map((row) => {
      try {
        return row.op ? asRangeRow(row.op, cell(row)) : [rowErrorText(invalidMessage(row))];
      } catch (error) {
        return [rowErrorText(redactKey(errorMessage(error), apiKey))];
      }
    }),
  );
}

function invalidMessage(row: Row): string {
  return row.prepared.kind === 'invalid' ? row.prepared.message : 'Invalid input.';
}
