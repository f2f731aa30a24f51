// Which of a run's distinct queries cost nothing, for the preview's count and estimate: paid
// already (the result cache), bought by a job already started (paid once, whoever started it), or
// shown on another row of the sheet (a slice copies it from there).

import { resultKey } from '../cache/keys';
import type { ResultCache } from '../cache/result-cache';
import { isPending, readJobs } from '../jobs/registry';
import type { BatchStorePort, HashPort } from '../platform/ports';
import type { LaidOutRun } from './layout';
import { answeredRows, type DistinctLookup, rowSignature, type SheetTable } from './plan';

/** Where paid answers are found: the execution's result cache and job registry, for its account. */
export interface PaidAnswers {
  cache: ResultCache;
  /** Document properties: the job registry lives there. */
  store: BatchStorePort;
  hash: HashPort;
  scope: string;
}

export function freeQueries(
  paid: PaidAnswers,
  run: LaidOutRun,
  table: SheetTable,
  distinct: readonly DistinctLookup[],
  /** A refresh's cutoff: answers saved before it are bought again, shown on a row or not. */
  paidAfter = Number.NEGATIVE_INFINITY,
): Set<string> {
  const keys = distinct.map((item) => resultKey(paid.hash, paid.scope, item.request));
  // A deleted hidden sheet is the preview's to tell (lost.ts): what it held is not free any more.
  const saved = paid.cache.getMany(keys, 'skip');
  const paidAt = (key: string) => saved.get(key)?.at;
  const cached = new Set(keys.filter((key) => (paidAt(key) ?? Number.NaN) >= paidAfter));
  const stale = new Set(keys.filter((key) => (paidAt(key) ?? Number.NaN) < paidAfter));
  const started = new Set(
    readJobs(paid.store)
      .filter(isPending)
      .map((job) => job.key),
  );
  const answered = answeredRows(run, table);
  return new Set(
    distinct
      .filter((item, i) => {
        const key = keys[i]!;
        const shown = !stale.has(key) && answered.has(rowSignature(run.config, table, item.row));
        return cached.has(key) || started.has(key) || shown;
      })
      .map((item) => item.query),
  );
}
