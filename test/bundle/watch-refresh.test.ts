// A watch's scheduled refresh (issue 41), opt-in: "refresh answers older than N days, at most M
// credits a month", run by the hourly check within the trigger quota, booked under its own buyer.
// Without it, time alone never buys anything again.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, drive, sidebar, spent, typeValues, type World } from './harness';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

/**
 * A watch on Sheet1 whose rows Company 1..3 another script wrote an hour apart, each bought at the
 * hourly check (hourly checks run every hour of the emulator's clock: a test's days cost real time).
 */
function watchedForHours(): { world: World; id: string } {
  const world = createWorld({ plan: 10, emulator: { addOn: true }, credits: 1000 });
  typeValues(world, 'A1', [['Company']]);
  const list = sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config, dailyCap: 50 });
  for (let i = 1; i <= 3; i++) {
    typeValues(world, `A${i + 1}`, [[`Company ${i}`]]);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + HOUR);
  }
  expect(spent(world)).toBe(3);
  return { world, id: list.watches[0]!.id };
}

const websites = (world: World) => world.emu.values('Sheet1', 'B2:B4').map((row) => row[0]);

describe("a watch's scheduled refresh", () => {
  it('is off unless asked: a day of hourly checks buys nothing again', () => {
    const { world } = watchedForHours();
    world.api.reviseData('company_name_to_website');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + DAY + 4 * HOUR);
    expect(spent(world)).toBe(3);
    expect(websites(world)).toEqual(['1.com', '2.com', '3.com']);
  });

  it('asked, buys again the answers older than N days, oldest first, at most M credits a month', () => {
    const { world, id } = watchedForHours();
    const list = sidebar<WatchList>(world, 'updateWatch', id, { refresh: { days: 1, monthlyCredits: 2 } });
    expect(list.watches[0]).toMatchObject({ refresh: { days: 1, monthlyCredits: 2, spentThisMonth: 0 } });
    world.api.reviseData('company_name_to_website');
    // A day and a few hours: each answer passes a day old in turn; the month allows two.
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + DAY + 4 * HOUR);
    expect(spent(world)).toBe(5);
    expect(websites(world)).toEqual(['1revised1.com', '2revised1.com', '3.com']);
    const notes = world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B2:B4').getNotes();
    expect(notes.map((row) => row[0])).toEqual([
      expect.stringMatching(/^was 1\.com until \d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^was 2\.com until \d{4}-\d{2}-\d{2}$/),
      '',
    ]);
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B2').activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    expect(receipt.lines.find((line) => line.label === 'Bought')?.text).toMatch(/\(refresh, Sheet1!B2:C2\)$/);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      refresh: { spentThisMonth: 2 },
    });
  });

  it('refuses a refresh without a whole number of days or credits to spend, changing nothing', () => {
    const { world, id } = watchedForHours();
    expect(() => sidebar(world, 'updateWatch', id, { refresh: { days: 0.5, monthlyCredits: 2 } })).toThrow(
      'Refresh answers older than a whole number of days, from 1 to 3650.',
    );
    expect(() => sidebar(world, 'updateWatch', id, { refresh: { days: 30, monthlyCredits: 0 } })).toThrow(
      /^A scheduled refresh needs the credits it may spend a month: more than 0/,
    );
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]!.refresh).toBeNull();
  });
});

describe("a column's scheduled refresh, without a watch", () => {
  it('buys again the oldest answers within the month, and fills no new row', () => {
    const world = createWorld({ plan: 10, emulator: { addOn: true }, credits: 1000 });
    typeValues(world, 'A1:A5', [['Company'], ['Company 1'], ['Company 2'], ['Company 3'], ['Company 4']]);
    const run = sidebar<BulkProgress>(world, 'startBulkRun', config, 0);
    expect(drive(world, run.runId).state).toBe('done');
    expect(spent(world)).toBe(4);
    world.clock.advance(40 * DAY);
    world.api.reviseData('company_name_to_website');
    const draft = { kind: 'lookup', config, dailyCap: 2, refreshOnly: { days: 30, monthlyCredits: 2 } };
    // Said first, buying nothing: the month's 2 credits take the 2 oldest of the 4 answers.
    expect(sidebar<BulkPreview>(world, 'previewWatch', draft)).toMatchObject({
      alreadyFilled: 2,
      refresh: { days: 30, rows: 2, lookups: 2, credits: 2, budget: 2 },
      statusColumn: { column: 3, created: false },
    });
    expect(spent(world)).toBe(4);
    const list = sidebar<WatchList>(world, 'createWatch', draft);
    expect(list.watches[0]).toMatchObject({
      refreshOnly: true,
      refresh: { days: 30, monthlyCredits: 2, spentThisMonth: 0 },
    });
    typeValues(world, 'A6', [['Company 5']]);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(spent(world)).toBe(6);
    expect(world.emu.values('Sheet1', 'B2:B6').map((row) => row[0])).toEqual([
      '1revised1.com',
      '2revised1.com',
      '3.com',
      '4.com',
      '',
    ]);
    // This month's spending (the bulk run's was last month's) is the refresh's, under its buyer.
    expect(sidebar<LedgerView>(world, 'getLedger').bySource).toMatchObject({ bulk: 0, refresh: 2 });
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      refresh: { spentThisMonth: 2 },
    });
    // A user's typing runs no watch here: this one follows no edit.
    world.emu.edit(world.bundle, 'Sheet1', 'A7', 'Company 6');
    expect(world.emu.values('Sheet1', 'B7')).toEqual([['']]);
    expect(spent(world)).toBe(6);
  });
});
