// What each row's lookup comes to in the sheet: found, not found, invalid, waiting, an error, or
// left for a later slice.
import type { LookupResult } from '../../lookup/items';
import type { Operation } from '../../operations/types';
import { BULK_STATUS } from '../../text/catalogue/statuses';
import { asLiteralForSheet } from '../../text/sheet-literal';
import type { ColumnLayout } from '../layout';
import { cellAt, type SheetTable } from '../plan';
import type { BulkRun } from '../run';
import type { EmployeeLists } from './lists';
import type { SliceLimits } from './ports';
import { foundValues } from './row-values';
import { type Outcome, TRANSIENT, type Work } from './work';

/** What the outcome rules read of the slice. */
export interface SliceView {
  op: Operation;
  input: BulkRun;
  layout: ColumnLayout;
  table: SheetTable;
  limits: SliceLimits;
  lists: EmployeeLists;
  status(row: number): unknown;
}

/**
 * Each row's outcome; a fatal error defers every row after it, a deferred new row the new rows
 * after it. A row the caps cannot pay for (`capped`, by index) is `cappedAs`; the rows after it
 * go on, since what they show is free.
 */
export function outcomesOf(
  view: SliceView,
  work: readonly Work[],
  capped: ReadonlySet<number>,
  results: Map<string, LookupResult>,
  cappedAs: Outcome,
): Outcome[] {
  let blockNew = false;
  let stopAll = false;
  return work.map((w, index): Outcome => {
    if (stopAll || (blockNew && w.source === 'new')) return { kind: 'defer' };
    if (capped.has(index)) return sameStatus(view, w, cappedAs) ? { kind: 'capped', status: null } : cappedAs;
    const outcome = outcomeOf(view, w, results);
    if (outcome.kind === 'fatal') stopAll = true;
    if (outcome.kind === 'defer' && w.source === 'new') blockNew = true;
    return outcome;
  });
}

/** A row whose status says already what its outcome would write: nothing to write. */
const sameStatus = (view: SliceView, w: Work, outcome: Outcome) =>
  outcome.kind === 'capped' && outcome.status !== null && view.status(w.row) === outcome.status;

function outcomeOf(view: SliceView, w: Work, results: Map<string, LookupResult>): Outcome {
  const { plan } = w;
  if (plan.kind === 'filled' || plan.kind === 'blank') return { kind: 'skipped' };
  if (plan.kind === 'held')
    return plan.status === null ? { kind: 'skipped' } : { kind: 'held', status: plan.status };
  if (plan.kind === 'invalid') return { kind: 'invalid', status: BULK_STATUS.invalid(plan.message) };
  if (w.copyFrom !== undefined) return copied(view, w.copyFrom);
  const result = results.get(w.key!);
  return result ? resultOutcome(view, w, result) : { kind: 'defer' };
}

function resultOutcome(view: SliceView, w: Work, result: LookupResult): Outcome {
  switch (result.kind) {
    case 'found': {
      if (view.op.shape === 'employees') return view.lists.outcome(w, result);
      const values = foundValues(view.op, view.input, result.result);
      return values ? { kind: 'found', values } : { kind: 'notFound' };
    }
    case 'miss':
      return { kind: 'notFound' };
    case 'pending':
      return { kind: 'pending', status: BULK_STATUS.processing };
    case 'deferred':
      // Another execution buys it: the row says so; anything else only waits for a later slice.
      return result.reason === 'buying-elsewhere'
        ? { kind: 'pending', status: BULK_STATUS.waiting }
        : { kind: 'defer' };
    case 'refused':
      return { kind: 'defer' };
    case 'expired':
      return { kind: 'error', status: BULK_STATUS.expired, retryable: false };
    case 'failed': {
      const { error } = result;
      if (error.fatal) return { kind: 'fatal', message: error.message };
      // A failing service is waited out for a few slices before its rows get the error.
      if (TRANSIENT.has(error.code) && view.input.failingSlices < view.limits.maxFailingSlices)
        return { kind: 'defer', transient: error.message };
      return { kind: 'error', status: BULK_STATUS.error(error.message), retryable: true };
    }
  }
}

function copied(view: SliceView, from: number): Outcome {
  if (view.status(from) !== BULK_STATUS.found) return { kind: 'notFound' };
  const values = view.layout.outputs.map((output) => {
    const value = cellAt(view.table, from, output.column);
    return asLiteralForSheet(
      typeof value === 'number' || typeof value === 'boolean' ? value : String(value ?? ''),
    );
  });
  return { kind: 'found', values };
}
