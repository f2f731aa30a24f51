// The README's rows for a day of form responses under a watch (bench/watch-scenario.ts).
import { n, row } from './table-text';
import type { WatchFigures } from './watch-scenario';

export type { WatchFigures } from './watch-scenario';

/** How often a day of `rows` form responses came: "one a minute", or one every few minutes. */
export const howOften = (rows: number) => {
  const minutes = 1_440 / rows;
  return minutes === 1 ? 'one a minute' : `one every ${n(minutes)} minutes`;
};

/** A day of form responses under a watch (bench/watch-scenario.ts). */
export function watchRows(w: WatchFigures): string[] {
  const day = `A watch over a day of form responses (${howOften(w.rows)}, ${n(w.rows)} rows, ${w.repeatShare * 100} % repeats), at 10/s`;
  return [
    row([`${day}: credits, minimum`, `${n(w.credits)}, ${n(w.minimumCredits)}`, 'the minimum']),
    row([
      'The same day: minutes from a row’s arrival to its answer, median / worst (rows left unanswered)',
      `${w.minutesToAnswerMedian} / ${w.minutesToAnswerWorst} (${w.unanswered})`,
      '',
    ]),
    row([
      'The same day: trigger executions (failed) / runtime, share of the 90 min daily quota (as the add-on counted it)',
      `${n(w.triggerExecutions)} (${w.triggerFailures}) / ${w.triggerRuntimeMinutes} min, ${Math.round(w.triggerQuotaShare * 100)} % (${w.countedRuntimeMinutes} min)`,
      '< 100 %, 0 failed',
    ]),
  ];
}
