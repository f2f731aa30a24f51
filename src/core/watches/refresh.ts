// A watch's scheduled refresh, opt-in (issue 41): "refresh answers older than N days, at most M
// credits a month". Answers never expire by themselves; only this, asked for, buys them again
// unattended. The hourly check runs it after the watch's own rows, within the watch's caps and
// the trigger quota: the stale rows of its lookup, oldest first while the month's credits allow,
// noted and cleared as a bulk run's refresh does (bulk/refresh.ts), then bought through a step.
import type { WatchChange } from '../../shared/watch-rpc';
import { MAX_REFRESH_DAYS } from '../bulk/config';
import { perLookupEstimate, planRows, readTable } from '../bulk/plan';
import { clearRows, refreshCutoff, type StaleInput, staleRows } from '../bulk/refresh';
import type { BulkSheetPort } from '../bulk/slice/ports';
import { operationByType } from '../operations/table';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { MAX_DAILY_CAP, type Watch, type WatchRefresh, type WatchStep } from './watch';

/** The refresh a change asks for, as the server may trust it; throws a message to show. */
export function checkRefresh(raw: WatchChange['refresh']): WatchChange['refresh'] {
  if (raw === null) return null;
  const days = Number(raw?.days);
  const credits = Number(raw?.monthlyCredits);
  if (!Number.isInteger(days) || days < 1 || days > MAX_REFRESH_DAYS)
    throw refuse('watches', 'refreshDays', MAX_REFRESH_DAYS);
  if (!Number.isFinite(credits) || credits <= 0 || credits > 30 * MAX_DAILY_CAP)
    throw refuse('watches', 'refreshCredits', 30 * MAX_DAILY_CAP);
  return { days, monthlyCredits: credits };
}

const monthOf = (day: string) => day.slice(0, 7);

/** What the month of `day` leaves the refresh to spend. */
export const monthLeft = (refresh: WatchRefresh, day: string): number =>
  refresh.monthlyCredits - (refresh.month === monthOf(day) ? refresh.spent : 0);

/** The refresh once a check spent `spent` more on `day`. */
export function withSpent(refresh: WatchRefresh, day: string, spent: number): WatchRefresh {
  const month = monthOf(day);
  return { ...refresh, month, spent: (refresh.month === month ? refresh.spent : 0) + spent };
}

/**
 * The step an hourly check runs to refresh `watch`: its lookup's rows whose answer is older than
 * asked, oldest first while the month's credits allow, noted and cleared, with what the month
 * leaves; null when nothing is due (no refresh, a recipe's watch, nothing stale, nothing left).
 */
export function refreshStep(
  watch: Watch,
  sheet: { port: BulkSheetPort; lastRow: number },
  paid: StaleInput['paid'],
  now: { at: number; day: string },
): { step: WatchStep; left: number } | null {
  const [step] = watch.steps;
  const { refresh } = watch;
  const firstRow = watch.headerRow + 1;
  if (!refresh || !step || watch.steps.length > 1 || sheet.lastRow < firstRow) return null;
  const op = operationByType(step.config.type)!;
  const left = monthLeft(refresh, now.day);
  if (left < perLookupEstimate(op, step.config)) return null;
  const table = readTable(sheet.port, step, firstRow, sheet.lastRow);
  const plan = planRows(step, table);
  const cutoff = refreshCutoff(now.at, refresh.days);
  const stale = staleRows({ config: step.config, table, plan, paid, cutoff, budget: left });
  if (stale.rows.length === 0) return null;
  clearRows(sheet.port, table, step.layout, stale.rows, now.day);
  const config = { ...step.config, paidAfter: stale.cutoff, refreshedOn: now.day };
  return { step: { ...step, config }, left };
}
