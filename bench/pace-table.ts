// The README's table of the headline scenarios run three ways against the API's real pace
// (bench/pace-scenarios.ts): one row a scenario, one column a way.
import type { RangeFigures } from './formula-costs';
import type { PaceScenarios } from './pace-scenarios';
import type { PaceFigures, PaceResults } from './pace-ways';
import { n, row } from './table-text';
import type { WatchFigures } from './watch-scenario';
import { howOften } from './watch-table';

const percent = (share: number) => `${Math.round(share * 100)} %`;
const times = (value: number, bound: number) => `${(value / bound).toFixed(2)}×`;

/** Refused, credits against the minimum, rows unanswered: the same for every scenario. */
const tail = (f: { refused: number; credits: number; minimumCredits: number; unanswered: number }) =>
  `${n(f.refused)} · ${n(f.credits)}, ${n(f.minimumCredits)} · ${n(f.unanswered)}`;

function runCell(f: PaceFigures): string {
  return `${n(f.seconds)} s / ${n(f.boundSeconds)} s (${times(f.seconds, f.boundSeconds)}) · ${tail(f)}`;
}

function rangeCell(f: RangeFigures, keyRate: number): string {
  const bound = Math.round((f.rows / keyRate / 60) * 10) / 10;
  const time =
    f.minutesUntilAnswered === null
      ? `not all in ${n(f.lookedMinutes)} min`
      : `${n(f.minutesUntilAnswered)} min (${times(f.minutesUntilAnswered, bound)})`;
  return `${time} / ${n(bound)} min · ${tail({ ...f, unanswered: f.unansweredAfterADay })} · ${f.triggerRuntimeMinutes} min`;
}

function watchCell(f: WatchFigures): string {
  return `${f.minutesToAnswerMedian} / ${f.minutesToAnswerWorst} min · ${tail(f)} · ${percent(f.triggerQuotaShare)}`;
}

function cells<T>(
  results: PaceResults<T>[],
  cell: (figures: T, keyRate: number) => string,
  p: PaceScenarios,
) {
  return results.map(({ way, figures }) => cell(figures, p.ways.find((w) => w.id === way)!.keyRate));
}

/** The three-way table, with its header row. */
export function paceRows(p: PaceScenarios, rows: { bulk: number; recipe: number }): string[] {
  const four = '429s · credits, minimum · rows unanswered';
  const range = (rows: number) =>
    `\`=COMPANY_WEBSITE(A1:A${rows})\` over new names, typed once and left alone: minutes until the last row is answered (looked at for up to ${n(p.rangeLookMinutes / 60)} h) / bound · 429s · credits, minimum · rows unanswered a day after typing · trigger runtime, all days (the quota: 90 min a day)`;
  return [
    row(['The API’s real pace', ...p.ways.map((way) => `(${way.id}) ${way.label}`)]),
    row(['---', ...p.ways.map(() => '---')]),
    row([
      `Bulk, ${n(rows.bulk)} rows (30 % repeats, 10 % filled), first run: simulated s / bound (distinct lookups ÷ the key’s pace) · ${four}`,
      ...cells(p.bulk, runCell, p),
    ]),
    row([range(p.range[0]!.figures.rows), ...cells(p.range, rangeCell, p)]),
    row([range(p.bigRange[0]!.figures.rows), ...cells(p.bigRange, rangeCell, p)]),
    row([
      `A watch over a day of form responses (${howOften(p.watch[0]!.figures.rows)}, ${n(p.watch[0]!.figures.rows)} rows: no pace bounds it): minutes from a row’s arrival to its answer, median / worst · ${four} (an hour after the day) · share of the trigger quota`,
      ...cells(p.watch, watchCell, p),
    ]),
    row([
      `Recipe "Email from name", ${n(rows.recipe)} rows: simulated s / bound (distinct lookups ÷ the key’s pace) · ${four} (rows a step ended with an error)`,
      ...cells(p.recipe, runCell, p),
    ]),
  ];
}
