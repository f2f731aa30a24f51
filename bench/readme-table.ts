// The benchmark tables of docs/benchmark.md, rendered from bench/results.json: `npm run bench -- --save`
// rewrites them between the markers, and a test fails when that page and the results disagree.
import type { FootprintFigures } from './footprint';
import type { BenchMode } from './mode';
import type { PaceScenarios } from './pace-scenarios';
import { paceRows } from './pace-table';
import { n, row } from './table-text';
import { type WatchFigures, watchRows } from './watch-table';

/** Each mode's tables have their own place on the page, so a quick run never overwrites the full one's. */
export const MARKERS: Readonly<Record<BenchMode, { start: string; end: string; results: string }>> = {
  full: {
    start: '<!-- bench:start (generated from bench/results.json by `npm run bench -- --save`) -->',
    end: '<!-- bench:end -->',
    results: 'bench/results.json',
  },
  quick: {
    start:
      '<!-- bench-quick:start (generated from bench/results-quick.json by `npm run bench -- --quick --save`) -->',
    end: '<!-- bench-quick:end -->',
    results: 'bench/results-quick.json',
  },
};

interface Run {
  credits: number;
  simulatedSeconds: number;
  fetchesPerRow: number;
  executionsPer1000Rows: number;
}
interface Formulas {
  cells: number;
  distinctInputs: number;
  creditsFirstPass: number;
  creditsSecondPass: number;
  serviceCallsPerMissCell: number;
  serviceCallsPerHitCell: number;
  lockAcquisitionsPerMissCell: number;
  propertyStoreReadsPerMissCell: number;
}
interface FillDown {
  atOnce: number;
  evaluations: number;
  errors: number;
  credits: number;
  lockWaitMedianMs: number;
  lockWaitWorstMs: number;
}
interface RangeCosts {
  rows: number;
  minutesUntilAnswered: number | null;
  lookedMinutes: number;
  evaluations: number;
  wholeRangeErrors: number;
  triggerExecutions: number;
  triggerRuntimeMinutes: number;
  triggerQuotaShare: number;
  credits: number;
  minimumCredits: number;
  slowestEvaluationMs: number;
  cachedEvaluationMs: number;
  propertyCallsPer1000Lookups: number;
}
interface Blip {
  strategy: string;
  creditsWasted: number;
  answersLost: number;
  resendsBooked: number;
  simulatedSeconds: number;
}
export interface BenchResults {
  date: string;
  mode: BenchMode;
  machine: string;
  startup: { bundleKB: number; gzipKB: number; loadMsMedian: number; loadMsWorst: number };
  formulas: { ours: Formulas; naive: Formulas };
  bulk: {
    rows: number;
    minimumCredits: number;
    rateBoundSeconds: number;
    ours: Run;
    naive: Run;
    naiveSkippingFilled: Run;
  };
  bulkTokenBucket: { simulatedSeconds: number; refused: number };
  recipe: {
    rows: number;
    missRate: number;
    ours: { credits: number; simulatedSeconds: number };
    naive: { credits: number; simulatedSeconds: number };
  };
  blips: {
    conditions: { lookups: number; blipRate: number; ratePerSecond: number; seeds: number };
    strategies: Blip[];
  };
  watch: WatchFigures;
  pace: PaceScenarios;
  /** Until the next `npm run bench -- --save`: the retired module count (issue 38). */
  modules?: { formulaModules: number; formulaFunctions: number; editModules: number; editFunctions: number };
  /** `npm run footprint`'s figures (footprint.ts). */
  footprint?: FootprintFigures;
  formulaCosts: {
    single: { missServiceMs: number; hitServiceMs: number; missCalls: number; hitCalls: number };
    range: RangeCosts;
    bigRange: RangeCosts;
    fillDown: FillDown[];
    collector: {
      triggerPassServiceMs: number;
      sidebarServiceMs: Record<string, number>;
      editIdleServiceMs: number;
    };
  };
}

const MODE_TEXT: Readonly<Record<BenchMode, string>> = {
  full: 'the full bench (`npm run bench`)',
  quick:
    'the quick bench (`npm run bench -- --quick`: bulk runs and the recipe over 2,000 rows, the big range over 1,000, formulas over 400 cells, the blips over 2,000 lookups, a watch’s day with a response every 5 minutes; the full bench runs five times these)',
};

const ratio = (ours: number, naive: number) => (naive === 0 ? '' : (ours / naive).toFixed(2));

export function renderBenchTables(r: BenchResults): string {
  const { bulk, formulas, startup, formulaCosts: costs } = r;
  const bound = bulk.ours.simulatedSeconds / bulk.rateBoundSeconds;
  const skip = bulk.naiveSkippingFilled;
  const main = [
    row(['Figure', 'Ours', 'Naive', 'Naive, skipping filled rows', 'Ours / naive']),
    row(['---', '---', '---', '---', '---']),
    row([
      `Bulk credits, ${n(bulk.rows)} rows (30 % repeats, 10 % filled), run twice + after the outputs were cleared`,
      n(bulk.ours.credits),
      n(bulk.naive.credits),
      n(skip.credits),
      ratio(bulk.ours.credits, bulk.naive.credits),
    ]),
    // The same scenario for all three: the same least a column could have paid.
    row([
      'Minimum possible (distinct new lookups × price)',
      n(bulk.minimumCredits),
      n(bulk.minimumCredits),
      n(bulk.minimumCredits),
      '',
    ]),
    row([
      'Bulk simulated seconds, first run, at 10/s',
      n(bulk.ours.simulatedSeconds),
      n(bulk.naive.simulatedSeconds),
      n(skip.simulatedSeconds),
      ratio(bulk.ours.simulatedSeconds, bulk.naive.simulatedSeconds),
    ]),
    row([
      'The same first run against a token bucket of 10/s that counts refused calls: seconds / 429s',
      `${n(r.bulkTokenBucket.simulatedSeconds)} / ${n(r.bulkTokenBucket.refused)}`,
      '',
      '',
      '',
    ]),
    row([
      'Bound set by the plan’s 10/s (s)',
      n(bulk.rateBoundSeconds),
      '',
      '',
      `${bound.toFixed(2)}× (target 1.2×)`,
    ]),
    row([
      'UrlFetch POSTs per row and pass',
      bulk.ours.fetchesPerRow,
      bulk.naive.fetchesPerRow,
      skip.fetchesPerRow,
      '',
    ]),
    row([
      'Server executions per 1,000 rows',
      bulk.ours.executionsPer1000Rows,
      bulk.naive.executionsPer1000Rows,
      skip.executionsPer1000Rows,
      '',
    ]),
    row([
      `Recipe "Email from name", ${n(r.recipe.rows)} rows (20 % repeats, ${r.recipe.missRate * 100} % of lookups miss): credits, against three separate runs`,
      n(r.recipe.ours.credits),
      n(r.recipe.naive.credits),
      '',
      ratio(r.recipe.ours.credits, r.recipe.naive.credits),
    ]),
    row([
      'The same recipe: simulated seconds, at 10/s',
      n(r.recipe.ours.simulatedSeconds),
      n(r.recipe.naive.simulatedSeconds),
      '',
      ratio(r.recipe.ours.simulatedSeconds, r.recipe.naive.simulatedSeconds),
    ]),
    row([
      `Formula credits, ${n(formulas.ours.cells)} cells over ${n(formulas.ours.distinctInputs)} inputs, then re-evaluated`,
      `${n(formulas.ours.creditsFirstPass)} + ${n(formulas.ours.creditsSecondPass)}`,
      `${n(formulas.naive.creditsFirstPass)} + ${n(formulas.naive.creditsSecondPass)}`,
      '',
      ratio(
        formulas.ours.creditsFirstPass + formulas.ours.creditsSecondPass,
        formulas.naive.creditsFirstPass + formulas.naive.creditsSecondPass,
      ),
    ]),
    row([
      'Apps Script calls per formula cell, miss / hit',
      `${formulas.ours.serviceCallsPerMissCell} / ${formulas.ours.serviceCallsPerHitCell}`,
      `${formulas.naive.serviceCallsPerMissCell} / ${formulas.naive.serviceCallsPerHitCell}`,
      '',
      '',
    ]),
    row([
      'Of a miss: lock acquisitions / whole reads of document properties',
      `${formulas.ours.lockAcquisitionsPerMissCell} / ${formulas.ours.propertyStoreReadsPerMissCell}`,
      '',
      '',
      '',
    ]),
    row([
      'Code.js size, minified / gzipped (KB)',
      `${startup.bundleKB} / ${startup.gzipKB}`,
      '',
      '',
      'target 100 KB',
    ]),
    row([
      'Code.js load, cold, median / worst (ms, real time)',
      `${startup.loadMsMedian} / ${startup.loadMsWorst}`,
      '',
      '',
      '',
    ]),
  ];
  const atCost = [
    row(['At Google’s cost of each Apps Script call', 'Figure', 'Target']),
    row(['---', '---', '---']),
    row(['Service time of a cell answered from the cache', `${costs.single.hitServiceMs} ms`, '≤ 150 ms']),
    row([
      'Service time of a new single lookup, beside the API call',
      `${costs.single.missServiceMs} ms`,
      '≤ 500 ms',
    ]),
    footprintRow(r),
    ...[costs.range, costs.bigRange].map((range) =>
      row([
        `\`=COMPANY_WEBSITE(A1:A${range.rows})\` over new names, typed once and left alone, at 10/s: minutes until the last row is answered / evaluations / whole-range #ERROR! / trigger executions, runtime (share of the 90 min daily quota) / credits, minimum`,
        `${range.minutesUntilAnswered === null ? `> ${n(range.lookedMinutes)}` : n(range.minutesUntilAnswered)} / ${range.evaluations} / ${range.wholeRangeErrors} / ${range.triggerExecutions}, ${range.triggerRuntimeMinutes} min (${Math.round(range.triggerQuotaShare * 100)} %) / ${n(range.credits)}, ${n(range.minimumCredits)}`,
        range.rows <= 500 ? '≤ 10 / … / 0' : '≤ 30 / … / 0',
      ]),
    ),
    row(['The same range, fully cached', `${n(costs.range.cachedEvaluationMs)} ms`, '< 1 s']),
    ...costs.fillDown.map((fill) =>
      row([
        `200 filled-down cells over 50 inputs, ${fill.atOnce} at once: evaluations / #ERROR! / credits / lock wait median, worst`,
        `${fill.evaluations} / ${fill.errors} / ${fill.credits} / ${n(fill.lockWaitMedianMs)} ms, ${n(fill.lockWaitWorstMs)} ms`,
        '≤ 2 / 0 / 50',
      ]),
    ),
    ...watchRows(r.watch),
    row([
      'Document property calls per 1,000 formula lookups (quota: 50,000 a day)',
      n(costs.range.propertyCallsPer1000Lookups),
      '',
    ]),
    row([
      'The collector’s trigger pass delivering an employee list',
      `${n(costs.collector.triggerPassServiceMs)} ms`,
      '',
    ]),
    row([
      'Any edit of the spreadsheet with no job waiting (the Edit trigger: one cache read)',
      `${n(costs.collector.editIdleServiceMs)} ms`,
      '',
    ]),
    row([
      'Sidebar calls on opening',
      Object.entries(costs.collector.sidebarServiceMs)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', '),
      '',
    ]),
  ];
  const { conditions } = r.blips;
  const blips = [
    row([
      `Network blip on 1 request in ${n(1 / conditions.blipRate)}, ${n(conditions.lookups)} one-credit lookups at ${conditions.ratePerSecond}/s (mean of ${conditions.seeds} runs)`,
      'Credits wasted',
      'Answers lost',
      'Booked as possibly twice',
      'Simulated s',
    ]),
    row(['---', '---', '---', '---', '---']),
    ...r.blips.strategies.map((b) =>
      row([b.strategy, b.creditsWasted, b.answersLost, b.resendsBooked, n(b.simulatedSeconds)]),
    ),
  ];
  return [
    MARKERS[r.mode].start,
    `Latest run: ${r.date}, ${r.machine}, ${MODE_TEXT[r.mode]}.`,
    '',
    ...paceRows(r.pace, { bulk: bulk.rows, recipe: r.recipe.rows }),
    '',
    'Every figure below runs on a plan of 10 requests/s whose pace the add-on already learned (the key allows 10/s, Credit settings say 10).',
    '',
    ...main,
    '',
    ...atCost,
    '',
    ...blips,
    MARKERS[r.mode].end,
  ].join('\n');
}

/** The page with its tables replaced by the rendering of `results`. */
export function withBenchTables(readme: string, results: BenchResults): string {
  const { start: startMarker, end: endMarker } = MARKERS[results.mode];
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`docs/benchmark.md has no ${results.mode} benchmark markers`);
  return readme.slice(0, start) + renderBenchTables(results) + readme.slice(end + endMarker.length);
}

/** The footprint of a miss / hit / 200-row miss, or, in results older than it, the module count. */
function footprintRow(r: BenchResults): string {
  if (r.footprint) {
    const { miss, hit, range200 } = r.footprint;
    return row([
      'A new single lookup / a cache hit / `=COMPANY_WEBSITE(A1:A200)` over new names, the formula’s execution: footprint (stored things + records left), Apps Script calls, their ms, the add-on’s functions entered (`npm run footprint`)',
      [miss, hit, range200]
        .map(
          (f) =>
            `${f.footprint} (${f.stored.length} + ${f.left.length}), ${f.calls.length}, ${f.serviceMs} ms, ${f.functions}`,
        )
        .join(' / '),
      '≤ 9, ≤ 14, ≤ 450 ms, ≤ 250 / …, ≤ 5 / …',
    ]);
  }
  const m = r.modules;
  return row([
    'Modules of `src/` (functions) a new single lookup runs through, its formula’s execution / with the Edit trigger beside it (`npm run count-modules`)',
    m ? `${m.formulaModules} (${m.formulaFunctions}) / ${m.editModules} (${m.editFunctions})` : '',
    '≤ 34 / …',
  ]);
}
