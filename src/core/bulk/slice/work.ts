// A row a slice takes on, and what became of it.
import type { ErrorCode } from '../../api/outcome';
import type { CellValue } from '../../render/values';
import type { RowPlan } from '../plan';

export type Source = 'pending' | 'retry' | 'new';

export interface Work {
  row: number;
  source: Source;
  plan: RowPlan;
  key?: string;
  /** A row of the sheet already showing this input's answer. */
  copyFrom?: number;
}

export type Outcome =
  | { kind: 'skipped' }
  /** A recipe step an earlier step did not pass the row on to: its status says why. */
  | { kind: 'held'; status: string }
  | { kind: 'invalid'; status: string }
  | { kind: 'found'; values: CellValue[] }
  | { kind: 'notFound' }
  | { kind: 'pending'; status: string }
  | { kind: 'error'; status: string; retryable: boolean }
  /** A watch's caps cannot pay for it: passed over, its status says why (null: left as it is). */
  | { kind: 'capped'; status: string | null }
  /** Not asked this time (out of time, lock busy, a failing service, after a stop, past the run's cap): a later slice does it. */
  | { kind: 'defer'; transient?: string }
  | { kind: 'fatal'; message: string };

/** Failures that pass with time: a server error, a rate limit, the network. Nothing was charged. */
export const TRANSIENT: ReadonlySet<ErrorCode> = new Set(['server_error', 'rate_limited', 'network']);

export const asksLookup = (work: Work) => work.plan.kind === 'lookup' && work.key !== undefined;
