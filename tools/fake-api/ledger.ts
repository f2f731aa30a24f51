// The ledger: every call the fake API received and every charge it made, so tests can assert exact
// spend. It knows accounts by id, never by key.
import type { Account } from './accounts';
import { creditsFor, type OperationType } from './catalog';
import type { ParsedRequest } from './requests';

export interface CallRecord {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** Account id (never the key), or null when the request carried no valid key. */
  readonly account: string | null;
  readonly type: string | null;
  readonly input: string | null;
  readonly status: number;
  /** What this call cost: for an async call 0 until its job completes, then the charge. */
  readonly credits: number;
  readonly jobId: string | null;
}

export interface ChargeRecord {
  readonly at: number;
  readonly account: string;
  readonly type: OperationType;
  readonly input: string;
  readonly credits: number;
  readonly jobId: string | null;
  /** Employees returned, for the per-employee operations. */
  readonly employees: number | null;
}

/** A mutable call record while the request is handled; exposed read-only. */
export type DraftCall = { -readonly [K in keyof CallRecord]: CallRecord[K] };

export class Ledger {
  readonly calls: DraftCall[] = [];
  readonly charges: ChargeRecord[] = [];

  /**
   * Takes what `result` costs from the account and records the charge at `at` (a job's, its
   * completion); answers the credits, 0 for a free answer.
   */
  charge(
    account: Account,
    request: ParsedRequest,
    result: unknown,
    at: number,
    jobId: string | null,
  ): number {
    const credits = creditsFor(request.op, result);
    if (credits === 0) return 0;
    account.credits -= credits;
    this.charges.push({
      at,
      account: account.id,
      type: request.op.type,
      input: request.input,
      credits,
      jobId,
      employees: request.op.price.per === 'employee' && Array.isArray(result) ? result.length : null,
    });
    return credits;
  }
}
