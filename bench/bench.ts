// `npm run bench`: the built add-on in the emulator against the fake API, on the virtual clock, so
// simulated seconds are exact and repeatable; only the start-up figure is measured in real time.
// Prints a table and writes bench/results.json. Every figure is compared with a naive baseline
// (one call per cell, no cache, sequential with a pause per row), the way the vendor's add-on works,
// on a plan of 10 requests a second whose pace the add-on already learned; the headline scenarios
// also run three ways against the API's real pace (pace-ways.ts, pace-scenarios.ts).
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { saveSettings, type World } from '../test/bundle/harness';
import { BLIP_CONDITIONS, measureBlips } from './blip-scenario';
import { type BulkFigures, firstRunOnly, measureBulk } from './bulk-scenario';
import { countCodeLines } from './code-lines';
import { measureFootprint } from './footprint';
import { measureFormulaCosts } from './formula-costs';
import { measureFormulas } from './formula-scenario';
import { type MemoryFigures, measureMemory } from './memory-scenario';
import { MODE, QUICK } from './mode';
import { measurePaceScenarios, type PaceScenarios } from './pace-scenarios';
import { paceRows } from './pace-table';
import { LATENCY_MS, onPlan, PLAN_PER_SECOND } from './pace-ways';
import { type BenchResults, MARKERS, withBenchTables } from './readme-table';
import { measureRecipe } from './recipe-scenario';
import { measureRefresh, type RefreshFigures } from './refresh-scenario';
import { measureStartup, type StartupFigures } from './startup';
import { measureWatch } from './watch-scenario';

const ROOT = process.cwd();
const DIST = join(ROOT, 'dist');
const NAIVE = join(ROOT, 'bench', 'naive');

/** A spreadsheet on a plan of 10 requests a second, the pace learned (the naive one ignores it). */
function world(distDir: string, rateLimiter: 'sliding-window' | 'token-bucket' = 'sliding-window'): World {
  const w = onPlan({
    credits: 1_000_000,
    distDir,
    api: { rateLimiter },
    emulator: { latencyMs: LATENCY_MS },
  });
  if (distDir === DIST) saveSettings(w, { formulaDailyCap: 1_000_000 });
  return w;
}

const ratio = (ours: number, naive: number) =>
  naive === 0 ? null : Math.round((ours / naive) * 1000) / 1000;

function table(rows: [string, string | number, string | number, string][]): string {
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  |  ')).join('\n');
}

/** The pace scenarios' process: they take most of the run, so they run beside the others. */
const PACE_PROCESS = '--pace-scenarios';

function paceBeside(): Promise<PaceScenarios> {
  return new Promise((resolve, reject) => {
    let answer: PaceScenarios | undefined;
    const child = fork(__filename, [PACE_PROCESS, ...(QUICK ? ['--quick'] : [])]);
    child.on('message', (message) => {
      answer = message as PaceScenarios;
    });
    child.on('close', (code) =>
      answer ? resolve(answer) : reject(new Error(`the pace scenarios ended with code ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  // Measured in real time: before the pace scenarios' process starts taking a core.
  const startup: StartupFigures = measureStartup(join(DIST, 'Code.js'));
  const pacing = paceBeside();
  const formulas = measureFormulas(world(DIST), 'COMPANY_WEBSITE');
  const naiveFormulas = measureFormulas(world(NAIVE), 'NAIVE_WEBSITE');
  const bulk: BulkFigures = measureBulk({
    ours: () => world(DIST),
    naive: () => world(NAIVE),
    ratePerSecond: PLAN_PER_SECOND,
  });

  const bucketRun = firstRunOnly(world(DIST, 'token-bucket'), PLAN_PER_SECOND);
  const tokenBucket = { simulatedSeconds: bucketRun.seconds, refused: bucketRun.refused };
  const blips = measureBlips();
  const formulaCosts = measureFormulaCosts();
  const recipe = measureRecipe(DIST, LATENCY_MS);
  const watch = measureWatch(DIST, LATENCY_MS);
  const footprint = await measureFootprint(ROOT);
  const memory = measureMemory(DIST, LATENCY_MS);
  const refresh = measureRefresh(DIST, LATENCY_MS);
  const pace = await pacing;
  const codeLines = countCodeLines(join(ROOT, 'src'));

  const rows: [string, string | number, string | number, string][] = [
    ['figure', 'ours', 'naive', 'ours / naive'],
    [
      `bulk credits, ${bulk.rows} rows run twice + after cache expiry`,
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
      `formula credits, ${formulas.cells} cells / ${formulas.distinctInputs} inputs, first pass`,
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
    [
      'a formula miss / hit / 200-row miss: footprint, Apps Script calls, ms, functions entered',
      [footprint.miss, footprint.hit, footprint.range200]
        .map((f) => `${f.footprint}, ${f.calls.length}, ${f.serviceMs}, ${f.functions}`)
        .join(' / '),
      '',
      '',
    ],
    [
      'three spreadsheets, 1,000 names each, 40 % shared: credits, minimum / memory hit ms',
      memoryRow(memory),
      '',
      '',
    ],
    [
      'refresh, 1,000 rows aged 90 days, budget 200: credits / the 200 oldest / found',
      refreshRow(refresh),
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
    mode: MODE,
    machine,
    conditions: `${LATENCY_MS} ms simulated latency, a plan of ${PLAN_PER_SECOND} requests/s learned (sliding 1 s window over POSTs) unless a pace scenario says otherwise, virtual clock`,
    startup,
    formulas: { ours: formulas, naive: naiveFormulas },
    bulk,
    /** The same first run against a token bucket that also counts refused calls. */
    bulkTokenBucket: tokenBucket,
    blips: { conditions: BLIP_CONDITIONS, strategies: blips },
    formulaCosts,
    recipe,
    watch,
    memory,
    refresh,
    pace,
    footprint,
    /** Non-blank, non-comment lines of src/ (.ts, .html, .css): the issue tracker's ceiling is 20,000. */
    codeLines,
    targets: {
      srcAtMost20000CodeLines: codeLines <= 20_000,
      creditsAtMinimum: bulk.ours.credits === bulk.minimumCredits,
      throughputWithin1_2xOfBound: bulk.ours.simulatedSeconds <= 1.2 * bulk.rateBoundSeconds,
      atMost1_05FetchesPerRow: bulk.ours.fetchesPerRow <= 1.05,
      bundleUnder100KB: startup.bundleKB < 100,
      cacheHitAtMost150ms: formulaCosts.single.hitServiceMs <= 150,
      newLookupAtMost500ms: formulaCosts.single.missServiceMs <= 500,
      range500AnsweredWithin10Minutes:
        (formulaCosts.range.minutesUntilAnswered ?? Number.POSITIVE_INFINITY) <= 10 &&
        formulaCosts.range.wholeRangeErrors === 0,
      cachedRangeUnder1s: formulaCosts.range.cachedEvaluationMs < 1000,
      everyWayAtMinimumNoRowFailed: [pace.bulk, pace.watch, pace.recipe].every((results) =>
        results.every(({ figures: f }) => f.credits === f.minimumCredits && f.unanswered === 0),
      ),
      memoryAtMinimum: memory.credits === memory.minimumCredits,
      refreshSpendsItsBudgetOnTheOldest: refresh.credits === refresh.budget && refresh.exactlyTheOldest,
      watchAtMinimumWithinQuota:
        watch.credits === watch.minimumCredits && watch.triggerQuotaShare < 1 && watch.triggerFailures === 0,
    },
  };
  // The figures are this machine's: written where a plain run leaves the tree clean, and over
  // the committed bench/results.json (which docs/benchmark.md quotes) only when asked with --save.
  const save = process.argv.includes('--save');
  const out = save ? join(ROOT, MARKERS[MODE].results) : join(ROOT, '.build', 'bench-results.json');
  mkdirSync(join(ROOT, '.build'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  if (save) {
    const readme = join(ROOT, 'docs', 'benchmark.md');
    writeFileSync(readme, withBenchTables(readFileSync(readme, 'utf8'), results as unknown as BenchResults));
  }
  console.log(`Enrich for Sheets benchmark (${MODE}), ${results.date}, ${machine}\n${results.conditions}\n`);
  console.log(table(rows));
  console.log(
    `\nThe API's real pace, three ways:\n${paceRows(pace, { bulk: bulk.rows, recipe: recipe.rows }).join('\n')}`,
  );
  console.log(
    `\nA network blip on 1 request in 1,000, over ${BLIP_CONDITIONS.lookups} one-credit lookups (mean of ${BLIP_CONDITIONS.seeds} runs):`,
  );
  for (const b of blips) {
    console.log(
      `  ${b.strategy.padEnd(72)} wasted ${String(b.creditsWasted).padStart(5)}  lost ${String(b.answersLost).padStart(5)}  ${b.simulatedSeconds} s`,
    );
  }
  console.log(`\nAt Google's cost of each service call: ${JSON.stringify(formulaCosts, null, 1)}`);
  console.log(`\ntargets: ${JSON.stringify(results.targets)}`);
  console.log(`written: ${out.slice(ROOT.length + 1)}`);
}

function memoryRow(memory: MemoryFigures): string {
  return `${memory.credits}, ${memory.minimumCredits} / ${memory.memoryHitServiceMs} (own ${memory.ownHitServiceMs})`;
}

function refreshRow(refresh: RefreshFigures): string {
  return `${refresh.credits} / ${refresh.exactlyTheOldest ? 'yes' : 'no'} / ${refresh.summary}`;
}

/** `--only-memory`, `--only-refresh`: that scenario alone (the whole bench takes minutes). */
const ONLY_MEMORY = '--only-memory';
const ONLY_REFRESH = '--only-refresh';

if (process.argv.includes(ONLY_MEMORY)) {
  console.log(JSON.stringify(measureMemory(DIST, LATENCY_MS), null, 2));
} else if (process.argv.includes(ONLY_REFRESH)) {
  console.log(JSON.stringify(measureRefresh(DIST, LATENCY_MS), null, 2));
} else if (process.argv.includes(PACE_PROCESS)) {
  // Sent, the channel closes, and with it this process.
  process.send!(measurePaceScenarios(), () => process.disconnect());
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
