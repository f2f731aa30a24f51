// What the Watches list shows: each watch's state, cap, spend, rows and last run; one notice when
// the API paused them all; today's share of the trigger runtime quota; what starts them.

import { inputColumns } from '../../core/bulk/config';
import { WATCHES_ANSWERS } from '../../core/text/catalogue/sidebar/watches-answers';
import { columnLetters } from '../../core/text/cell-refs';
import { roundCredits } from '../../core/text/credits';
import { stateOf } from '../../core/watches/caps';
import { monthLeft } from '../../core/watches/refresh';
import {
  currentTally,
  paceAt,
  type RuntimeTally,
  shareOf,
  TRIGGER_QUOTA_MS,
} from '../../core/watches/runtime';
import type { Watch } from '../../core/watches/watch';
import type { WatchList, WatchView } from '../../shared/watch-rpc';

const MINUTE = 60_000;

/** "Company (A) -> Website (B), Status (Website from company name) (C)"; every input it reads before the arrow. */
function columnsText(watch: Watch): string {
  const headerOf = (column: number) => {
    const header = watch.headers.find((each) => each.column === column)?.header ?? '';
    return header === ''
      ? WATCHES_ANSWERS.column.say(columnLetters(column))
      : `${header} (${columnLetters(column)})`;
  };
  const first = watch.steps[0]!;
  const written = watch.steps.flatMap((step) => [...step.layout.outputs, step.layout.status]);
  const read = inputColumns(first.config).map(headerOf).join(', ');
  return `${read} -> ${written.map((column) => headerOf(column.column)).join(', ')}`;
}

export function watchView(watch: Watch, accountPaused: boolean, when: (ms: number) => string): WatchView {
  return {
    id: watch.id,
    label: watch.label,
    sheetName: watch.sheetName,
    columns: columnsText(watch),
    on: watch.on,
    state: stateOf(watch, accountPaused),
    dailyCap: watch.dailyCap,
    spentToday: roundCredits(watch.spentToday),
    rowsDone: watch.rowsDone,
    lastRunAt: watch.lastRunAt === null ? null : when(watch.lastRunAt),
    lastProblem: watch.pause?.kind === 'misfit' ? watch.pause.reason : watch.lastProblem,
    refresh: refreshView(watch),
    ...(watch.refreshOnly ? { refreshOnly: true as const } : {}),
  };
}

/** Its scheduled refresh, with what it spent in the month of the watch's last day. */
function refreshView({ refresh, day }: Watch): WatchView['refresh'] {
  if (!refresh) return null;
  const spentThisMonth = roundCredits(refresh.monthlyCredits - monthLeft(refresh, day));
  return { days: refresh.days, monthlyCredits: refresh.monthlyCredits, spentThisMonth };
}

export function runtimeView(tally: RuntimeTally | null, now: number): WatchList['runtime'] {
  const used = currentTally(tally, now).usedMs;
  const percent = Math.round((used / TRIGGER_QUOTA_MS) * 100);
  const usedMinutes = Math.round((used / MINUTE) * 10) / 10;
  // A stop by Google today spends the day's quota, whatever the count says.
  const { slowed } = paceAt(shareOf(tally, now), 'edit', Number.POSITIVE_INFINITY);
  return { usedMinutes, quotaMinutes: TRIGGER_QUOTA_MS / MINUTE, percent, slowed };
}
