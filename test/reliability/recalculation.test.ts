// Big ranges finish by themselves under Sheets' real recalculation (assumption X3): a formula runs
// when it is entered and when an argument changes, never again on its own. What it cannot buy in
// its 30 s is queued and bought by the add-on's own executions (the Edit trigger of the edit that
// typed it first), which then enter it again. Credits are the spec's 1 per company website.
import type { JobsList } from '../../src/shared/jobs-rpc';
import {
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  spent,
  type World,
} from '../bundle/harness';
import { MINUTE, QUEUED, rangeWorld, shownRange, unanswered } from './big-range';

const sidebar = (world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' });

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

describe('a range of 500 new names, finished by the triggers, entered again', () => {
  it('answers from the document properties it reads anyway: no read of the hidden sheet', () => {
    const world = rangeWorld(500);
    enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 10 * MINUTE);
    expect(unanswered(shownRange(world, 500))).toEqual([]);

    const again = enterFormulaBeforeItsTrigger(world, 'C2', '=COMPANY_WEBSITE(A2:A501)');
    expect(again.values.map((row) => String(row[0]))).toEqual(shownRange(world, 500));
    expect(spent(world)).toBe(500);
    const { calls } = world.emu.runtime.finished.at(-1)!;
    expect(calls.filter((call) => /^(SpreadsheetApp|Spreadsheet|Sheet|Range)\./.test(call))).toEqual([]);
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
