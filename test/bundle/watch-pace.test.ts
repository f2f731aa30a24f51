// Watches at the key's real pace (issue 39): the fake API holds the key to 1 request a second, the
// pace a new key starts at. Every row a watch takes gets its answer, or a status that says why and
// when. Credits are the fake API's ledger (a company website costs 1 credit); a "Company N" is on
// N.com in its data.
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, spent, typeValues, type World } from './harness';

const HOUR = 60 * 60_000;

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

function watchedAtOneASecond(credits = 5000): World {
  const world = createWorld({ emulator: { addOn: true }, credits });
  typeValues(world, 'A1', [['Company']]);
  sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config, dailyCap: 5000 });
  return world;
}

const companies = (count: number) => Array.from({ length: count }, (_, i) => [`Company ${i + 1}`]);

describe('a watch at one request a second', () => {
  it('answers every one of 500 pasted rows within 2 hours, or says why and when', () => {
    const world = watchedAtOneASecond();
    const pastedAt = world.clock.now();
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(500));
    world.emu.runTriggersUntil(world.bundle, pastedAt + 2 * HOUR);
    const rows = world.emu.values('Sheet1', 'B2:C501');
    const unanswered = rows.filter(([website], i) => website !== `${i + 1}.com`);
    // Each row not answered yet says something: never an empty status under a watch that is on.
    expect(unanswered.filter(([, status]) => String(status) === '')).toEqual([]);
    expect(world.emu.triggerRuns.filter((run) => run.error !== null)).toEqual([]);
    expect(spent(world)).toBe(500 - unanswered.length);
  });
});
