// 2,000 formula cells over 500 distinct inputs, ours and the naive baseline's, on a plan of 10
// requests a second (the pace learned): credits, UrlFetch calls, and Apps Script calls per cell.
import {
  enterFormulaBeforeItsTrigger,
  rerunUnasked,
  spent,
  typeValues,
  type World,
} from '../test/bundle/harness';
import { sized } from './mode';

export interface FormulaFigures {
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
export function measureFormulas(w: World, functionName: string): FormulaFigures {
  const cells = sized(2_000, 400);
  const distinct = sized(500, 100);
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
