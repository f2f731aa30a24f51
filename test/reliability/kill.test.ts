// A bulk slice killed at any point of its work (the platform's time limit striking between any two
// service calls) loses no row and buys no input twice once the run is resumed.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { createWorld, spent, typeValues, type World } from '../bundle/harness';

const ROWS = 120;
const inputs = Array.from({ length: ROWS }, (_, i) => `Killable Co ${i % 90}`); // 30 repeats
const DISTINCT = new Set(inputs).size;
const CONFIG: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

const call = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

/** A small deterministic generator: the same "random" kill points on every run. */
function killPoints(count: number, max: number): number[] {
  let seed = 20261122;
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % max);
  });
}

describe.each(killPoints(12, 120).map((n) => [n]))('a slice killed at its service call #%i', (killAt) => {
  // assumptions: RT2, RT4 (where and how the time limit strikes)
  it('resumes without losing a row or buying an input twice', () => {
    const world = createWorld({ credits: 10_000 });
    typeValues(world, 'A1', [['Company']]);
    typeValues(
      world,
      `A2:A${ROWS + 1}`,
      inputs.map((v) => [v]),
    );
    const preview = call<BulkPreview>(world, 'previewBulkRun', CONFIG);
    const started = call<BulkProgress>(world, 'startBulkRun', CONFIG, preview.estimatedCredits);

    world.emu.runtime.killNextExecutionAtCall(killAt);
    let killed = false;
    try {
      call(world, 'continueBulkRun', started.runId);
    } catch (error) {
      killed = /Exceeded maximum execution time/.test((error as Error).message);
      if (!killed) throw error;
    }
    expect(killed).toBe(true); // every chosen point falls inside the slice's own work
    // The sidebar is reopened later and drives the run to its end.
    world.clock.advance(10 * 60_000);
    let progress = call<BulkProgress>(world, 'getBulkRun')!;
    for (let i = 0; i < 50 && progress.state === 'running'; i++) {
      if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
      progress = call<BulkProgress>(world, 'continueBulkRun', progress.runId);
    }

    expect(progress.state).toBe('done');
    const out = progress.outputColumns?.[0]?.column ?? 2;
    const written = world.emu.values('Sheet1', `A2:${String.fromCharCode(64 + out)}${ROWS + 1}`);
    expect(written.filter((row) => !String(row[out - 1]).includes('.'))).toEqual([]);
    const bought = world.api.callsFor(world.key).filter((c) => c.method === 'POST' && c.status !== 429);
    expect(new Set(bought.map((c) => c.input)).size).toBe(bought.length);
    expect(spent(world)).toBe(DISTINCT);
  });
});
