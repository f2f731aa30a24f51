// Big ranges finish by themselves under Sheets' real recalculation (assumption X3): a formula runs
// when it is entered and when an argument changes, never again on its own. What it cannot buy in
// its 30 s is queued and bought by the add-on's own executions (the Edit trigger of the edit that
// typed it first), which then enter it again. Credits are the spec's 1 per company website.
import { enterFormula, spent } from '../bundle/harness';
import { evaluations, MINUTE, rangeWorld, shownRange, unanswered } from './big-range';

describe('a range of 5,000 new names typed once', () => {
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
