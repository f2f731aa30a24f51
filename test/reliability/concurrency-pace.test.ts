// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: each starts at the same instant, and every read made without a lock sees
// the state from before any of them wrote. Each lookup must still be bought once, the daily budget
// must still hold, and together they must keep to the API's rate limit.
import {
  createWorld,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  spent,
  typeValues,
} from '../bundle/harness';
import { AT_ONCE, column, EMAIL_PRICE, fillDownAtOnce, QUEUED, rateReport, shows } from './fill-down';

// assumptions: R1, R2 (the race model), U4 (fetchAll timing), SC1 (service costs)
describe(`200 formula executions, ${AT_ONCE} at once, against a limit of 10 requests a second`, () => {
  it('share the pace: not one 429, never more than 10 POSTs in a second, every cell answered', () => {
    const world = createWorld({ plan: 10, credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const startedAt = world.clock.now();
    const cells = fillDownAtOnce(world, 200);
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    expect(cells.every((cell) => /@/.test(shows(cell)) || QUEUED.test(shows(cell)))).toBe(true);
    // Each miss takes the document lock for its claim, its turn in the pace and its booking: the
    // lock, not the rate, bounds a filled-down column; the fill-down's trigger buys the rest.
    expect(column(world, 200).filter((text) => !text.includes('@'))).toEqual([]);
    expect(world.clock.now() - startedAt).toBeLessThan(10 * 60_000);
    const report = rateReport(world);
    expect(report).toMatchObject({ admitted: 200, refused: 0 });
    expect(report.busiest).toBeLessThanOrEqual(10);
    expect(spent(world)).toBe(200 * EMAIL_PRICE);
  });

  it("tell the cells the rate has no room for within a formula's 30 s that they are queued, charge them nothing, and fill them in by themselves", () => {
    const world = createWorld({ plan: 10, credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const cells = fillDownAtOnce(world, 340);
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    const waiting = cells.filter((cell) => QUEUED.test(shows(cell)));
    const answered = cells.filter((cell) => /@/.test(shows(cell)));
    expect(waiting.length + answered.length).toBe(340);
    expect(waiting.length).toBeGreaterThan(20);
    expect(rateReport(world).refused).toBe(0);
    expect(rateReport(world).busiest).toBeLessThanOrEqual(10);
    // The fill-down's trigger bought the queued ones, and entered their formulas again in one batch
    // of writes: one write of the column's formulas (after clearing them and a flush).
    expect(column(world, 340).filter((text) => !text.includes('@'))).toEqual([]);
    const trigger = world.emu.runtime.finished.filter((run) => /edit trigger/.test(run.label));
    expect(trigger).toHaveLength(1);
    expect(trigger[0]!.calls.filter((call) => call === 'Range.setFormulas')).toEqual(['Range.setFormulas']);
    expect(spent(world)).toBe(340 * EMAIL_PRICE);
    expect(rateReport(world).refused).toBe(0);
  });
});

describe('formulas and a bulk slice running at once', () => {
  it('share one pace: no 429, never more than 10 POSTs in a second, everything bought once', () => {
    const world = createWorld({ plan: 10, credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000, confirmAbove: 10_000 });
    const companies = Array.from({ length: 150 }, (_, i) => [`Bulk Company ${i + 1}`]);
    typeValues(world, 'A1:A151', [['Company'], ...companies], 'Bulk');
    const urls = Array.from({ length: 60 }, (_, i) => [`https://www.pronet.com/in/mixed-${i + 1}`]);
    typeValues(world, 'A1:A60', urls);
    const sidebar = (name: string, ...args: unknown[]) =>
      world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as Record<string, unknown>;
    const config = {
      sheetName: 'Bulk',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    const preview = sidebar('previewBulkRun', config);
    const started = sidebar('startBulkRun', config, preview.estimatedCredits);

    // The cells of a filled-down column and a slice of the run, all from the same instant.
    const [cells, slice] = world.emu.concurrently(
      () =>
        [
          Array.from({ length: 60 }, (_, i) =>
            enterFormulaBeforeItsTrigger(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`),
          ),
          sidebar('continueBulkRun', started.runId),
        ] as const,
    );
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    expect(cells.every((cell) => /@/.test(shows(cell)) || QUEUED.test(shows(cell)))).toBe(true);
    // The slice shares the pace with 60 cells: what its time did not cover goes in the next one.
    let progress = slice as Record<string, unknown>;
    while (progress.state === 'running') {
      world.clock.advance(Number(progress.nextCallInMs ?? 0));
      progress = sidebar('continueBulkRun', started.runId);
    }
    expect(progress).toMatchObject({ state: 'done', done: 150 });
    // The cells the pace or the lock had no turn for: the fill-down's trigger sends them.
    world.emu.fireEditTriggers(world.bundle, 'Sheet1', 'B1');
    expect(column(world, 60).filter((text) => !text.includes('@'))).toEqual([]);
    expect(rateReport(world)).toEqual({ admitted: 210, refused: 0, busiest: 10 });
    expect(spent(world)).toBe(60 * EMAIL_PRICE + 150);
  });
});
