// Big ranges finish by themselves under Sheets' real recalculation (assumption X3): a formula runs
// when it is entered and when an argument changes, never again on its own. What it cannot buy in
// its 30 s is queued and bought by the add-on's own executions (the Edit trigger of the edit that
// typed it first), which then enter it again. Credits are the spec's 1 per company website.
import { createWorld, enterFormula, saveSettings, spent, typeValues } from '../bundle/harness';
import { companies, MINUTE, shownRange, unanswered } from './big-range';

describe('a range of 5,000 new names typed once', () => {
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
});
