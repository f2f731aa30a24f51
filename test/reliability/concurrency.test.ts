// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: each starts at the same instant, and every read made without a lock sees
// the state from before any of them wrote. Each lookup must still be bought once, the daily budget
// must still hold, and together they must keep to the API's rate limit.
import { RATE_WINDOW_MS } from '../../tools/fake-api/rate-limit';
import {
  createWorld,
  enterFormulaBeforeItsTrigger,
  postsSent,
  rerunUnasked,
  saveSettings,
  spent,
  typeValues,
  type World,
} from '../bundle/harness';

/** The POSTs the fake API admitted and refused (429), with the most admitted in any one second. */
function rateReport(world: World) {
  const posts = world.api.callsFor(world.key).filter((call) => call.method.toUpperCase() === 'POST');
  const admitted = posts.filter((call) => call.status !== 429).map((call) => call.at);
  const busiest = Math.max(
    ...admitted.map((end) => admitted.filter((at) => at > end - RATE_WINDOW_MS && at <= end).length),
  );
  return { admitted: admitted.length, refused: posts.length - admitted.length, busiest };
}

/** pronet_profile_to_email (PRONET_EMAIL), in the spec's operation table. */
const EMAIL_PRICE = 10;

/**
 * Sheets' concurrency for a filled-down column is not published. At 30 at once the executions
 * themselves (their round trips, their turns at the lock) keep under 10 requests a second; 100
 * at once press on the rate limit, which is what these tests are about.
 */
const AT_ONCE = 100;

/**
 * A fill-down of `formula(row)` into B1:B{count}: one edit of the user's, whose cells Sheets runs
 * in one race window, `atOnce` executions at a time; the edit's one Edit trigger runs after them.
 * Answers what each cell showed when Sheets ran it.
 */
function fillDown(world: World, count: number, formula: (row: number) => string, atOnce = AT_ONCE) {
  const cells = world.emu.concurrently(
    () =>
      Array.from({ length: count }, (_, i) =>
        enterFormulaBeforeItsTrigger(world, `B${i + 1}`, formula(i + 1)),
      ),
    { atOnce },
  );
  world.emu.fireEditTriggers(world.bundle, 'Sheet1', 'B1');
  return cells;
}

/** What B1:B{count} show now. */
const column = (world: World, count: number) =>
  world.emu.values('Sheet1', `B1:B${count}`).map((row) => String(row[0]));

const evaluateColumn = (world: World, count: number) =>
  fillDown(world, count, (row) => `=PRONET_EMAIL(A${row})`);

/** Types distinct profile URLs into A1:A{count}, then fills `=PRONET_EMAIL` down beside them. */
function fillDownAtOnce(world: World, count: number) {
  const urls = Array.from({ length: count }, (_, i) => [`https://www.pronet.com/in/at-once-${i + 1}`]);
  typeValues(world, `A1:A${count}`, urls);
  return evaluateColumn(world, count);
}

const _NOT_YET = /not sent yet|No credits were spent/;
const QUEUED = /^Queued: \d+ lookups? will fill in within about/;
const shows = (cell: { values: unknown[][] }) => String(cell.values[0]![0]);

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
