// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: each starts at the same instant, and every read made without a lock sees
// the state from before any of them wrote. Each lookup must still be bought once, the daily budget
// must still hold, and together they must keep to the API's rate limit.
import { createWorld, postsSent, rerunUnasked, saveSettings, spent, typeValues } from '../bundle/harness';
import { column, fillDown, QUEUED, shows } from './fill-down';

// assumptions: R1, R2 (the race model), U4 (fetchAll timing), SC1 (service costs)
// Sheets' concurrency for a filled-down column is not published: 10, 30 and 100 at once.
describe.each([10, 30, 100])('a filled-down column of 200 cells, %i executions at once', (atOnce) => {
  it('buys each of 50 distinct inputs once and is complete with no further action, no #ERROR!', () => {
    const world = createWorld({ plan: 10, credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent Company ${i + 1}`);
    typeValues(
      world,
      'A1:A200',
      Array.from({ length: 200 }, (_, i) => [names[i % 50]]),
    );
    const first = fillDown(world, 200, (row) => `=COMPANY_WEBSITE(A${row})`, atOnce);
    expect(first.filter((cell) => cell.error !== null)).toEqual([]);
    // Cells that had no turn said Queued; the fill-down's own trigger filled them in.
    expect(column(world, 200).filter((text) => !/\.com$/.test(text))).toEqual([]);
    expect(spent(world)).toBe(50);
    expect(postsSent(world)).toBe(50);
  });
});

describe('200 formula executions started at once', () => {
  it.each([10, 30, 100])(
    'never spend past the daily formula budget together, nor on re-runs unasked, %i at once',
    (atOnce) => {
      const world = createWorld({ plan: 10, credits: 10_000 });
      const urls = Array.from({ length: 200 }, (_, i) => [`https://www.pronet.com/in/person-${i + 1}`]);
      typeValues(world, 'A1:A200', urls);
      const overBudget = (cell: { error: { message: string } | null }) =>
        /Daily formula budget of 100 credits reached/.test(cell.error?.message ?? '');
      const cells = fillDown(world, 200, (row) => `=PRONET_EMAIL(A${row})`, atOnce);
      expect(spent(world)).toBe(100);
      // Ten answered; every other cell is over the budget, or queued for the trigger, which the
      // budget stops too: then every such cell says the budget was reached.
      expect(cells.filter((cell) => /@/.test(shows(cell)))).toHaveLength(10);
      expect(cells.filter((cell) => overBudget(cell) || QUEUED.test(shows(cell)))).toHaveLength(190);
      const after = world.emu.values('Sheet1', 'B1:B200').map((row) => String(row[0]));
      expect(after.filter((text) => text.includes('@'))).toHaveLength(10);
      expect(after.filter((text) => text === '#ERROR!')).toHaveLength(190);
      // Re-runs Sheets may make on its own buy nothing past the budget either.
      world.emu.concurrently(() => Array.from({ length: 200 }, (_, i) => rerunUnasked(world, `B${i + 1}`)), {
        atOnce,
      });
      expect(spent(world)).toBe(100);
    },
  );
});
