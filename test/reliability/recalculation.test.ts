// Big ranges finish by themselves under Sheets' real recalculation (assumption X3): a formula runs
// when it is entered and when an argument changes, never again on its own. What it cannot buy in
// its 30 s is queued and bought by the add-on's own executions (the Edit trigger of the edit that
// typed it first), which then enter it again. Credits are the spec's 1 per company website.
import type { JobsList } from '../../src/shared/jobs-rpc';
import {
  createWorld,
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  spent,
  typeValues,
  type World,
} from '../bundle/harness';

const MINUTE = 60_000;
const companies = (n: number) => Array.from({ length: n }, (_, i) => [`Range Company ${i + 1}`]);
/** A queued cell: a time when the typing edit keeps it, else what will go on with the work. */
const QUEUED =
  /^Queued: \d+ lookups?( will fill in within about (a minute|\d+ minutes)\.|, not sent yet \(about [\d,]+ minutes at the API's pace of [\d.]+ a second\)\. Each edit or opening of this file sends more, 6 minutes at a time, and so does the open sidebar; .*)$/;

/** `latest`: the hourly trigger runs the latest Google allows, an hour after each hour (T5). */
function rangeWorld(rows: number, clockTriggerDelay?: 'latest'): World {
  const emulator = clockTriggerDelay ? { addOn: true, clockTriggerDelay } : { addOn: true };
  const world = createWorld({ plan: 10, credits: 20_000, emulator });
  saveSettings(world, { formulaDailyCap: 20_000 });
  typeValues(world, `A2:A${rows + 1}`, companies(rows));
  return world;
}

/** B2 down: what the user sees. */
const shownRange = (world: World, rows: number) =>
  world.emu.values('Sheet1', `B2:B${rows + 1}`).map((row) => String(row[0]));
const unanswered = (texts: readonly string[]) => texts.filter((text) => !/\.com$/.test(text));
const sidebar = (world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' });
const evaluations = (world: World) =>
  world.emu.runtime.finished.filter((run) => run.label.startsWith('=')).length;

describe.each([
  ['the formula runs first', false],
  ['its edit trigger runs first', true],
])('a range of 500 new names typed once and left alone (%s)', (_order, triggersFirst) => {
  it('completes within 10 minutes, each name bought once, with no #ERROR! at any step', () => {
    const world = rangeWorld(500);
    const startedAt = world.clock.now();
    const first = enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)', 'Sheet1', { triggersFirst });
    expect(first.error).toBeNull();
    const texts = first.values.map((row) => String(row[0]));
    expect(texts.every((text) => /\.com$/.test(text) || QUEUED.test(text))).toBe(true);

    world.emu.runTriggersUntil(world.bundle, startedAt + 10 * MINUTE);

    expect(unanswered(shownRange(world, 500))).toEqual([]);
    expect(spent(world)).toBe(500);
    expect(world.emu.cell('Sheet1', 'B2').formula).toBe('=COMPANY_WEBSITE(A2:A501)');
  });
});

describe('a range of 5,000 new names typed once', () => {
  it('never ends in #ERROR! and says how many are queued; the edit trigger buys them at the pace', () => {
    const world = rangeWorld(5000);
    const first = enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5001)');
    expect(first.error).toBeNull();
    const queued = first.values.map((row) => String(row[0])).filter((text) => QUEUED.test(text));
    expect(queued.length).toBeGreaterThan(4000);
    // The typing edit's trigger has its 6 minutes: the cells now show its progress, never an error.
    const after = shownRange(world, 5000);
    expect(after.filter((text) => text === '#ERROR!' || text.startsWith('Error'))).toEqual([]);
    expect(unanswered(after).length).toBeLessThan(queued.length);
    expect(unanswered(after).every((text) => QUEUED.test(text))).toBe(true);
  });

  it('completes while the user edits elsewhere every minute, each name bought once', () => {
    const world = rangeWorld(5000);
    const startedAt = world.clock.now();
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5001)');
    for (let minute = 1; minute <= 30 && unanswered(shownRange(world, 5000)).length > 0; minute++) {
      world.clock.advanceTo(Math.max(world.clock.now(), startedAt + minute * MINUTE));
      world.emu.edit(world.bundle, 'Sheet1', 'D1', `note ${minute}`);
    }
    expect(unanswered(shownRange(world, 5000))).toEqual([]);
    expect(world.clock.now() - startedAt).toBeLessThan(30 * MINUTE);
    expect(spent(world)).toBe(5000);
    expect(evaluations(world)).toBeLessThan(20);
  });

  // Its edit's trigger sends for 5 minutes. When it ran first, the formula it enters again finds
  // the document properties full of answers: what they cannot keep it does not buy (the fast cache
  // alone could forget it before a trigger stores it), and the hourly backstop buys the tail: its
  // first run may come up to two hours after it was installed (T5), at the latest here.
  it.each([
    ['the formula runs first', false, 30],
    ['its edit trigger runs first', true, 135],
  ])(
    'left alone on a plan of 20 requests a second, completes within 30 minutes, 135 when its trigger went first (%s)',
    (_order, triggersFirst, minutes) => {
      const emulator = { addOn: true, clockTriggerDelay: 'latest' } as const;
      const world = createWorld({ plan: 20, credits: 20_000, emulator });
      saveSettings(world, { formulaDailyCap: 20_000 });
      typeValues(world, 'A2:A5001', companies(5000));
      const startedAt = world.clock.now();
      enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5001)', 'Sheet1', { triggersFirst });
      world.emu.runTriggersUntil(world.bundle, startedAt + minutes * MINUTE);
      expect(unanswered(shownRange(world, 5000))).toEqual([]);
      expect(spent(world)).toBe(5000);
    },
  );

  // 5,000 lookups at 10 a second need 500 s of sending; left alone, Google gives the typing edit's
  // trigger (6 minutes) and then only the hourly clock: the backstop's first run finishes it, up to
  // two hours after it was installed (T5), at the latest here.
  it('left alone, completes when the hourly backstop first runs, each name bought once', () => {
    const world = rangeWorld(5000, 'latest');
    const startedAt = world.clock.now();
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A5001)');
    world.emu.runTriggersUntil(world.bundle, startedAt + 135 * MINUTE);
    expect(unanswered(shownRange(world, 5000))).toEqual([]);
    expect(spent(world)).toBe(5000);
  });
});

describe('a range of 10,000 new names typed once', () => {
  it('completes with edits elsewhere, never #ERROR!, each name bought once', () => {
    const world = createWorld({ plan: 10, credits: 20_000, emulator: { addOn: true } });
    saveSettings(world, { formulaDailyCap: 20_000 });
    typeValues(world, 'A2:A10001', companies(10_000));
    const startedAt = world.clock.now();
    const first = enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A10001)');
    expect(first.error).toBeNull();
    for (let minute = 1; minute <= 60 && unanswered(shownRange(world, 10_000)).length > 0; minute++) {
      world.clock.advanceTo(Math.max(world.clock.now(), startedAt + minute * MINUTE));
      world.emu.edit(world.bundle, 'Sheet1', 'D1', `note ${minute}`);
      expect(world.emu.cell('Sheet1', 'B2').error).toBeNull();
    }
    expect(unanswered(shownRange(world, 10_000))).toEqual([]);
    expect(spent(world)).toBe(10_000);
  });
});

describe('the daily formula budget', () => {
  it('stops queued lookups too, and the cells say so', () => {
    const world = rangeWorld(500);
    saveSettings(world, { formulaDailyCap: 300 });
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 10 * MINUTE);
    const texts = shownRange(world, 500);
    expect(texts.filter((text) => /\.com$/.test(text))).toHaveLength(300);
    expect(
      texts.filter((text) => text.startsWith('Error: Daily formula budget of 300 credits reached')),
    ).toHaveLength(200);
    expect(spent(world)).toBe(300);
  });
});

describe('a formula the user changed meanwhile', () => {
  it('is never rewritten; what was bought for it stays saved', () => {
    const world = rangeWorld(500);
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)', 'Sheet1', { triggersFirst: false });
    // The user replaces it before anything else runs (its trigger already did its part).
    const paid = spent(world);
    world.emu.edit(world.bundle, 'Sheet1', 'B2', 'my own note', { fireTriggers: false });
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * 60 * MINUTE);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe('my own note');
    expect(spent(world)).toBe(paid);
  });
});

describe('the Jobs panel', () => {
  it('lists a formula whose lookups are queued, and Cancel stops buying them', () => {
    const world = rangeWorld(500);
    enterFormulaBeforeItsTrigger(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
    const paid = spent(world);
    const queuedRows = shownRange(world, 500).filter((text) => QUEUED.test(text));
    const list = sidebar(world, 'listJobs') as JobsList;
    expect(list.queued).toEqual([
      {
        id: 'fq:Sheet1!B2',
        where: 'Sheet1!B2',
        formula: '=COMPANY_WEBSITE(A2:A501)',
        // Under 600 lookups at the 10 a second the account learned: within a minute of sending.
        lookupsText: `${queuedRows.length} lookups, about a minute at the API's pace of 10 a second`,
        sinceText: 'queued just now',
        byText: 'last worked on by the formula',
      },
    ]);
    expect(paid + queuedRows.length).toBe(500);

    expect((sidebar(world, 'cancelQueuedFormula', 'fq:Sheet1!B2') as JobsList).queued).toEqual([]);
    world.emu.edit(world.bundle, 'Sheet1', 'D1', 'an edit elsewhere');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * 60 * MINUTE);
    expect(spent(world)).toBe(paid);
  });
});
