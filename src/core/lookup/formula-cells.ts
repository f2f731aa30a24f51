// What a formula's cells show for its lookups' results: one cell's value (an error throws, so the
// cell shows #ERROR! with the reason), or in a range one row per input, a failing row saying
// `Error: …` while the others keep their values. The API key never reaches a cell.
import { redactKey } from '../api/api-key';
import type { FormulaRow } from '../formulas/formula-rows';
import type { Operation } from '../operations/types';
import { renderForCell } from '../render/results';
import type { CellOutput, CellValue } from '../render/values';
import { INVALID_INPUT_BARE } from '../text/catalogue/api';
import { CELL_TEXT, ERROR, TABLE_ROWS } from '../text/catalogue/cells';
import { errorMessage } from '../text/error-message';
import { employeeListText, expiredText, jobRunningText } from './cell-texts';
import type { LookupResult } from './items';

/** What the formula's execution knows beside the results. */
export interface FormulaCellsView {
  /** Whether an edit of this spreadsheet will collect a pending job; asked only when one is pending. */
  followsUser: () => boolean;
  /** What a lookup handed to the add-on's own executions says; null when none was. */
  queued: string | null;
  /** Kept out of every message a cell shows. */
  apiKey: string | undefined;
}

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
  if (queued !== null && result.kind === 'deferred') return queued;
  if (op.shape === 'employees' && (result.kind === 'found' || result.kind === 'pending'))
    return employeeListText(result, followsUser());
  switch (result.kind) {
    case 'found':
      return renderForCell(op, result.result, field) ?? CELL_TEXT.notFound;
    case 'miss':
      return CELL_TEXT.notFound;
    case 'pending':
      return jobRunningText(followsUser());
    case 'deferred':
      return result.reason === 'buying-elsewhere' ? CELL_TEXT.processing : result.message;
    case 'expired':
      throw new Error(expiredText(op, result.job));
    case 'failed':
      throw new Error(result.error.message);
    case 'refused':
      throw new Error(result.message);
  }
}

/** In a range every row is one row of the answer: a table that cannot fit says so instead. */
function asRangeRow(op: Operation, output: CellOutput): CellValue[] {
  if (!Array.isArray(output)) return [output];
  if (op.shape === 'list') return [TABLE_ROWS.say(Math.max(0, output.length - 1))];
  return output[0] ?? [''];
}

/** Sheets wants a rectangle: pad short rows. */
function rectangle(rows: CellValue[][]): CellValue[][] {
  const width = Math.max(1, ...rows.map((row) => row.length));
  return rows.map((row) => (row.length === width ? row : [...row, ...Array(width - row.length).fill('')]));
}

/** The formula's answer: one cell's value, or a rectangle of one row per input of a range. */
export function formulaAnswer(
  rows: { isRange: boolean; rows: readonly FormulaRow[] },
  results: ReadonlyMap<string, LookupResult>,
  { followsUser, queued, apiKey }: FormulaCellsView,
): unknown {
  const prepared = rows.rows;
  const cell = (row: FormulaRow): CellOutput => {
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
        return row.op ? asRangeRow(row.op, cell(row)) : [ERROR.say(invalidMessage(row))];
      } catch (error) {
        return [ERROR.say(redactKey(errorMessage(error), apiKey))];
      }
    }),
  );
}

function invalidMessage(row: FormulaRow): string {
  return row.prepared.kind === 'invalid' ? row.prepared.message : INVALID_INPUT_BARE.text;
}
