// Watches at the key's real pace (issue 39): the fake API holds the key to 1 request a second, the
// pace a new key starts at. Every row a watch takes gets its answer, or a status that says why and
// when. Credits are the fake API's ledger (a company website costs 1 credit); a "Company N" is on
// N.com in its data.
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, spent, typeValues, type World } from './harness';

const HOUR = 60 * 60_000;
const WAITING_FOR_THE_NEXT_RUN =
  "Waiting: this watch's run ended before this row; the next edit of this sheet or the hourly check looks it up.";

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
    // Each row not answered yet says why and when: never an empty status under a watch that is on.
    expect(unanswered.filter(([, status]) => status !== WAITING_FOR_THE_NEXT_RUN)).toEqual([]);
    expect(world.emu.triggerRuns.filter((run) => run.error !== null)).toEqual([]);
    expect(spent(world)).toBe(500 - unanswered.length);
  });
});

describe('a watch stopped by the API out of credits (402)', () => {
  it('keeps filling rows whose answers are saved, says why the others wait, and a key test restarts them', () => {
    const world = watchedAtOneASecond(2);
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(4));
    expect(spent(world)).toBe(2);
    const rows = world.emu.values('Sheet1', 'B2:C5');
    expect(rows.slice(0, 2)).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
    ]);
    // The rows it could not buy say why, and when they go on.
    const waiting =
      'Waiting: every watch is paused: the account is out of credits. It goes on once the account has credits again (checked every hour), or after a successful key test.';
    expect(rows.slice(2)).toEqual([
      ['', waiting],
      ['', waiting],
    ]);
    // A row whose answer is saved costs nothing: it fills though every watch is paused.
    world.emu.edit(world.bundle, 'Sheet1', 'A6', 'Company 2');
    expect(world.emu.values('Sheet1', 'B6:C6')).toEqual([['2.com', 'Found']]);
    expect(spent(world)).toBe(2);

    world.api.addCredits(world.key, 10);
    expect(sidebar<{ ok: boolean }>(world, 'testApiKey')).toMatchObject({ ok: true });
    // An hour, and the hour Apps Script may run the check late by (T5): no edit needed.
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(world.emu.values('Sheet1', 'B4:C5')).toEqual([
      ['3.com', 'Found'],
      ['4.com', 'Found'],
    ]);
    // The four websites, 1 credit each, and the key test's own lookup (a website, 1 credit).
    expect(spent(world)).toBe(5);
  });
});
