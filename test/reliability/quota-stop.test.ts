// Google's daily trigger-time quota may stop a trigger at any instant of its buying (issue 38): a
// 300-row range at the key's pace of 1 a second, its queued lookups bought by the Edit trigger of
// its typing, with 5, 20 or 60 s of the day's trigger time left. Whatever instant the stop strikes,
// nothing is bought twice, and Spending says what the API charged (its own ledger: a company
// website is 1 credit).
import type { LedgerView } from '../../src/shared/rpc';
import { createWorld, enterFormula, saveSettings, spent, typeValues, type World } from '../bundle/harness';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const QUOTA_MESSAGE = 'Service using too much computer time for one day';

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

/** Inputs the API charged more than once, by its own ledger. */
function boughtTwice(world: World): string[] {
  const counts = new Map<string, number>();
  for (const call of world.api.callsFor(world.key).filter((each) => each.input !== null))
    counts.set(call.input!, (counts.get(call.input!) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([input]) => input);
}

/** A 300-row range typed with `left` seconds of the day's trigger time left: its Edit trigger is stopped. */
function stoppedRange(left: number, triggersFirst = false): World {
  const world = createWorld({ emulator: { addOn: true }, credits: 1000 });
  saveSettings(world, { formulaDailyCap: 1000 });
  typeValues(
    world,
    'A1:A300',
    Array.from({ length: 300 }, (_, i) => [`Stopped Company ${i + 1}`]),
  );
  const { triggerQuota, clock } = world.emu;
  triggerQuota.charge('owner@example.com', clock.now(), triggerQuota.limitMs - left * SECOND);
  const before = world.emu.triggerRuns.length;
  enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A300)', 'Sheet1', { triggersFirst });
  const stopped = world.emu.triggerRuns.slice(before).filter((run) => run.error !== null);
  expect(stopped.map((run) => run.error)).toContain(`Exception: ${QUOTA_MESSAGE}`);
  return world;
}

/** The quota's day ends; the next day an edit's trigger finishes the range. */
function nextDay(world: World): void {
  world.clock.advance(30 * HOUR);
  world.emu.edit(world.bundle, 'Sheet1', 'D1', 'checked');
  world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
  const shown = world.emu.values('Sheet1', 'B1:B300').map(([value]) => String(value));
  expect(shown.filter((text, i) => text !== `stopped${i + 1}.com`)).toEqual([]);
}

describe.each([5, 20, 60])('a 300-row range whose trigger Google stops with %i s of quota left', (left) => {
  it('Spending equals what the API charged, the day of the stop and the next', () => {
    const world = stoppedRange(left);
    expect(boughtTwice(world)).toEqual([]);
    // Before the fix: 70 against 22, 70 against 37 and 95 against 71. Never below the API's
    // charges; above them by the batch the last save said goes, when Google stops the run between
    // that save and its POST (at 1 a second, 1 credit).
    const today = sidebar<LedgerView>(world, 'getLedger').today;
    expect(today).toBeGreaterThanOrEqual(spent(world));
    expect(today).toBeLessThanOrEqual(spent(world) + 1);
    nextDay(world);
    const month = sidebar<LedgerView>(world, 'getLedger').month;
    expect(month).toBeGreaterThanOrEqual(spent(world));
    expect(month).toBeLessThanOrEqual(spent(world) + 1);
  });
});

// The lookup on its way when Google stopped the run was bought again the next day (1 credit more)
// until the quota stop's backstop merged from main (issue 39's helper).
describe.each([5, 20])('a 300-row range stopped with %i s of quota left, the next day', (left) => {
  it('buys nothing twice', () => {
    const world = stoppedRange(left);
    nextDay(world);
    expect(boughtTwice(world)).toEqual([]);
    expect(spent(world)).toBe(300);
  });
});

// Google does not say whether the typing edit's trigger or the formula starts first. When the
// trigger went first and the quota stopped it, the formula, running after, promised "within about
// 5 minutes" while no execution was left to keep it (the hourly backstop comes an hour later).
describe.each([5, 20, 60])(
  'a 300-row range whose trigger ran first and was stopped with %i s left',
  (left) => {
    it('promises no time that no execution keeps: its queued cells say what goes on instead', () => {
      const world = stoppedRange(left, true);
      const shown = world.emu.values('Sheet1', 'B1:B300').map(([value]) => String(value));
      const queued = shown.filter((text) => text.startsWith('Queued'));
      expect(queued.length).toBeGreaterThan(0);
      expect(queued.filter((text) => /will fill in within/.test(text))).toEqual([]);
      expect(
        queued.every((text) => /not sent yet .* Each edit or opening of this file sends more/.test(text)),
      ).toBe(true);
    });
  },
);
