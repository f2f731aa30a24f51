// Watches end to end: the built add-on in the emulator, as an editor add-on, against the fake API.
// Rows arrive as people and tools bring them (typed, pasted, inserted, sent by a form, written by
// another script) and each is enriched once, by the trigger Sheets fires for it or, for writes
// that fire none, by the hourly check. Credits are the fake API's ledger; cell texts are literals
// from its data (a "Company N" is on N.com, company_name_to_website costs 1 credit).

import { runtimeWords } from '../../src/core/text/catalogue/sidebar/watches';
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, sidebar, spent, typeValues, type World } from './harness';

const HOUR = 60 * 60_000;
const STATUS = 'Status (Website from company name)';

function websiteConfig(sheetName = 'Sheet1'): BulkRunConfig {
  return {
    sheetName,
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
}

function watched(options: { credits?: number; dailyCap?: number } = {}): World {
  const world = createWorld({ plan: 10, emulator: { addOn: true }, credits: options.credits ?? 1000 });
  typeValues(world, 'A1', [['Company']]);
  sidebar<WatchList>(world, 'createWatch', {
    kind: 'lookup',
    config: websiteConfig(),
    dailyCap: options.dailyCap ?? 50,
  });
  return world;
}

const rows = (world: World, a1: string) => world.emu.values('Sheet1', a1);
const handlers = (w: World) => w.emu.triggers.triggers.map((t) => `${t.handler}:${t.eventType}`).sort();

describe('a watch', () => {
  it('is made from the bulk panel setup: its columns, its triggers, and the list shows it', () => {
    const world = watched();
    expect(rows(world, 'A1:C1')).toEqual([['Company', 'Website', STATUS]]);
    expect(handlers(world)).toEqual([
      'collectOnEdit:ON_EDIT',
      'collectOnOpen:ON_OPEN',
      'runJobPump:CLOCK',
      'watchOnChange:ON_CHANGE',
    ]);
    const list = sidebar<WatchList>(world, 'listWatches');
    expect(list.watches).toEqual([
      expect.objectContaining({
        label: 'Website from company name',
        sheetName: 'Sheet1',
        columns: `Company (A) -> Website (B), ${STATUS} (C)`,
        on: true,
        state: 'on',
        dailyCap: 50,
        spentToday: 0,
        rowsDone: 0,
        lastRunAt: null,
        lastProblem: null,
      }),
    ]);
  });

  it('enriches a typed row once, through the Edit trigger', () => {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 7');
    expect(rows(world, 'A2:C2')).toEqual([['Company 7', '7.com', 'Found']]);
    expect(spent(world)).toBe(1);
    world.emu.edit(world.bundle, 'Sheet1', 'D2', 'a note');
    expect(spent(world)).toBe(1);
    expect(world.emu.triggerRuns.every((run) => run.error === null)).toBe(true);
  });

  it('is named as the buyer in the spend report, its credits counted with the bulk runs in Spending', () => {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 7');
    expect(spent(world)).toBe(1);
    const report = sidebar<{ rows: number; credits: number }>(world, 'openSpendReport', 'today');
    expect(report).toMatchObject({ rows: 1, credits: 1 });
    expect(world.emu.values('Enrich spend report', 'B7:G7')).toEqual([
      ['Watch', 'Website from company name', 'Company 7', '1', 'Found', 'Sheet1!B2:C2'],
    ]);
    expect(sidebar<{ bySource: unknown }>(world, 'getLedger').bySource).toEqual({
      formulas: 0,
      bulk: 1,
      keyTests: 0,
      refresh: 0,
    });
  });

  it('enriches a pasted block once: one watch run, in slices, each distinct input bought once', () => {
    const world = watched({ dailyCap: 1000 });
    // 500 rows, 400 distinct companies: the last 100 repeat the first 100.
    const companies = Array.from({ length: 500 }, (_, i) => [`Company ${i % 400}`]);
    const before = world.emu.runtime.finished.length;

    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', companies);

    expect(rows(world, 'B2:C2')).toEqual([['0.com', 'Found']]);
    expect(rows(world, 'B401:C401')).toEqual([['399.com', 'Found']]);
    expect(rows(world, 'A501:C501')).toEqual([['Company 99', '99.com', 'Found']]);
    expect(spent(world)).toBe(400);
    const runs = world.emu.runtime.finished.slice(before);
    // The Edit trigger did the work; the paste's Change event (EDIT) returned at once.
    const working = runs.filter((run) => run.calls.includes('UrlFetchApp.fetchAll'));
    expect(working.map((run) => run.label)).toEqual(['edit trigger collectOnEdit']);
    expect(runs.find((run) => run.label === 'change trigger watchOnChange')?.calls).toEqual([]);
    // Slices of at most 400 rows, each writing before the next begins.
    const writes = working[0]!.calls.filter((call) => call === 'Range.setValues');
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const list = sidebar<WatchList>(world, 'listWatches');
    expect(list.watches[0]).toMatchObject({ spentToday: 400, rowsDone: 500, lastProblem: null });
    // Its last run in the spreadsheet's time zone, which the list names (09:00 UTC is 04:00 there).
    expect(list.watches[0]!.lastRunAt).toMatch(/^Jan 6, 04:0\d$/);
    expect(list.timeZone).toBe('America/New_York');
  });

  it('enriches rows inserted with their content through the Change trigger (INSERT_ROW), and no Edit', () => {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    world.emu.user.insertRows(world.bundle, 'Sheet1', 1, [['Company 2'], ['Company 3']]);
    expect(rows(world, 'A2:C4')).toEqual([
      ['Company 2', '2.com', 'Found'],
      ['Company 3', '3.com', 'Found'],
      ['Company 1', '1.com', 'Found'],
    ]);
    expect(spent(world)).toBe(3);
    expect(world.emu.triggerRuns.map((run) => run.kind)).toEqual([
      'edit trigger',
      'change trigger',
      'change trigger',
    ]);
  });

  it('enriches a form response once through the Form-submit trigger', () => {
    const world = createWorld({ emulator: { addOn: true } });
    world.emu.user.linkForm('Form Responses 1', ['Name', 'Company']);
    const config = { ...websiteConfig('Form Responses 1'), columns: { input: 3 } };
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config, dailyCap: 20 });
    expect(handlers(world)).toContain('watchOnFormSubmit:ON_FORM_SUBMIT');

    const row = world.emu.user.submitForm(world.bundle, { Name: 'Ada Lovelace', Company: 'Company 12' });
    world.emu.user.submitForm(world.bundle, { Name: 'Grace Hopper', Company: 'Company 12' });

    expect(row).toBe(2);
    expect(world.emu.values('Form Responses 1', 'C1:E3')).toEqual([
      ['Company', 'Website', STATUS],
      ['Company 12', '12.com', 'Found'],
      ['Company 12', '12.com', 'Found'],
    ]);
    expect(spent(world)).toBe(1);
  });

  it('enriches rows another script wrote, which fire no trigger, at the hourly check', () => {
    const world = watched();
    const runsBefore = world.emu.triggerRuns.length;
    // The Sheets API or another script: a write outside any trigger's sight.
    typeValues(world, 'A2:A3', [['Company 30'], ['Company 31']]);
    expect(world.emu.triggerRuns).toHaveLength(runsBefore);
    expect(rows(world, 'B2:B3')).toEqual([[''], ['']]);

    // An hour, and the hour Apps Script may run the check late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);

    expect(rows(world, 'A2:C3')).toEqual([
      ['Company 30', '30.com', 'Found'],
      ['Company 31', '31.com', 'Found'],
    ]);
    expect(spent(world)).toBe(2);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(spent(world)).toBe(2);
  });

  it('never buys the header, a blank or an invalid input, and saved answers are free', () => {
    const world = watched();
    // Already paid for by a formula: free for the watch.
    world.emu.runCustomFunction(world.bundle, 'COMPANY_WEBSITE', ['Company 5']);
    expect(spent(world)).toBe(1);
    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', [['Company 5'], [''], ['ada@acme.com'], ['#N/A']]);
    expect(rows(world, 'B2:C5')).toEqual([
      ['5.com', 'Found'],
      ['', ''],
      [
        '',
        'Invalid input: This is an email address; Website from company name needs a company name. For an email address, use "Profile URL from email".',
      ],
      [
        '',
        'Invalid input: This is an error value (#N/A), which costs nothing: fix the cell it comes from; Website from company name needs a company name.',
      ],
    ]);
    expect(rows(world, 'A1:C1')).toEqual([['Company', 'Website', STATUS]]);
    expect(spent(world)).toBe(1);
  });
});

describe('a watch at its daily cap', () => {
  const CAPPED =
    'Waiting: this watch spent its daily cap of 2 credits; it goes on tomorrow, or when you raise the cap.';

  it('still fills the rows whose answers are saved, for nothing; the others wait for tomorrow', () => {
    const world = watched({ dailyCap: 2 });
    // Formulas paid for Company 3 and Company 6 (1 credit each).
    world.emu.runCustomFunction(world.bundle, 'COMPANY_WEBSITE', ['Company 3']);
    world.emu.runCustomFunction(world.bundle, 'COMPANY_WEBSITE', ['Company 6']);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 2');
    world.emu.edit(world.bundle, 'Sheet1', 'A4', 'Company 4');
    expect(rows(world, 'B2:C4')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['', CAPPED],
    ]);
    expect(spent(world)).toBe(4);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'capped',
      spentToday: 2,
    });

    world.emu.edit(world.bundle, 'Sheet1', 'A5', 'Company 3');
    // A paste: a row the cap leaves, then a saved one.
    world.emu.user.paste(world.bundle, 'Sheet1', 'A6', [['Company 5'], ['Company 6']]);
    expect(rows(world, 'B5:C7')).toEqual([
      ['3.com', 'Found'],
      ['', CAPPED],
      ['6.com', 'Found'],
    ]);
    expect(spent(world)).toBe(4);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'capped',
      spentToday: 2,
      lastProblem:
        'Daily cap of 2 credits reached: the rows not done say so, and go on tomorrow (or raise the cap).',
    });

    // The next day the rows left are bought, within the new day's cap.
    world.clock.advance(24 * HOUR);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + HOUR);
    expect(rows(world, 'B4:C7')).toEqual([
      ['4.com', 'Found'],
      ['3.com', 'Found'],
      ['5.com', 'Found'],
      ['6.com', 'Found'],
    ]);
    expect(spent(world)).toBe(6);
  });
});

describe("a watch whose daily cap is below one lookup's price", () => {
  /** An employee list costs 0.5 a returned employee: 25 by default, so up to 12.5 credits a row. */
  const BELOW =
    "Waiting: this watch's daily cap of 5 credits is below one lookup's price (up to 12.5 credits): raise the cap to at least 12.5.";

  it('says so with the figures on its rows and in the Watches panel, never that it goes on tomorrow', () => {
    const world = createWorld({ plan: 10, emulator: { addOn: true } });
    typeValues(world, 'A1', [['Company']]);
    const config = { ...websiteConfig(), type: 'company_name_to_employees' } as BulkRunConfig;
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config, dailyCap: 5 });

    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Acme Corporation');
    expect(world.emu.values('Sheet1', 'C2')).toEqual([[BELOW]]);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'below',
      spentToday: 0,
      lastProblem:
        "Daily cap of 5 credits is below one lookup's price (up to 12.5 credits): nothing can be bought until you raise the cap to at least 12.5.",
    });

    // The next day is no different: nothing is bought, and no row promises otherwise.
    world.clock.advance(24 * HOUR);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + HOUR);
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Initech');
    expect(world.emu.values('Sheet1', 'C2:C3')).toEqual([[BELOW], [BELOW]]);
    expect(spent(world)).toBe(0);
  });

  it('names the bound of its max: 4 employees are up to 2 credits', () => {
    const world = createWorld({ plan: 10, emulator: { addOn: true } });
    typeValues(world, 'A1', [['Company']]);
    const config = {
      ...websiteConfig(),
      type: 'company_name_to_employees',
      options: { max: 4 },
    } as BulkRunConfig;
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config, dailyCap: 1.5 });
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Acme Corporation');
    expect(world.emu.values('Sheet1', 'C2')).toEqual([
      [
        "Waiting: this watch's daily cap of 1.5 credits is below one lookup's price (up to 2 credits): raise the cap to at least 2.",
      ],
    ]);
    expect(spent(world)).toBe(0);
  });
});

describe('a watch of a name lookup, and of a recipe', () => {
  const nameConfig: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'lead_full_name_to_email',
    columns: { input: 1, company: 2 },
    output: { mode: 'primary' },
  };

  it('waits for the company of a name typed first, then buys the row once, with it', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Full name', 'Company']]);
    sidebar(world, 'createWatch', { kind: 'lookup', config: nameConfig, dailyCap: 50 });
    // Its summary names every column it reads: the company too.
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]?.columns).toBe(
      'Full name (A), Company (B) -> Email (C), Status (Email from name) (D)',
    );

    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Ada Lovelace');
    expect(rows(world, 'C2:D2')).toEqual([['', '']]);
    expect(spent(world)).toBe(0);

    world.emu.edit(world.bundle, 'Sheet1', 'B2', 'Ironworks');
    expect(rows(world, 'A1:D2')).toEqual([
      ['Full name', 'Company', 'Email', 'Status (Email from name)'],
      ['Ada Lovelace', 'Ironworks', 'ada.lovelace@ironworks.com', 'Found'],
    ]);
    // An email from a name costs 7 credits; the company went with the name.
    expect(spent(world)).toBe(7);
    expect(world.api.callsFor(world.key).map((call) => call.input)).toEqual(['Ada Lovelace Ironworks']);
  });

  it('takes names typed first and companies after, each with its company; one left without, at the second hourly check', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Full name', 'Company']]);
    sidebar(world, 'createWatch', { kind: 'lookup', config: nameConfig, dailyCap: 50 });
    for (const [cell, name] of [
      ['A2', 'Ada Lovelace'],
      ['A3', 'Grace Hopper'],
      ['A4', 'Alan Turing'],
    ])
      world.emu.edit(world.bundle, 'Sheet1', cell!, name!);
    world.emu.edit(world.bundle, 'Sheet1', 'B2', 'Ironworks');
    world.emu.edit(world.bundle, 'Sheet1', 'B3', 'Acme Corporation');
    expect(world.api.callsFor(world.key).map((call) => call.input)).toEqual([
      'Ada Lovelace Ironworks',
      'Grace Hopper Acme Corporation',
    ]);
    expect(rows(world, 'C4')).toEqual([['']]);
    // The first hourly check finds the row without its company, and leaves it: it may be half-typed.
    // (Each check runs when Apps Script chooses, up to an hour after the hour, T5.)
    world.emu.runTriggersUntil(world.bundle, world.emu.triggers.nextRunAt()!);
    expect(rows(world, 'C4:D4')).toEqual([['', '']]);
    expect(spent(world)).toBe(14);
    // An hour later it is still so: left without, it is bought from the name alone.
    world.emu.runTriggersUntil(world.bundle, world.emu.triggers.nextRunAt()!);
    expect(world.api.callsFor(world.key).map((call) => call.input)).toEqual([
      'Ada Lovelace Ironworks',
      'Grace Hopper Acme Corporation',
      'Alan Turing',
    ]);
    expect(rows(world, 'A4:D4')).toEqual([
      ['Alan Turing', '', 'alan.turing@brightworksanalytics.com', 'Found'],
    ]);
    expect(spent(world)).toBe(21);
  });

  it('never buys a name typed just before the hourly check without the company typed just after', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Full name', 'Company']]);
    sidebar(world, 'createWatch', { kind: 'lookup', config: nameConfig, dailyCap: 50 });
    const check = world.emu.triggers.nextRunAt()!;
    world.emu.runTriggersUntil(world.bundle, check - 40_000);

    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Ada Lovelace');
    world.emu.runTriggersUntil(world.bundle, check + 20_000);
    expect(world.emu.triggerRuns.map((run) => run.kind)).toContain('time-driven trigger');
    expect(rows(world, 'C2:D2')).toEqual([['', '']]);
    expect(spent(world)).toBe(0);

    world.emu.edit(world.bundle, 'Sheet1', 'B2', 'Ironworks');
    expect(rows(world, 'A2:D2')).toEqual([
      ['Ada Lovelace', 'Ironworks', 'ada.lovelace@ironworks.com', 'Found'],
    ]);
    // An email from a name costs 7 credits, bought once, with its company.
    expect(spent(world)).toBe(7);
    expect(world.api.callsFor(world.key).map((call) => call.input)).toEqual(['Ada Lovelace Ironworks']);
  });

  it('runs a recipe on the rows that arrive: each step, its fallbacks only where needed', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1:B1', [['Full name', 'Company']]);
    const config = {
      recipeId: 'email-from-name',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { fullName: 1, company: 2 },
    };
    sidebar(world, 'createWatch', { kind: 'recipe', config, dailyCap: 50 });

    world.emu.user.paste(world.bundle, 'Sheet1', 'A2', [
      ['Ada Lovelace', 'Ironworks'],
      ['Nobody Atall', 'Acme Corporation'],
    ]);

    expect(rows(world, 'A1:G3')).toEqual([
      [
        'Full name',
        'Company',
        'Email',
        'Status (Email from name)',
        'Pronet URL',
        'Status (Profile URL from name)',
        'Status (Email from profile)',
      ],
      ['Ada Lovelace', 'Ironworks', 'ada.lovelace@ironworks.com', 'Found', '', '', ''],
      [
        'Nobody Atall',
        'Acme Corporation',
        '',
        'Not found',
        '',
        'Not found',
        'Skipped: "Profile URL from name" found nothing to look up from.',
      ],
    ]);
    // Two emails from names (7 each, a miss charged too), one profile URL from a name (1).
    expect(spent(world)).toBe(15);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      label: 'Email from name',
      spentToday: 15,
      rowsDone: 2,
    });
  });
});

describe('a watch whose column was renamed', () => {
  const MISFIT =
    'Column A was "Company" when this watch was made; it is "Employer" now. A column was deleted, inserted, moved or renamed: delete this watch and set it up again, or put the column back.';

  /** The header of the watched column renamed, then a row typed: the watch pauses, buying nothing. */
  function renamed(): World {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A1', 'Employer');
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 1');
    expect(rows(world, 'A2:C2')).toEqual([['Company 1', '', '']]);
    expect(spent(world)).toBe(0);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'misfit',
      lastProblem: MISFIT,
    });
    return world;
  }

  it('goes on when the user gives the column its name back, and buys the rows typed meanwhile', () => {
    const world = renamed();
    world.emu.edit(world.bundle, 'Sheet1', 'A1', 'Company');
    expect(rows(world, 'A1:C2')).toEqual([
      ['Company', 'Website', STATUS],
      ['Company 1', '1.com', 'Found'],
    ]);
    expect(spent(world)).toBe(1);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'on',
      lastProblem: null,
    });
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 2');
    expect(rows(world, 'A3:C3')).toEqual([['Company 2', '2.com', 'Found']]);
    expect(spent(world)).toBe(2);
  });

  it('goes on at the hourly check when a script gave the name back, which fires no trigger', () => {
    const world = renamed();
    typeValues(world, 'A1', [['Company']]);
    // An hour, and the hour Apps Script may run the check late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(rows(world, 'A2:C2')).toEqual([['Company 1', '1.com', 'Found']]);
    expect(spent(world)).toBe(1);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({ state: 'on' });
  });

  it('stays paused while the column has another name, and buys nothing', () => {
    const world = renamed();
    world.emu.edit(world.bundle, 'Sheet1', 'A1', 'Company name');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + HOUR);
    expect(rows(world, 'B2:C2')).toEqual([['', '']]);
    expect(spent(world)).toBe(0);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      state: 'misfit',
      lastProblem: MISFIT.replace('"Employer"', '"Company name"'),
    });
  });
});

describe('the Watches list', () => {
  it('switches a watch off and on, changes its cap, deletes it, and the last one takes its triggers along', () => {
    const world = watched();
    const id = sidebar<WatchList>(world, 'listWatches').watches[0]!.id;

    const off = sidebar<WatchList>(world, 'updateWatch', id, { on: false });
    expect(off.watches[0]).toMatchObject({ on: false, state: 'off' });
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 8');
    expect(rows(world, 'B2')).toEqual([['']]);
    expect(spent(world)).toBe(0);

    sidebar<WatchList>(world, 'updateWatch', id, { on: true, dailyCap: 75 });
    world.emu.edit(world.bundle, 'Sheet1', 'A3', 'Company 9');
    // The row typed while it was off is taken too: its output is empty.
    expect(rows(world, 'B2:B3')).toEqual([['8.com'], ['9.com']]);
    expect(sidebar<WatchList>(world, 'listWatches').watches[0]).toMatchObject({
      dailyCap: 75,
      spentToday: 2,
      rowsDone: 2,
    });

    expect(() => sidebar(world, 'updateWatch', id, { dailyCap: 0 })).toThrow(
      'A watch needs a daily credit cap: how many credits it may spend a day (more than 0).',
    );
    const gone = sidebar<WatchList>(world, 'deleteWatch', id);
    expect(gone.watches).toEqual([]);
    expect(handlers(world)).toEqual(['collectOnEdit:ON_EDIT', 'collectOnOpen:ON_OPEN']);
  });

  it('goes with the key: its triggers are removed, and come back when a key is saved', () => {
    const world = watched();
    sidebar(world, 'clearApiKey');
    expect(handlers(world)).toEqual(['runJobPump:CLOCK']);
    // The hourly check finds no key and stops itself (up to an hour late, T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(handlers(world)).toEqual([]);
    sidebar(world, 'setApiKey', world.key, 'user');
    expect(handlers(world)).toEqual([
      'collectOnEdit:ON_EDIT',
      'collectOnOpen:ON_OPEN',
      'runJobPump:CLOCK',
      'watchOnChange:ON_CHANGE',
    ]);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 4');
    expect(rows(world, 'B2')).toEqual([['4.com']]);
  });

  it('refuses a watch without a daily cap', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1', [['Company']]);
    expect(() => sidebar(world, 'createWatch', { kind: 'lookup', config: websiteConfig() })).toThrow(
      'A watch needs a daily credit cap: how many credits it may spend a day (more than 0).',
    );
  });

  it("shows today's share of the trigger runtime quota", () => {
    const world = watched();
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 7');
    const listed = sidebar<WatchList>(world, 'listWatches');
    const { runtime } = listed;
    const used = world.emu.triggerQuota.usedMs('owner@example.com', world.clock.now());
    expect(runtime.quotaMinutes).toBe(90);
    // The add-on counts the triggers that did work, and what its own bookkeeping takes.
    expect(runtime.usedMinutes).toBeCloseTo(used / 60_000, 1);
    expect(runtimeWords(listed)).toMatch(/^Trigger time today: [\d.]+ of 90 minutes \(0 %\)/);
  });
});
