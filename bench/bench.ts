// `npm run bench`: the built add-on in the emulator against the fake API, on the virtual clock, so
// simulated seconds are exact and repeatable; only the start-up figure is measured in real time.
// Prints a table and writes bench/results.json. Every figure is compared with a naive baseline
// (one call per cell, no cache, sequential with a pause per row), the way the vendor's add-on works.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  createWorld,
  enterFormulaBeforeItsTrigger,
  rerunUnasked,
  saveSettings,
  spent,
  typeValues,
  type World,
} from '../test/bundle/harness';
import { BLIP_CONDITIONS, measureBlips } from './blip-scenario';
import { type BulkFigures, firstRunOnly, measureBulk } from './bulk-scenario';
import { measureFormulaCosts } from './formula-costs';
import { type BenchResults, withBenchTables } from './readme-table';
import { measureRecipe } from './recipe-scenario';
import { measureStartup, type StartupFigures } from './startup';
import { measureWatch } from './watch-scenario';

const ROOT = process.cwd();
const DIST = join(ROOT, 'dist');
const NAIVE = join(ROOT, 'bench', 'naive');
export const LATENCY_MS = 300;
export const RATE_PER_SECOND = 10;

export function world(
  distDir: string,
  credits = 1_000_000,
  rateLimiter: 'sliding-window' | 'token-bucket' = 'sliding-window',
): World {
  const w = createWorld({
    credits,
    distDir,
    api: { rateLimitPerSecond: RATE_PER_SECOND, rateLimiter },
    emulator: { latencyMs: LATENCY_MS },
  });
  if (distDir === DIST) saveSettings(w, { formulaDailyCap: 1_000_000 });
  return w;
}

interface FormulaFigures {
  cells: number;
  distinctInputs: number;
  creditsFirstPass: number;
  creditsSecondPass: number;
  fetches: number;
  simulatedMsPerMissCell: number;
  simulatedMsPerHitCell: number;
  /** Apps Script service calls (each a round trip to Google in real Apps Script), per cell. */
  serviceCallsPerMissCell: number;
  serviceCallsPerHitCell: number;
  /** Of those, per cell that missed: lock acquisitions and whole-store reads of document properties. */
  lockAcquisitionsPerMissCell: number;
  propertyStoreReadsPerMissCell: number;
}

type CallCounts = Record<string, number>;

/** Calls made between two snapshots of the emulator's counters, in total and for some names. */
function callsBetween(before: CallCounts, after: CallCounts, names?: readonly string[]): number {
  const counted = names ?? Object.keys(after);
  return counted.reduce((sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0), 0);
}

const LOCK_ACQUISITIONS = ['Lock.tryLock', 'Lock.waitLock'];
const PROPERTY_STORE_READS = ['Properties.getProperties'];

/**
 * 2,000 formula cells over 500 distinct inputs, each typed (the formula's own cost: the edits'
 * triggers are measured apart), then re-run by Sheets unasked, which must cost nothing.
 */
function measureFormulas(distDir: string, functionName: string): FormulaFigures {
  const w = world(distDir);
  const cells = 2000;
  const distinct = 500;
  typeValues(
    w,
    `A1:A${cells}`,
    Array.from({ length: cells }, (_, i) => [`Bench Company ${(i % distinct) + 1}`]),
  );
  const pass = (again: boolean) => {
    const times: number[] = [];
    for (let row = 1; row <= cells; row++) {
      const before = w.clock.now();
      if (again) rerunUnasked(w, `B${row}`);
      else enterFormulaBeforeItsTrigger(w, `B${row}`, `=${functionName}(A${row})`);
      times.push(w.clock.now() - before);
    }
    return times;
  };
  const calls = () => w.emu.runtime.serviceCalls();
  const atStart = calls();
  const first = pass(false);
  const afterFirst = calls();
  const creditsFirstPass = spent(w);
  const second = pass(true);
  const afterSecond = calls();
  const average = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const round = (x: number) => Math.round(x * 10) / 10;
  // The first pass holds `distinct` misses and the rest hits; the second pass only hits.
  const hits = cells - distinct;
  const perHit = (names?: readonly string[]) => callsBetween(afterFirst, afterSecond, names) / cells;
  const perMiss = (names?: readonly string[]) =>
    round((callsBetween(atStart, afterFirst, names) - hits * perHit(names)) / distinct);
  return {
    cells,
    distinctInputs: distinct,
    creditsFirstPass,
    creditsSecondPass: spent(w) - creditsFirstPass,
    fetches: w.emu.fetchLog.length,
    simulatedMsPerMissCell: average(first.slice(0, distinct)),
    simulatedMsPerHitCell: average(second),
    serviceCallsPerMissCell: perMiss(),
    serviceCallsPerHitCell: round(perHit()),
    lockAcquisitionsPerMissCell: perMiss(LOCK_ACQUISITIONS),
    propertyStoreReadsPerMissCell: perMiss(PROPERTY_STORE_READS),
  };
}

const ratio = (ours: number, naive: number) =>
  naive === 0 ? null : Math.round((ours / naive) * 1000) / 1000;

function table(rows: [string, string | number, string | number, string][]): string {
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  |  ')).join('\n');
}

function main(): void {
  const startup: StartupFigures = measureStartup(join(DIST, 'Code.js'));
  const formulas = measureFormulas(DIST, 'COMPANY_WEBSITE');
  const naiveFormulas = measureFormulas(NAIVE, 'NAIVE_WEBSITE');
  const bulk: BulkFigures = measureBulk({
    ours: () => world(DIST),
    naive: () => world(NAIVE),
    ratePerSecond: RATE_PER_SECOND,
  });

  const tokenBucket = firstRunOnly(world(DIST, 1_000_000, 'token-bucket'));
  const blips = measureBlips();
  const formulaCosts = measureFormulaCosts();
  const recipe = measureRecipe(DIST, LATENCY_MS, RATE_PER_SECOND);
  const watch = measureWatch(DIST, LATENCY_MS, RATE_PER_SECOND);

  const rows: [string, string | number, string | number, string][] = [
    ['figure', 'ours', 'naive', 'ours / naive'],
    [
      'bulk credits, 10,000 rows run twice + after cache expiry',
      bulk.ours.credits,
      bulk.naive.credits,
      String(ratio(bulk.ours.credits, bulk.naive.credits)),
    ],
    ['bulk minimum possible credits', bulk.minimumCredits, bulk.minimumCredits, ''],
    [
      'naive skipping filled rows: credits / first-run seconds',
      `${bulk.naiveSkippingFilled.credits} / ${bulk.naiveSkippingFilled.simulatedSeconds}`,
      '',
      '',
    ],
    [
      'bulk simulated seconds, first run',
      bulk.ours.simulatedSeconds,
      bulk.naive.simulatedSeconds,
      String(ratio(bulk.ours.simulatedSeconds, bulk.naive.simulatedSeconds)),
    ],
    ['bulk bound set by the rate limit (s)', bulk.rateBoundSeconds, bulk.rateBoundSeconds, ''],
    [
      'bulk UrlFetch calls per row',
      bulk.ours.fetchesPerRow,
      bulk.naive.fetchesPerRow,
      String(ratio(bulk.ours.fetchesPerRow, bulk.naive.fetchesPerRow)),
    ],
    [
      'bulk server executions per 1,000 rows',
      bulk.ours.executionsPer1000Rows,
      bulk.naive.executionsPer1000Rows,
      String(ratio(bulk.ours.executionsPer1000Rows, bulk.naive.executionsPer1000Rows)),
    ],
    [
      'formula credits, 2,000 cells / 500 inputs, first pass',
      formulas.creditsFirstPass,
      naiveFormulas.creditsFirstPass,
      String(ratio(formulas.creditsFirstPass, naiveFormulas.creditsFirstPass)),
    ],
    [
      'formula credits, re-evaluated',
      formulas.creditsSecondPass,
      naiveFormulas.creditsSecondPass,
      String(ratio(formulas.creditsSecondPass, naiveFormulas.creditsSecondPass)),
    ],
    [
      'formula UrlFetch calls, both passes',
      formulas.fetches,
      naiveFormulas.fetches,
      String(ratio(formulas.fetches, naiveFormulas.fetches)),
    ],
    [
      'formula simulated ms per cell, miss',
      formulas.simulatedMsPerMissCell,
      naiveFormulas.simulatedMsPerMissCell,
      '',
    ],
    [
      'formula simulated ms per cell, hit',
      formulas.simulatedMsPerHitCell,
      naiveFormulas.simulatedMsPerHitCell,
      '',
    ],
    [
      'formula Apps Script calls per cell, miss',
      formulas.serviceCallsPerMissCell,
      naiveFormulas.serviceCallsPerMissCell,
      '',
    ],
    [
      'formula Apps Script calls per cell, hit',
      formulas.serviceCallsPerHitCell,
      naiveFormulas.serviceCallsPerHitCell,
      '',
    ],
    [
      'of a miss: lock acquisitions / whole property-store reads',
      `${formulas.lockAcquisitionsPerMissCell} / ${formulas.propertyStoreReadsPerMissCell}`,
      `${naiveFormulas.lockAcquisitionsPerMissCell} / ${naiveFormulas.propertyStoreReadsPerMissCell}`,
      '',
    ],
    [
      'watch, a day of form responses: credits, minimum / minutes to answer / runtime min (share)',
      `${watch.credits}, ${watch.minimumCredits} / ${watch.minutesToAnswerMedian}, ${watch.minutesToAnswerWorst} / ${watch.triggerRuntimeMinutes} (${Math.round(watch.triggerQuotaShare * 100)} %)`,
      '',
      '',
    ],
    ['bundle size, minified (KB)', startup.bundleKB, '', ''],
    ['bundle size, gzipped (KB)', startup.gzipKB, '', ''],
    [
      'bundle load, cold, median / worst (ms, real)',
      `${startup.loadMsMedian} / ${startup.loadMsWorst}`,
      '',
      '',
    ],
  ];
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
  const results = {
    date: new Date().toISOString().slice(0, 10),
    machine,
    conditions: `${LATENCY_MS} ms simulated latency, ${RATE_PER_SECOND} requests/s rate limit (sliding 1 s window over POSTs), virtual clock`,
    startup,
    formulas: { ours: formulas, naive: naiveFormulas },
    bulk,
    /** The same first run against a token bucket that also counts refused calls. */
    bulkTokenBucket: tokenBucket,
    blips: { conditions: BLIP_CONDITIONS, strategies: blips },
    formulaCosts,
    recipe,
    watch,
    targets: {
      creditsAtMinimum: bulk.ours.credits === bulk.minimumCredits,
      throughputWithin1_2xOfBound: bulk.ours.simulatedSeconds <= 1.2 * bulk.rateBoundSeconds,
      atMost1_05FetchesPerRow: bulk.ours.fetchesPerRow <= 1.05,
      bundleUnder100KB: startup.bundleKB < 100,
      cacheHitAtMost150ms: formulaCosts.single.hitServiceMs <= 150,
      newLookupAtMost500ms: formulaCosts.single.missServiceMs <= 500,
      range500AnsweredWithin10Minutes:
        formulaCosts.range.minutesUntilAnswered <= 10 && formulaCosts.range.wholeRangeErrors === 0,
      cachedRangeUnder1s: formulaCosts.range.cachedEvaluationMs < 1000,
      watchAtMinimumWithinQuota:
        watch.credits === watch.minimumCredits && watch.triggerQuotaShare < 1 && watch.triggerFailures === 0,
    },
  };
  // The figures are this machine's: written where a plain run leaves the tree clean, and over
  // the committed bench/results.json (which the README quotes) only when asked with --save.
  const save = process.argv.includes('--save');
  const out = save ? join(ROOT, 'bench', 'results.json') : join(ROOT, '.build', 'bench-results.json');
  mkdirSync(join(ROOT, '.build'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  if (save) {
    const readme = join(ROOT, 'README.md');
    writeFileSync(readme, withBenchTables(readFileSync(readme, 'utf8'), results as unknown as BenchResults));
  }
  console.log(`Enrich for Sheets benchmark, ${results.date}, ${machine}\n${results.conditions}\n`);
  console.log(table(rows));
  console.log('\nA network blip on 1 request in 1,000, over 10,000 one-credit lookups (mean of 5 runs):');
  for (const b of blips) {
    console.log(
      `  ${b.strategy.padEnd(72)} wasted ${String(b.creditsWasted).padStart(5)}  lost ${String(b.answersLost).padStart(5)}  ${b.simulatedSeconds} s`,
    );
  }
  console.log(`\nAt Google's cost of each service call: ${JSON.stringify(formulaCosts, null, 1)}`);
  console.log(`\ntargets: ${JSON.stringify(results.targets)}`);
  console.log(`written: ${out.slice(ROOT.length + 1)}`);
}

main();
