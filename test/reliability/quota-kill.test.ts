// Google stops a watch's run for the day's trigger-time quota ("Service using too much computer
// time for one day") after the API charged its lookups: the answers paid for are kept as each batch
// comes back, so the next day buys nothing again and the rows get their saved answers. Credits are
// the fake API's ledger (a company website costs 1 credit); cell texts are literals.

import { runtimeWords } from '../../src/core/text/catalogue/sidebar/watches';
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, enterFormula, saveSettings, spent, typeValues, type World } from '../bundle/harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const QUOTA_MESSAGE = 'Service using too much computer time for one day';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

const companies = (count: number) => Array.from({ length: count }, (_, i) => [`Company ${i + 1}`]);

/** A watch on a key the add-on paces at 1 request a second, the pace a new account starts at. */
function watched(): World {
  const world = createWorld({ emulator: { addOn: true }, credits: 1000, plan: 1 });
  typeValues(world, 'A1', [['Company']]);
  sidebar(world, 'createWatch', { kind: 'lookup', config, dailyCap: 100 });
  return world;
}

/** Other scripts of the user spent Google's daily trigger time but `leftMs`: the add-on cannot see them. */
function quotaLeft(world: World, leftMs: number): void {
  const { triggerQuota, clock } = world.emu;
  triggerQuota.charge('owner@example.com', clock.now(), triggerQuota.limitMs - leftMs);
}

describe("a watch's run stopped by the day's trigger-time quota", () => {
  it('keeps the answers it paid for: the next day buys none again and fills every row', () => {
    const world = watched();
    // Most of the 60 lookups, at 1 a second, go out before Google stops the run.
    quotaLeft(world, 59.5 * SECOND);
    const before = world.emu.triggerRuns.length;
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(60));

    const killed = world.emu.triggerRuns.slice(before).filter((run) => run.error !== null);
    expect(killed.map((run) => run.error)).toContain(`Exception: ${QUOTA_MESSAGE}`);
    const charged = spent(world);
    expect(charged).toBeGreaterThan(50);
    expect(charged).toBeLessThan(60);
    // The add-on learns from the run Google stopped that today's quota is spent, though its own
    // count of trigger time (other scripts' runs are not in it) is far from it.
    world.clock.advance(10 * MINUTE);
    expect(runtimeWords(sidebar<WatchList>(world, 'listWatches'))).toMatch(
      /Watches wait: today's trigger time, Google's daily quota shared with your other scripts' triggers, is used up\. They go on when the quota's day ends\.$/,
    );

    // The next day: the quota's window reset, the hourly check finishes the rows.
    world.clock.advance(24 * HOUR);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    const rows = world.emu.values('Sheet1', 'B2:C61');
    expect(rows[0]).toEqual(['1.com', 'Found']);
    expect(rows[58]).toEqual(['59.com', 'Found']);
    expect(rows[59]).toEqual(['60.com', 'Found']);
    expect(rows.filter(([, status]) => status !== 'Found')).toEqual([]);
    // 60 rows at 1 credit each, each bought once (before the fix, the answers of the batches sent
    // since the last slice ended were bought again: 79), but for an answer that came back less than
    // a save's time (a read and a write, 102 ms) before Google stopped the run, which no code could keep.
    const stop = killed[0]!;
    const stopAt = stop.at + stop.ms;
    const posts = world.api.callsFor(world.key).filter((call) => call.input !== null);
    const counts = new Map<string, number>();
    for (const call of posts) counts.set(call.input!, (counts.get(call.input!) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([input]) => input);
    const lastBeforeStop = posts.filter((call) => call.at <= stopAt && call.at > stopAt - SECOND);
    expect(twice.filter((input) => !lastBeforeStop.some((call) => call.input === input))).toEqual([]);
    expect(spent(world)).toBe(60 + twice.length);
    expect(twice.length).toBeLessThanOrEqual(1);
  });
});

describe("a range's queued lookups near the end of the day's trigger time", () => {
  it('are bought only as long as the time the add-on counted allows: no run stopped, none bought twice', () => {
    const world = createWorld({ emulator: { addOn: true }, credits: 1000 });
    saveSettings(world, { formulaDailyCap: 1000 });
    typeValues(world, 'A2:A201', companies(200));
    // The add-on's own triggers used 88.5 of today's 90 minutes (its count and Google's agree).
    const used = 88.5 * MINUTE;
    world.emu.triggerQuota.charge('owner@example.com', world.clock.now(), used);
    world.emu.globals.PropertiesService.getUserProperties().setProperty(
      'enrich.triggerRuntime',
      JSON.stringify({ since: world.clock.now(), usedMs: used }),
    );
    const before = world.emu.triggerRuns.length;
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A201)');
    world.clock.advance(24 * HOUR);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 6 * HOUR);

    const stopped = world.emu.triggerRuns.slice(before).filter((run) => run.error !== null);
    expect(stopped.map((run) => run.error)).toEqual([]);
    const shown = world.emu.values('Sheet1', 'B2:B201').map(([value]) => String(value));
    expect(shown.filter((text, i) => text !== `${i + 1}.com`)).toEqual([]);
    // 200 websites at 1 credit, each bought once.
    expect(spent(world)).toBe(200);
  });
});

describe("a range's queued lookups bought by a trigger that Google stops for the day's quota", () => {
  it('are kept as each comes back: the next day buys none again and fills every row', () => {
    const world = createWorld({ emulator: { addOn: true }, credits: 1000 });
    saveSettings(world, { formulaDailyCap: 1000 });
    typeValues(
      world,
      'A2:A301',
      Array.from({ length: 300 }, (_, i) => [`Range Company ${i + 1}`]),
    );
    // Other scripts of the user left 100 s of today's trigger time: the add-on cannot see them.
    // (A range of 5,000 at 1 a second meets the same stop by itself, the add-on's count missing
    // a little of each run: it bought 5 names twice, 5,005 credits, before the fix.)
    quotaLeft(world, 100 * SECOND);
    const before = world.emu.triggerRuns.length;
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A301)');

    const stopped = world.emu.triggerRuns.slice(before).filter((run) => run.error !== null);
    expect(stopped.map((run) => run.error)).toEqual([`Exception: ${QUOTA_MESSAGE}`]);
    const boughtBeforeTheStop = spent(world);
    expect(boughtBeforeTheStop).toBeGreaterThan(50);
    expect(boughtBeforeTheStop).toBeLessThan(150);

    // The quota's day ends; the next day the user types a note: its edit's trigger finishes the range.
    world.clock.advance(30 * HOUR);
    world.emu.edit(world.bundle, 'Sheet1', 'D1', 'checked');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    const shown = world.emu.values('Sheet1', 'B2:B301').map(([value]) => String(value));
    expect(shown[0]).toBe('range1.com');
    expect(shown[299]).toBe('range300.com');
    expect(shown.filter((text, i) => text !== `range${i + 1}.com`)).toEqual([]);
    // 300 websites at 1 credit, each bought once (before the fix, the names the stopped run had
    // paid for were kept nowhere and bought again the next day: 13 of them), but for an answer
    // still on its way when Google stopped the run, which no code could keep.
    const stop = stopped[0]!;
    const stopAt = stop.at + stop.ms;
    const posts = world.api.callsFor(world.key).filter((call) => call.input !== null);
    const inFlight = posts.filter((call) => call.at <= stopAt && call.at > stopAt - SECOND);
    const counts = new Map<string, number>();
    for (const call of posts) counts.set(call.input!, (counts.get(call.input!) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([input]) => input);
    expect(twice.filter((input) => !inFlight.some((call) => call.input === input))).toEqual([]);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(spent(world)).toBe(300 + twice.length);
  });
});

describe("a watch's run stopped at an execution's limit, not for the day's quota", () => {
  it('is not read as the quota spent: the hourly check goes on buying the new rows', () => {
    const world = watched();
    // Google ends the Edit trigger's run as its 6 minutes would, in the middle of its buying (its
    // 71st call to a service: issue 38 took 11 calls off its way there, and a watch takes its turns
    // at the key's pace under the user's lock), after the API charged the first row.
    world.emu.runtime.killNextExecutionAtCall(71);
    const before = world.emu.triggerRuns.length;
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(3));
    const killed = world.emu.triggerRuns.slice(before).filter((run) => run.error !== null);
    expect(killed.map((run) => run.error)).toEqual(['Exceeded maximum execution time']);
    expect(spent(world)).toBe(1);

    // Rows written by another script fire no trigger: the hourly check finds them.
    world.clock.advance(10 * MINUTE);
    typeValues(world, 'A5:A6', [['Company 4'], ['Company 5']]);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(world.emu.triggerRuns.slice(before).filter((run) => run.error !== null)).toHaveLength(1);
    expect(world.emu.values('Sheet1', 'B2:C6')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['3.com', 'Found'],
      ['4.com', 'Found'],
      ['5.com', 'Found'],
    ]);
    // 5 websites at 1 credit, and the first once more: the kill struck as its answer came back,
    // before any code could keep it. (Before the fix, no row was ever answered: the run was read
    // as a stop by the quota, and the watch waited for a quota day that was not spent.)
    expect(spent(world)).toBe(6);
  });
});

describe("a range typed with little of the day's trigger time left", () => {
  /** 300 names typed; other scripts of the user left `leftMs` of today's trigger time. */
  function typedNearTheQuota(leftMs: number) {
    const rows = 300;
    const world = createWorld({ emulator: { addOn: true }, credits: 1000 });
    saveSettings(world, { formulaDailyCap: 1000 });
    typeValues(
      world,
      `A2:A${rows + 1}`,
      Array.from({ length: rows }, (_, i) => [`Late Company ${i + 1}`]),
    );
    quotaLeft(world, leftMs);
    const typedAt = world.clock.now();
    enterFormula(world, 'B2', `=COMPANY_WEBSITE(A2:A${rows + 1})`);
    return { world, typedAt };
  }

  const shownRows = (world: World) => world.emu.values('Sheet1', 'B2:B301').map(([value]) => String(value));

  it.each([5, 20, 60])(
    'with %i s left: every row fills once the quota is back, with no user action',
    (left) => {
      const { world, typedAt } = typedNearTheQuota(left * SECOND);
      world.emu.runTriggersUntil(world.bundle, typedAt + 26 * HOUR);
      expect(shownRows(world).filter((text, i) => text !== `late${i + 1}.com`)).toEqual([]);
      // 300 websites at 1 credit; one answer on its way when Google stopped the run may be bought again.
      expect(spent(world)).toBeGreaterThanOrEqual(300);
      expect(spent(world)).toBeLessThanOrEqual(301);
    },
  );
});
