// A watch never overspends and never fails silently: its daily cap, the API's 402, a column
// deleted under it, a row deleted or a value typed while it looks rows up, a flood of form
// responses, and the day's trigger runtime quota. Credits are the fake API's ledger (a company
// website costs 1 credit); cell texts are literals.

import { runtimeWords } from '../../src/core/text/catalogue/sidebar/watches';
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import type { FetchRequest } from '../../tools/emulator/urlfetch';
import { createWorld, spent, typeValues, type World } from '../bundle/harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const config = (sheetName = 'Sheet1'): BulkRunConfig => ({
  sheetName,
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
});

type Intercept = (
  request: FetchRequest,
  next: () => ReturnType<World['api']['handle']>,
) => ReturnType<World['api']['handle']>;

function watched(options: { credits?: number; dailyCap?: number; intercept?: Intercept } = {}): World {
  const world = createWorld({
    emulator: { addOn: true },
    credits: options.credits ?? 1000,
    ...(options.intercept ? { intercept: options.intercept } : {}),
  });
  typeValues(world, 'A1', [['Company']]);
  sidebar(world, 'createWatch', { kind: 'lookup', config: config(), dailyCap: options.dailyCap ?? 50 });
  return world;
}

const values = (world: World, a1: string, sheet = 'Sheet1') => world.emu.values(sheet, a1);
const companies = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => [`Company ${from + i}`]);
const list = (world: World) => sidebar<WatchList>(world, 'listWatches');

describe('the daily cap', () => {
  it('stops the watch at its cap, says so in the sidebar and on the rows not done, and goes on the next day', () => {
    const world = watched({ dailyCap: 3 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 5));

    const waiting =
      'Waiting: this watch spent its daily cap of 3 credits; it goes on tomorrow, or when you raise the cap.';
    expect(values(world, 'B2:C6')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['3.com', 'Found'],
      ['', waiting],
      ['', waiting],
    ]);
    expect(spent(world)).toBe(3);
    expect(list(world).watches[0]).toMatchObject({
      state: 'capped',
      spentToday: 3,
      lastProblem:
        'Daily cap of 3 credits reached: the rows not done say so, and go on tomorrow (or raise the cap).',
    });
    // More rows the same day: nothing is bought, and they say why.
    world.emu.edit(world.bundle, 'Sheet1', 'A7', 'Company 6');
    expect(values(world, 'B7:C7')).toEqual([['', waiting]]);
    expect(spent(world)).toBe(3);

    // The next day (New York's midnight is 05:00 UTC), before any run: nothing spent today yet.
    world.clock.advance(20 * HOUR);
    expect(list(world).watches[0]).toMatchObject({ spentToday: 0 });
    // The hourly check after midnight in the spreadsheet's time zone.
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + HOUR);
    expect(values(world, 'B5:C7')).toEqual([
      ['4.com', 'Found'],
      ['5.com', 'Found'],
      ['6.com', 'Found'],
    ]);
    expect(spent(world)).toBe(6);
    expect(list(world).watches[0]).toMatchObject({ state: 'on', spentToday: 3, rowsDone: 6 });
  });

  it('goes on at once when the cap is raised', () => {
    const world = watched({ dailyCap: 1 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 2));
    expect(spent(world)).toBe(1);
    const id = list(world).watches[0]!.id;
    sidebar(world, 'updateWatch', id, { dailyCap: 10 });
    world.emu.edit(world.bundle, 'Sheet1', 'A4', 'Company 3');
    expect(values(world, 'B2:C4')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['3.com', 'Found'],
    ]);
    expect(spent(world)).toBe(3);
  });
});

describe('the API out of credits (402)', () => {
  it('pauses every watch with one notice, buys nothing more, and the top-up resumes them at the hourly check', () => {
    const world = watched({ credits: 2 });
    typeValues(world, 'A1', [['Company']], 'Leads');
    sidebar(world, 'createWatch', { kind: 'lookup', config: config('Leads'), dailyCap: 50 });

    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 4));
    // The rows it could not buy say why, and when they go on (before, their status was empty).
    const waiting =
      'Waiting: every watch is paused: the account is out of credits. It goes on once the account has credits again (checked every hour), or after a successful key test.';
    expect(values(world, 'B2:C5')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['', waiting],
      ['', waiting],
    ]);
    expect(spent(world)).toBe(2);
    const paused = list(world);
    expect(paused.notice).toMatch(
      /^Every watch is paused: .+ They go on by themselves once the account has credits again \(checked every hour\), or after a successful key test\.$/,
    );
    expect(paused.watches.map((watch) => watch.state)).toEqual(['account', 'account']);
    // The other watch buys nothing either.
    world.emu.edit(world.bundle, 'Leads', 'A2', 'Company 9');
    expect(values(world, 'B2', 'Leads')).toEqual([['']]);
    const posts = world.api.callsFor(world.key).length;

    world.api.addCredits(world.key, 100);
    // An hour, and the hour Apps Script may run the check late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);

    expect(values(world, 'B4:C5')).toEqual([
      ['3.com', 'Found'],
      ['4.com', 'Found'],
    ]);
    expect(values(world, 'B2', 'Leads')).toEqual([['9.com']]);
    expect(spent(world)).toBe(5);
    // One free question for the balance, then the three lookups.
    expect(world.api.callsFor(world.key).length - posts).toBe(4);
    expect(list(world).notice).toBeNull();
  });

  // One vocabulary for the schedule: the rows and the Watches panel name the check this spreadsheet
  // really has (an add-on's clock trigger runs every hour; a script bound to the document, as in
  // the playground, every minute).
  it.each([
    [true, 'checked every hour'],
    [false, 'checked every minute'],
  ])('words the rows by the real schedule, as the panel does (add-on: %s)', (addOn, schedule) => {
    const world = createWorld({ emulator: { addOn }, credits: 1 });
    typeValues(world, 'A1', [['Company']]);
    sidebar(world, 'createWatch', { kind: 'lookup', config: config(), dailyCap: 50 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 2));
    expect(values(world, 'C3')).toEqual([
      [
        `Waiting: every watch is paused: the account is out of credits. It goes on once the account has credits again (${schedule}), or after a successful key test.`,
      ],
    ]);
    expect(list(world).notice).toContain(
      `They go on by themselves once the account has credits again (${schedule})`,
    );
  });

  it('a successful key test resumes them', () => {
    const world = watched({ credits: 1 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 2));
    expect(list(world).notice).not.toBeNull();
    world.api.addCredits(world.key, 10);
    sidebar(world, 'testApiKey');
    expect(list(world).notice).toBeNull();
    world.emu.edit(world.bundle, 'Sheet1', 'A4', 'Company 3');
    expect(values(world, 'B3:B4')).toEqual([['2.com'], ['3.com']]);
  });
});

describe('a run that ends before its rows', () => {
  // An API answering in 30 s: the watch's run of 4 minutes ends after 6 of the 30 rows.
  it.each([
    [true, 'checked every hour'],
    [false, 'checked every minute'],
  ])('leaves the rest saying when they go on, by the real schedule (add-on: %s)', (addOn, schedule) => {
    let slow: World | null = null;
    const world = createWorld({
      emulator: { addOn },
      intercept: (_request, next) => {
        slow?.clock.advance(30_000);
        return next();
      },
    });
    slow = world;
    typeValues(world, 'A1', [['Company']]);
    sidebar(world, 'createWatch', { kind: 'lookup', config: config(), dailyCap: 500 });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 30));
    expect(values(world, 'B7:C8')).toEqual([
      ['6.com', 'Found'],
      [
        '',
        `Waiting: this watch's run ended before this row; it goes on at the next edit of this sheet, or by itself (${schedule}).`,
      ],
    ]);
  });
});

describe('a column deleted under a watch', () => {
  it('pauses it with the reason, and nothing is bought', () => {
    const world = watched();
    // Its input column goes: its output column "Website" becomes column A.
    world.emu.user.deleteColumn(world.bundle, 'Sheet1', 1);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    expect(spent(world)).toBe(0);
    expect(list(world).watches[0]).toMatchObject({
      state: 'misfit',
      lastProblem:
        'Column A was "Company" when this watch was made; it is "Website" now. A column was deleted, inserted, moved or renamed: delete this watch and set it up again, or put the column back.',
    });
  });
});

describe('people at work while a watch looks rows up', () => {
  it('a row deleted mid-run: nothing lands in the wrong row, and each row is enriched once', () => {
    let deleted = false;
    const world = watched({
      intercept: (request, next) => {
        if (!deleted && request.method.toUpperCase() === 'POST') {
          deleted = true;
          // The user deletes row 2 while the API answers (a model change: no trigger of its own here).
          world.emu.document.sheetByName('Sheet1')!.deleteRows(2, 1);
        }
        return next();
      },
    });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 3));
    expect(values(world, 'A2:C4')).toEqual([
      ['Company 2', '2.com', 'Found'],
      ['Company 3', '3.com', 'Found'],
      ['', '', ''],
    ]);
    // Company 1 was bought before its row went; the others once each.
    expect(spent(world)).toBe(3);
  });

  it('a value typed into an output cell mid-run stays, and the row is not bought again', () => {
    let typed = false;
    const world = watched({
      intercept: (request, next) => {
        if (!typed && request.method.toUpperCase() === 'POST') {
          typed = true;
          world.emu.document.sheetByName('Sheet1')!.writeInput(3, 2, 'typed by hand');
        }
        return next();
      },
    });
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies(1, 3));
    expect(values(world, 'B2:C4')).toEqual([
      ['1.com', 'Found'],
      ['typed by hand', ''],
      ['3.com', 'Found'],
    ]);
    expect(spent(world)).toBe(3);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(values(world, 'B3:C3')).toEqual([['typed by hand', '']]);
    expect(spent(world)).toBe(3);
  });
});

describe('a flood of form responses', () => {
  function formWatched(): World {
    const world = createWorld({ emulator: { addOn: true } });
    world.emu.user.linkForm('Responses', ['Company']);
    const watch = { ...config('Responses'), columns: { input: 2 } };
    sidebar(world, 'createWatch', { kind: 'lookup', config: watch, dailyCap: 50 });
    return world;
  }
  const buying = (world: World, from: number) =>
    world.emu.runtime.finished
      .slice(from)
      .filter(
        (run) => run.label.startsWith('form submit trigger') && run.calls.includes('UrlFetchApp.fetchAll'),
      );

  it('six responses landing together start one run that buys; the other triggers find nothing left', () => {
    const world = formWatched();
    const rows = [1, 2, 3, 4, 5, 6].map((i) =>
      world.emu.user.submitForm(world.bundle, { Company: `Company ${i % 4}` }, { fireTriggers: false }),
    );
    const before = world.emu.runtime.finished.length;
    world.emu.concurrently(() => {
      for (const row of rows) world.emu.user.formSubmitted(world.bundle, row);
    });
    expect(values(world, 'C2:D7', 'Responses')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['3.com', 'Found'],
      ['0.com', 'Found'],
      ['1.com', 'Found'],
      ['2.com', 'Found'],
    ]);
    expect(spent(world)).toBe(4);
    expect(buying(world, before)).toHaveLength(1);
  });

  it('a trigger that finds the lease held returns without buying; a lease left by a killed run expires', () => {
    const world = formWatched();
    // A run at work elsewhere (or killed mid-way) holds the lease for the next 5 minutes.
    const store = world.emu.globals.PropertiesService.getDocumentProperties()!;
    const key = store.getKeys().find((name) => name.startsWith('watch:'))!;
    const watch = JSON.parse(store.getProperty(key)!);
    store.setProperty(
      key,
      JSON.stringify({ ...watch, lease: { token: 'elsewhere', until: world.clock.now() + 5 * MINUTE } }),
    );
    const before = world.emu.runtime.finished.length;

    world.emu.user.submitForm(world.bundle, { Company: 'Company 7' });

    expect(buying(world, before)).toHaveLength(0);
    expect(JSON.parse(store.getProperty(key)!)).toMatchObject({ wanted: true });
    expect(values(world, 'C2', 'Responses')).toEqual([['']]);
    // The hourly check, up to an hour late (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(values(world, 'C2:D2', 'Responses')).toEqual([['7.com', 'Found']]);
    expect(spent(world)).toBe(1);
  });
});

describe("the day's trigger runtime quota", () => {
  const tally = (world: World, usedMinutes: number) =>
    world.emu.globals.PropertiesService.getUserProperties().setProperty(
      'enrich.triggerRuntime',
      JSON.stringify({ since: world.clock.now(), usedMs: usedMinutes * MINUTE }),
    );

  it('past half of it, a watch runs at most every 10 minutes for edits; the rows wait and go together', () => {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    tally(world, 50);
    world.clock.advance(MINUTE);
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 2');
    expect(values(world, 'B3')).toEqual([['']]);
    expect(runtimeWords(list(world))).toMatch(/Watches slowed down to a run every 10 minutes at most/);
    world.clock.advance(10 * MINUTE);
    world.emu.edit(world.bundle, 'Sheet1', 'A4', 'Company 3');
    expect(values(world, 'B3:B4')).toEqual([['2.com'], ['3.com']]);
    expect(spent(world)).toBe(3);
  });

  // Past 80 % watches run only when the clock check does: the words say how often that is here.
  it.each([
    [true, 'checked every hour'],
    [false, 'checked every minute'],
  ])(
    'past 80 %% of it, says watches wait for the check, by its real schedule (add-on: %s)',
    (addOn, schedule) => {
      const world = createWorld({ emulator: { addOn } });
      typeValues(world, 'A1', [['Company']]);
      sidebar(world, 'createWatch', { kind: 'lookup', config: config(), dailyCap: 50 });
      tally(world, 75);
      expect(runtimeWords(list(world))).toMatch(
        new RegExp(
          `Watches now wait for the timed check \\(${schedule}\\): 83 % of today's trigger time used\\.$`,
        ),
      );
    },
  );

  it('near the quota, watches wait for its day to end, and no trigger fails for want of time', () => {
    const world = watched();
    tally(world, 87);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 3 * HOUR);
    expect(values(world, 'B2')).toEqual([['']]);
    expect(spent(world)).toBe(0);
    expect(runtimeWords(list(world))).toMatch(/Watches wait: .* They go on when the quota's day ends\.$/);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 22 * HOUR);
    expect(values(world, 'B2')).toEqual([['1.com']]);
    expect(world.emu.triggerRuns.every((run) => run.error === null)).toBe(true);
  });
});
