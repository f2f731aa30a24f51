// A bulk run's "refresh answers older than N days": only when the user asks for it in the preview,
// which states how many rows and lookups and what they cost. The rows showing an answer saved
// before the cutoff are cleared when the run starts, and the run ignores saved answers older than
// the cutoff (BulkRunConfig.paidAfter), so it buys them anew and writes the new answers.
import type { BulkPreview, BulkRunConfig } from '../../shared/bulk-rpc';
import type { EnrichmentRequest } from '../api/wire';
import type { CachedAnswer } from '../cache/entries';
import type { Operation } from '../operations/types';
import { DAY_MS } from '../platform/time';
import { roundCredits } from '../text/credits';
import type { ColumnLayout } from './layout';
import { type PreviewPlan, perLookupEstimate, queryOf, rowRequest, type SheetTable } from './plan';

export const refreshCutoff = (now: number, days: number): number => now - days * DAY_MS;

export interface StaleRows {
  /** Rows showing an answer saved before the cutoff. */
  rows: number[];
  /** Of them, rows whose output shows the answer (the others show "Not found"). */
  filled: number;
  /** Their distinct queries the run would not buy anyway. */
  lookups: number;
  credits: number;
}

export interface StaleInput {
  op: Operation;
  config: BulkRunConfig;
  table: SheetTable;
  plan: PreviewPlan;
  firstRow: number;
  /** The saved answers of these keys (the result cache). */
  saved(keys: readonly string[]): ReadonlyMap<string, CachedAnswer>;
  keyOf(request: EnrichmentRequest): string;
  cutoff: number;
  /** Queries the run buys in any case (new lookups): not counted twice. */
  buying: ReadonlySet<string>;
}

/** The filled rows whose saved answer is older than the cutoff, and what buying them again costs. */
export function staleRows(input: StaleInput): StaleRows {
  const { op, config, table, plan, firstRow } = input;
  const candidates: { row: number; key: string; query: string; notFound: boolean }[] = [];
  plan.plans.forEach((rowPlan, i) => {
    if (rowPlan.kind !== 'filled') return;
    const request = rowRequest(op, config, table, firstRow + i);
    if (!request) return;
    const query = queryOf(request);
    candidates.push({
      row: firstRow + i,
      key: input.keyOf(request),
      query,
      notFound: rowPlan.notFound === true,
    });
  });
  const saved = input.saved(candidates.map((candidate) => candidate.key));
  const stale = candidates.filter((candidate) => (saved.get(candidate.key)?.at ?? Infinity) < input.cutoff);
  const queries = new Set(
    stale.map((candidate) => candidate.query).filter((query) => !input.buying.has(query)),
  );
  return {
    rows: stale.map((candidate) => candidate.row),
    filled: stale.filter((candidate) => !candidate.notFound).length,
    lookups: queries.size,
    credits: roundCredits(queries.size * perLookupEstimate(op, config)),
  };
}

/** The preview with the refresh's rows moved out of the skipped ones, and its cost in the estimate. */
export function withRefresh(
  preview: BulkPreview,
  days: number,
  stale: StaleRows,
  confirmAbove: number,
): BulkPreview {
  const estimatedCredits = roundCredits(preview.estimatedCredits + stale.credits);
  return {
    ...preview,
    alreadyFilled: preview.alreadyFilled - stale.filled,
    notFoundBefore: preview.notFoundBefore - (stale.rows.length - stale.filled),
    refresh: { days, rows: stale.rows.length, lookups: stale.lookups, credits: stale.credits },
    estimatedCredits,
    needsConfirmation: estimatedCredits > confirmAbove,
  };
}

/** Blank outputs and status for each row to refresh, as the slice writes rows. */
export function clearedRows(rows: readonly number[], layout: ColumnLayout): Map<number, string[]> {
  const blank = [...layout.outputs, layout.status].map(() => '');
  return new Map(rows.map((row) => [row, blank]));
}
