// A queued cell's promise names the execution that keeps it (issue 30): when the key, the account,
// the daily budget, the sheet's name or a freeze ends the work, the cells say so the next time the
// add-on runs, and the Jobs panel agrees with them. The fake API's data: "Company 17" is on
// 17.com, 1 credit a website (the spec's table); the key at 10 requests a second.
import type { CollectorProgress, JobsList } from '../../src/shared/jobs-rpc';
import {
  createWorld,
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  spent,
  typeValues,
  type World,
} from './harness';

const QUEUED = 'Queued: 276 lookups will fill in within about a minute.';
const NO_KEY = 'Error: Set your API key: Extensions > Enrich for Sheets > Open sidebar.';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

/**
 * B2 holds =COMPANY_WEBSITE(A2:A501), typed while its edit's trigger has not run: its 30 s bought
 * 224 websites and queued the other 276.
 */
function queuedWorld(addOn = false): World {
  const world = createWorld({ plan: 10, credits: 5_000, emulator: { addOn } });
  saveSettings(world, { formulaDailyCap: 5_000 });
  typeValues(world, 'A1', [['Company']]);
  typeValues(
    world,
    'A2:A501',
    Array.from({ length: 500 }, (_, i) => [`Company ${i + 1}`]),
  );
  enterFormulaBeforeItsTrigger(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
  expect(spent(world)).toBe(224);
  expect(others(shown(world))).toEqual({ [QUEUED]: 276 });
  return world;
}

const shown = (world: World, sheet = 'Sheet1') =>
  world.emu.spreadsheet
    .getSheetByName(sheet)!
    .getRange(2, 2, 500, 1)
    .getValues()
    .map(([value]) => String(value));
const answered = (texts: readonly string[]) => texts.filter((text, i) => text === `${i + 1}.com`).length;
/** What the rows show other than their answers, each text with how many rows show it. */
function others(texts: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  texts.forEach((text, i) => {
    if (text !== `${i + 1}.com`) counts[text] = (counts[text] ?? 0) + 1;
  });
  return counts;
}

describe('a queued promise the key or the account ends', () => {
  it('says the key is missing once the key is removed, and spends nothing more', () => {
    const world = queuedWorld();
    sidebar(world, 'clearApiKey');
    expect(world.emu.cell('Sheet1', 'B2').error?.message).toBe(NO_KEY);
    expect(shown(world).filter((text) => text.startsWith('Queued:'))).toEqual([]);
    expect(spent(world)).toBe(224);
  });

  it('says the key is missing at the next edit once the key was removed in another spreadsheet', () => {
    const world = queuedWorld();
    // The key lives in the user's properties: removing it in another file deletes it here too,
    // and no execution of this file heard of it.
    world.emu.properties.getUserProperties().deleteProperty('enrich.apiKey');
    world.emu.edit(world.bundle, 'Sheet1', 'D1', 'notes');
    expect(world.emu.cell('Sheet1', 'B2').error?.message).toBe(NO_KEY);
    expect(shown(world).filter((text) => text.startsWith('Queued:'))).toEqual([]);
    expect(spent(world)).toBe(224);
  });

  it("says its lookups were not sent once another account's key replaces the key", () => {
    const world = queuedWorld();
    const other = world.api.createAccount({ credits: 1_000 });
    sidebar(world, 'setApiKey', other, 'user');
    expect(others(shown(world))).toEqual({
      'Not sent: the API key was replaced before these lookups were sent. Type the formula again to look them up with the new key; no credits were spent on them.': 500,
    });
    expect(spent(world)).toBe(224);
    // The new key's test lookup (1 credit), and nothing else.
    expect(world.api.spent(other)).toBe(1);
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
    // Typed again (cleared first: Sheets ignores a formula typed over itself), the new key buys.
    world.emu.edit(world.bundle, 'Sheet1', 'B2', '');
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
    expect(answered(shown(world))).toBe(500);
    expect(world.api.spent(other)).toBe(501);
    expect(spent(world)).toBe(224);
  });
});

describe('a queued promise the budget, the sheet or a freeze ends', () => {
  it('says the daily budget stopped the rest when the sidebar reaches it', () => {
    const world = queuedWorld();
    saveSettings(world, { formulaDailyCap: 250 });
    sidebar<CollectorProgress>(world, 'collectJobsFromSidebar');
    const texts = shown(world);
    expect(spent(world)).toBe(250);
    expect(answered(texts)).toBe(250);
    expect(others(texts)).toEqual({
      'Error: Daily formula budget of 250 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)': 250,
    });
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
  });

  it('follows the budget from the moment it is lowered below what was spent, the next day too', () => {
    // Installed as an add-on: the clock trigger runs hourly.
    const world = queuedWorld(true);
    const REACHED =
      'Error: Daily formula budget of 200 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)';

    saveSettings(world, { formulaDailyCap: 200 });
    expect(others(shown(world))).toEqual({ [REACHED]: 276 });
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
    sidebar<CollectorProgress>(world, 'collectJobsFromSidebar');
    expect(others(shown(world))).toEqual({ [REACHED]: 276 });
    expect(spent(world)).toBe(224);

    // The rest of the day, the hourly check buys nothing; once the day turns, it buys what the
    // new day's budget allows (200 of the 276 websites, 1 credit each) and enters the formula
    // again: the rows left say, truly again, that the day's budget is reached.
    const HOUR = 3_600_000;
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 24 * HOUR);
    expect(spent(world)).toBe(424);
    expect(answered(shown(world))).toBe(424);
    expect(others(shown(world))).toEqual({ [REACHED]: 76 });
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
    // And the day after, the last 76, with no edit, no opening and no sidebar.
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 24 * HOUR);
    expect(spent(world)).toBe(500);
    expect(answered(shown(world))).toBe(500);
    expect(others(shown(world))).toEqual({});
  });

  it.each([
    ['after', false],
    ['before', true],
  ])(
    "answers the next day a formula the day's budget refused in its own run (its trigger %s it)",
    (_, triggersFirst) => {
      // Installed as an add-on: the clock trigger runs hourly. The day's budget of 2 credits is
      // spent by two websites; a formula typed then is refused by its own run, queued nowhere.
      const world = createWorld({ plan: 10, credits: 5_000, emulator: { addOn: true } });
      saveSettings(world, { formulaDailyCap: 2 });
      typeValues(world, 'A2:A5', [['Company 2'], ['Company 3'], ['Company 4'], ['Company 5']]);
      enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A3)');
      expect(spent(world)).toBe(2);
      enterFormula(world, 'B5', '=COMPANY_WEBSITE(A5)', 'Sheet1', { triggersFirst });
      expect(world.emu.cell('Sheet1', 'B5').error?.message).toBe(
        'Error: Daily formula budget of 2 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)',
      );
      expect(spent(world)).toBe(2);
      expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);

      // The rest of the day nothing is bought; once the day turns, the hourly check buys it within
      // the new day's budget (1 credit) and enters the formula again, with no edit, opening or sidebar.
      world.emu.runTriggersUntil(world.bundle, world.clock.now() + 24 * 3_600_000);
      expect(world.emu.cell('Sheet1', 'B5').value).toBe('5.com');
      expect(spent(world)).toBe(3);
    },
  );

  it('keeps nothing for the next day when formulas may not spend at all', () => {
    // A budget of 0 refuses every day: no hourly check is turned on for it.
    const world = createWorld({ plan: 10, credits: 5_000, emulator: { addOn: true } });
    saveSettings(world, { formulaDailyCap: 0 });
    typeValues(world, 'A5', [['Company 5']]);
    enterFormula(world, 'B5', '=COMPANY_WEBSITE(A5)');
    expect(world.emu.cell('Sheet1', 'B5').error?.message).toBe(
      'Error: Formulas may not spend credits: the daily formula budget is 0 (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    expect(world.emu.triggers.triggers.filter((trigger) => trigger.handler === 'runJobPump')).toEqual([]);
    expect(spent(world)).toBe(0);
  });

  it('finishes a queued range whose sheet was renamed', () => {
    const world = queuedWorld();
    world.emu.user.renameSheet(world.bundle, 'Sheet1', 'Leads');
    for (let i = 0; i < 3; i++) sidebar<CollectorProgress>(world, 'collectJobsFromSidebar');
    expect(answered(shown(world, 'Leads'))).toBe(500);
    expect(spent(world)).toBe(500);
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
  });

  it('says frozen cells were not sent, and drops their queue', () => {
    const world = queuedWorld();
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B2').activate();
    world.emu.runMenuItem(world.bundle, 'Freeze results as values');
    const texts = shown(world);
    expect(answered(texts)).toBe(224);
    expect(others(texts)).toEqual({
      'Not sent: frozen as a value before this lookup was sent. Type the formula again to look it up; no credits were spent on it.': 276,
    });
    expect(sidebar<JobsList>(world, 'listJobs').queued).toEqual([]);
    sidebar<CollectorProgress>(world, 'collectJobsFromSidebar');
    expect(spent(world)).toBe(224);
  });
});

describe('the Jobs panel agrees with the cells', () => {
  it('never says nothing is pending while a formula still waits', () => {
    const world = queuedWorld();
    const jobs = sidebar<JobsList>(world, 'listJobs');
    expect(jobs.queued.map((queued) => queued.lookupsText)).toEqual([
      "276 lookups, about a minute at the API's pace of 10 a second",
    ]);
    const progress = sidebar<CollectorProgress>(world, 'collectJobsFromSidebar');
    const left = /^(\d+) queued formula lookups still to fill in \(1 formula\)\.$/.exec(progress.summary);
    expect(left).not.toBeNull();
    expect(progress.pending).toBe(1);
    const after = sidebar<JobsList>(world, 'listJobs');
    expect(after.queued.map((queued) => queued.lookupsText.split(',')[0])).toEqual([`${left![1]} lookups`]);
  });
});
