// The headline scenarios run three ways (pace-ways.ts): the 10,000-row bulk run's first run, the
// ranges of 500 and 5,000 typed once and left alone, the watch's day of form responses, and the
// recipe. Each way reports simulated time against the bound the key's real pace sets, the POSTs
// refused with 429, the credits against the minimum, and the rows left unanswered.
import { join } from 'node:path';
import { saveSettings } from '../test/bundle/harness';
import { firstRunOnly } from './bulk-scenario';
import { BIG_RANGE_ROWS, type RangeFigures, rangeFormula } from './formula-costs';
import {
  eachWay,
  LATENCY_MS,
  type PaceFigures,
  type PaceResults,
  WAYS,
  type Way,
  wayWorld,
} from './pace-ways';
import { recipeWay } from './recipe-scenario';
import { measureWatch, type WatchFigures } from './watch-scenario';

const DIST = join(process.cwd(), 'dist');
/** How long a range left alone is watched: two days, so that one past a day's trigger quota ends. */
const RANGE_LOOK_MINUTES = 48 * 60;

export interface PaceScenarios {
  ways: readonly Way[];
  rangeLookMinutes: number;
  bulk: PaceResults<PaceFigures>[];
  range: PaceResults<RangeFigures>[];
  bigRange: PaceResults<RangeFigures>[];
  watch: PaceResults<WatchFigures>[];
  recipe: PaceResults<PaceFigures>[];
}

function bulk(way: Way): PaceFigures {
  const w = wayWorld(way, { distDir: DIST, credits: 1_000_000, emulator: { latencyMs: LATENCY_MS } });
  saveSettings(w, { formulaDailyCap: 1_000_000 });
  return firstRunOnly(w, way.keyRate);
}

const range = (rows: number) => (way: Way) =>
  rangeFormula(rows, (options) => wayWorld(way, options), RANGE_LOOK_MINUTES);

export function measurePaceScenarios(): PaceScenarios {
  console.log('The API’s real pace, three ways:');
  return {
    ways: WAYS,
    rangeLookMinutes: RANGE_LOOK_MINUTES,
    bulk: eachWay('bulk, first run', bulk),
    range: eachWay('range of 500', range(500)),
    bigRange: eachWay(`range of ${BIG_RANGE_ROWS}`, range(BIG_RANGE_ROWS)),
    watch: eachWay('watch, a day', (way) => measureWatch(DIST, LATENCY_MS, (o) => wayWorld(way, o))),
    recipe: eachWay('recipe', (way) => recipeWay(DIST, LATENCY_MS, way)),
  };
}
