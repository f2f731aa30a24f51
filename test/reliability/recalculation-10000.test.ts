// Big ranges finish by themselves under Sheets' real recalculation (assumption X3): a formula runs
// when it is entered and when an argument changes, never again on its own. What it cannot buy in
// its 30 s is queued and bought by the add-on's own executions (the Edit trigger of the edit that
// typed it first), which then enter it again. Credits are the spec's 1 per company website.
import { createWorld, enterFormula, saveSettings, spent, typeValues } from '../bundle/harness';
import { companies, MINUTE, shownRange, unanswered } from './big-range';

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
