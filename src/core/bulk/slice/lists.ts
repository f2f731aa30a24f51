// Employee lists found in a slice: written into one combined sheet, or handed to the job collector,
// which writes each into a sheet of its own; a row shows where its list went.

import { commitJobChanges, type JobRecord, readJobs } from '../../jobs/registry';
import type { LookupResult } from '../../lookup/items';
import type { Operation } from '../../operations/types';
import { resultItems } from '../../render/tables';
import type { CellValue } from '../../render/values';
import { deliveryMessage } from '../../text/catalogue/jobs';
import { BULK_STATUS } from '../../text/catalogue/statuses';
import { asLiteralForSheet } from '../../text/sheet-literal';
import type { BulkRun } from '../run';
import type { BulkSliceDeps } from './ports';
import { combinedRows } from './row-values';
import type { Outcome, Work } from './work';

export class EmployeeLists {
  private jobs: Map<string, JobRecord> | null = null;

  constructor(
    private readonly deps: BulkSliceDeps,
    private readonly op: Operation,
    private readonly run: BulkRun,
  ) {}

  private currentJobs(): Map<string, JobRecord> {
    this.jobs ??= new Map(readJobs(this.deps.lookup.store).map((job) => [job.key, job]));
    return this.jobs;
  }

  /** Lists found this slice go to one combined sheet, or to a sheet each through the job collector. */
  place(work: readonly Work[], results: Map<string, LookupResult>): void {
    const found = work.filter((w) => {
      const result = w.key === undefined ? undefined : results.get(w.key);
      return result?.kind === 'found' && resultItems(result.result).length > 0;
    });
    if (found.length === 0) return;
    if (this.deps.combined && this.run.combinedSheet) this.writeCombined(found, results);
    else if (found.some((w) => this.currentJobs().get(w.key!)?.state === 'done')) {
      this.deps.deliverLists();
      this.jobs = null;
    }
  }

  /** The lists written to the run's one combined sheet. */
  private writeCombined(found: readonly Work[], results: Map<string, LookupResult>): void {
    const combined = this.deps.combined!;
    const sheetName = this.run.combinedSheet!;
    const already = combined.writtenRows();
    const rows: CellValue[][] = [];
    const written = new Set<string>();
    for (const w of found) {
      if (written.has(w.key!) || w.plan.kind !== 'lookup') continue;
      written.add(w.key!);
      if (already.has(w.row)) continue;
      const result = results.get(w.key!);
      if (result?.kind === 'found')
        rows.push(...combinedRows(this.op, w.plan.request.input_data, w.row, result.result));
    }
    if (rows.length > 0) combined.append(rows);
    // The job collector must not also write these lists into sheets of their own.
    const now = this.deps.lookup.client.clock.now();
    const changes = [...written].flatMap((key) => {
      const job = this.currentJobs().get(key);
      if (job?.state !== 'done') return [];
      const count = resultItems((results.get(key) as { result: unknown }).result).length;
      const message = deliveryMessage(count, sheetName);
      const next: JobRecord = { ...job, state: 'collected', sheetName, message, updatedAt: now };
      return [{ expected: job, next }];
    });
    commitJobChanges(this.deps.lookup.store, this.deps.lookup.lock, changes, 2_000);
    this.jobs = null;
  }

  outcome(w: Work, result: Extract<LookupResult, { kind: 'found' }>): Outcome {
    const count = resultItems(result.result).length;
    if (count === 0) return { kind: 'notFound' };
    const { combinedSheet } = this.run;
    if (this.deps.combined && combinedSheet)
      return { kind: 'found', values: [asLiteralForSheet(deliveryMessage(count, combinedSheet))] };
    const job = this.currentJobs().get(w.key!);
    const delivered = job?.state === 'collected' && job.sheetName;
    if (delivered)
      return { kind: 'found', values: [asLiteralForSheet(job.message ?? deliveryMessage(count, delivered))] };
    if (job?.state === 'collected') return { kind: 'notFound' };
    return { kind: 'pending', status: BULK_STATUS.writingList };
  }
}
