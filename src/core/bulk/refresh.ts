// A bulk run's "refresh answers older than N days": only when the user asks for it in the preview,
// which states how many rows and lookups and what they cost. Answers never expire by themselves
// (time alone never spends): this is the one way an old answer is bought again. With a budget, the
// refresh takes the stale rows in the user's order (the oldest answers first by default) while
// their lookups fit it. The rows it takes are cleared when the run starts, and the run ignores
// saved answers older than the cutoff (BulkRunConfig.paidAfter), so it buys them anew and writes
// the new answers; the rows it leaves still show their answers, so the run skips them.
import type { BulkPreview, BulkRunConfig } from '../../shared/bulk-rpc';
import { resultKey } from '../cache/keys';
import { operationByType } from '../operations/table';
import { DAY_MS } from '../platform/time';
import { roundCredits } from '../text/credits';
import type { PaidAnswers } from './free-queries';
import type { ColumnLayout } from './layout';
import { type PreviewPlan, perLookupEstimate, queryOf, rowLookup, type SheetTable } from './plan';
import { noteBefore } from './refresh-notes';
import type { BulkSheetPort } from './slice/ports';
import { cellBlocks } from './slice/row-values';

export const refreshCutoff = (now: number, days: number): number => now - days * DAY_MS;

export interface StaleRows {
  /** Rows showing an answer saved before the cutoff, within the budget if any. */
  rows: number[];
  /** Of them, rows whose output shows the answer (the others show "Not found"). */
  filled: number;
  /** Their distinct queries the run would not buy anyway. */
  lookups: number;
  credits: number;
  /** When each of those lookups' answers was bought. */
  ages: number[];
  /** The run's cutoff: the given one, or with a budget, just after the newest answer it takes. */
  cutoff: number;
}

interface Candidate {
  row: number;
  key: string;
  query: string;
  notFound: boolean;
  at: number;
}

export interface StaleInput {
  config: BulkRunConfig;
  table: SheetTable;
  /** The table's rows planned (plan.ts planRows). */
  plan: PreviewPlan;
  /** Where the answers paid already are saved, and their keys. */
  paid: Pick<PaidAnswers, 'cache' | 'hash' | 'scope'>;
  cutoff: number;
  /** Queries the run buys in any case (new lookups): not counted twice. */
  buying?: ReadonlySet<string>;
  /** Most credits the refresh may spend (BulkRunConfig.refreshBudget, lowered by a cap); none: all. */
  budget?: number;
}

/** The filled rows whose saved answer is older than the cutoff, and what buying them again costs. */
export function staleRows(input: StaleInput): StaleRows {
  const { config, table, plan, paid } = input;
  const op = operationByType(config.type)!;
  const candidates = plan.plans.flatMap((rowPlan, i) => {
    if (rowPlan.kind !== 'filled') return [];
    const row = table.firstRow + i;
    const request = rowLookup(op, config, table, row)?.request;
    if (!request) return [];
    const key = resultKey(paid.hash, paid.scope, request);
    return [{ row, key, query: queryOf(request), notFound: rowPlan.notFound === true }];
  });
  const keys = candidates.map((candidate) => candidate.key);
  const saved = paid.cache.getMany(keys, 'skip');
  const aged = candidates.map((candidate) => ({
    ...candidate,
    at: saved.get(candidate.key)?.at ?? Infinity,
  }));
  const perLookup = perLookupEstimate(op, config);
  const stale = withinBudget(aged, input, perLookup);
  // Each query the refresh buys, with the age of its answer.
  const queries = new Map<string, number>();
  for (const { query, at } of stale)
    if (!input.buying?.has(query) && !queries.has(query)) queries.set(query, at);
  const newest = Math.max(...stale.map((candidate) => candidate.at));
  return {
    rows: stale.map((candidate) => candidate.row).sort((a, b) => a - b),
    filled: stale.filter((candidate) => !candidate.notFound).length,
    lookups: queries.size,
    credits: roundCredits(queries.size * perLookup),
    ages: [...queries.values()],
    cutoff: input.budget === undefined || stale.length === 0 ? input.cutoff : newest + 1,
  };
}

/**
 * The rows answered before the cutoff that a budget pays for, in the user's order (the oldest answer
 * first, or the rows top down), each query bought once: a row whose query the run buys anyway, or
 * another row took, is free.
 */
function withinBudget(aged: Candidate[], input: StaleInput, perLookup: number): Candidate[] {
  const { budget, config } = input;
  const stale = aged.filter((candidate) => candidate.at < input.cutoff);
  if (budget === undefined) return stale;
  const ordered =
    config.refreshOrder === 'rows' ? stale : [...stale].sort((a, b) => a.at - b.at || a.row - b.row);
  const taken = new Set<string>();
  let left = budget;
  return ordered.filter((candidate) => {
    if (taken.has(candidate.query) || input.buying?.has(candidate.query)) return true;
    if (perLookup > left + 1e-9) return false;
    left -= perLookup;
    taken.add(candidate.query);
    return true;
  });
}

/** The preview with the refresh's rows moved out of the skipped ones, and its cost in the estimate. */
export function withRefresh(
  preview: BulkPreview,
  days: number,
  stale: StaleRows,
  confirmAbove: number,
  budget?: number,
): BulkPreview {
  const estimatedCredits = roundCredits(preview.estimatedCredits + stale.credits);
  return {
    ...preview,
    alreadyFilled: preview.alreadyFilled - stale.filled,
    notFoundBefore: preview.notFoundBefore - (stale.rows.length - stale.filled),
    refresh: {
      days,
      rows: stale.rows.length,
      lookups: stale.lookups,
      credits: stale.credits,
      ...(budget === undefined ? {} : { budget }),
    },
    estimatedCredits,
    needsConfirmation: estimatedCredits > confirmAbove,
  };
}

/**
 * Empties the outputs and status of the rows a refresh buys again, as the slice writes rows, once
 * their first output's note says what each showed until `day` (refresh-notes.ts).
 */
export function clearRows(
  sheet: BulkSheetPort,
  table: SheetTable,
  layout: ColumnLayout,
  rows: readonly number[],
  day: string,
): void {
  if (rows.length === 0) return;
  noteBefore(sheet, table, layout.outputs[0]!.column, rows, day);
  const blank = [...layout.outputs, layout.status].map(() => '');
  const columns = [...layout.outputs, layout.status].map((column) => column.column);
  sheet.write(cellBlocks(new Map(rows.map((row) => [row, blank])), columns));
}
