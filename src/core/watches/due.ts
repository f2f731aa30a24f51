// Which rows a watch's step runs on: exactly those the bulk plan would look up (valid inputs,
// output cells empty, not an earlier "Not found", through the recipe's gates: bulk/plan.ts is the
// one rule), except a row whose status says an earlier try failed or expired. A watch never buys
// such a row again on its own, since the API may have charged the try: clearing its status asks
// again, as for a bulk run's "Not found".
//
// A slice walks rows from a cursor, so the due rows are cut into spans that hold no such row: the
// rows between two due rows (filled, blank, invalid, held by a gate) cost nothing in a slice.
import type { BulkRunConfig } from '../../shared/bulk-rpc';
import { inputColumns } from '../bulk/config';
import { cellAt, planRow, type RowPlan, rowsIn, type SheetTable } from '../bulk/plan';
import { BULK_STATUS, isErrorStatus, isExpiredStatus } from '../text/catalogue/statuses';
import type { WatchStep } from './watch';

/** A status a watch leaves for the user: an error, or a result that expired uncollected. */
export const waitsForUser = (status: unknown) => isErrorStatus(status) || isExpiredStatus(status);

export interface DueRows {
  /** Rows to look up, in order. */
  rows: number[];
  /**
   * Runs of rows a slice may walk, each from its first row to do to its last: [first, last]. A row
   * to do is a due row, or one whose status must say its input is invalid (or, in a recipe, why an
   * earlier step passed nothing on): that costs nothing and tells the user why it stays empty.
   */
  spans: [number, number][];
  /** Rows that would be looked up but wait for the user (their status says an earlier try failed). */
  waiting: number;
}

type RowKind = 'due' | 'say' | 'wait' | 'skip' | 'held';

function kindOf(plan: RowPlan, status: unknown): RowKind {
  if (plan.kind === 'lookup') return waitsForUser(status) ? 'wait' : 'due';
  if (plan.kind === 'invalid') return status === BULK_STATUS.invalid(plan.message) ? 'skip' : 'say';
  if (plan.kind === 'held' && plan.status !== null) return status === plan.status ? 'skip' : 'say';
  return 'skip';
}

/**
 * Whether a row waits for the rest of its inputs: its step reads several columns (a name, its
 * company, location or job title) and one of them is still blank. People fill rows cell by cell,
 * and a name looked up before its company is typed would be bought without it, and never again;
 * so a run started by people's edits leaves such a row for the edit that completes it, and the
 * hourly check takes it once it has been left that way since the check before (incomplete.ts).
 */
export function waitsForInputs(config: BulkRunConfig, table: SheetTable, row: number): boolean {
  const columns = inputColumns(config);
  if (columns.length < 2) return false;
  return columns.some((column) => String(cellAt(table, row, column) ?? '').trim() === '');
}

/**
 * The due rows of a step's `table` (which covers the step's columns), but the rows `holds` keeps
 * back for the rest of their inputs (incomplete.ts).
 */
export function dueRows(step: WatchStep, table: SheetTable, holds = (_row: number) => false): DueRows {
  const due: DueRows = { rows: [], spans: [], waiting: 0 };
  let open: [number, number] | null = null;
  for (const row of rowsIn(table)) {
    let kind = kindOf(planRow(step, table, row), cellAt(table, row, step.layout.status.column));
    if (kind === 'due' && holds(row)) kind = 'held';
    if (kind === 'skip') continue;
    due.waiting += Number(kind === 'wait');
    // A row held or waiting for the user ends the span: a slice must not walk it.
    if (kind === 'held' || kind === 'wait') {
      open = null;
      continue;
    }
    if (kind === 'due') due.rows.push(row);
    if (open) open[1] = row;
    else {
      open = [row, row];
      due.spans.push(open);
    }
  }
  return due;
}
