// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: each starts at the same instant, and every read made without a lock sees
// the state from before any of them wrote. Each lookup must still be bought once, the daily budget
// must still hold, and together they must keep to the API's rate limit.
import { RATE_WINDOW_MS } from '../../tools/fake-api/fake-api';
import {
  createWorld,
  enterFormula,
  postsSent,
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

/** Evaluates `=PRONET_EMAIL(An)` in B1:B{count} in one race window, `AT_ONCE` executions at a time. */
function evaluateColumn(world: World, count: number) {
  return world.emu.concurrently(
    () =>
      Array.from({ length: count }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
    { atOnce: AT_ONCE },
  );
}

/** Types distinct profile URLs into A1:A{count}, then fills `=PRONET_EMAIL` down beside them. */
function fillDownAtOnce(world: World, count: number) {
  const urls = Array.from({ length: count }, (_, i) => [`https://www.pronet.com/in/at-once-${i + 1}`]);
  typeValues(world, `A1:A${count}`, urls);
  return evaluateColumn(world, count);
}

const NOT_YET = /not sent yet|No credits were spent/;
const shows = (cell: { values: unknown[][] }) => String(cell.values[0]![0]);

// assumptions: R1, R2 (the race model), U4 (fetchAll timing), S1 (service costs)
// Sheets' concurrency for a filled-down column is not published: 10, 30 and 100 at once.
describe.each([10, 30, 100])('a filled-down column of 200 cells, %i executions at once', (atOnce) => {
  it('buys each of 50 distinct inputs once; every cell answered within two evaluations, no #ERROR!', () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent Company ${i + 1}`);
    typeValues(
      world,
      'A1:A200',
      Array.from({ length: 200 }, (_, i) => [names[i % 50]]),
    );
    const evaluate = () =>
      world.emu.concurrently(
        () =>
          Array.from({ length: 200 }, (_, i) =>
            enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`),
          ),
        { atOnce },
      );
    const first = evaluate();
    expect(first.filter((cell) => cell.error !== null)).toEqual([]);
    const again = evaluate();
    expect(again.filter((cell) => cell.error !== null)).toEqual([]);
    expect(again.every((cell) => /\.com$/.test(String(cell.values[0]![0])))).toBe(true);
    expect(spent(world)).toBe(50);
    expect(postsSent(world)).toBe(50);
  });
});

describe('200 formula executions started at once', () => {
  it.each([10, 30, 100])('never spend past the daily formula budget together, %i at once', (atOnce) => {
    const world = createWorld({ credits: 10_000 });
    const urls = Array.from({ length: 200 }, (_, i) => [`https://www.pronet.com/in/person-${i + 1}`]);
    typeValues(world, 'A1:A200', urls);
    const overBudget = (cell: { error: { message: string } | null }) =>
      /Daily formula budget of 100 credits reached/.test(cell.error?.message ?? '');
    for (let evaluation = 1; evaluation <= 2; evaluation++) {
      const cells = world.emu.concurrently(
        () =>
          Array.from({ length: 200 }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
        { atOnce },
      );
      expect(spent(world)).toBe(100);
      // Ten answered; every other cell is over the budget, or says the lock had no turn for it.
      expect(cells.filter((cell) => /@/.test(shows(cell)))).toHaveLength(10);
      expect(cells.filter((cell) => overBudget(cell) || NOT_YET.test(shows(cell)))).toHaveLength(190);
    }
  });
});

describe(`200 formula executions, ${AT_ONCE} at once, against a limit of 10 requests a second`, () => {
  it('share the pace: not one 429, never more than 10 POSTs in a second, every cell answered', () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const startedAt = world.clock.now();
    const cells = fillDownAtOnce(world, 200);
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    expect(cells.every((cell) => /@/.test(shows(cell)) || NOT_YET.test(shows(cell)))).toBe(true);
    // 200 requests at 10 a second need 20 s: the first evaluation sends them within its 30 s.
    expect(world.clock.now() - startedAt).toBeLessThan(40_000);
    // Each miss takes the document lock for its claim, its turn in the pace and its booking: the
    // lock, not the rate, bounds a filled-down column, and the rest waits for the next evaluation.
    let evaluations = 1;
    for (let cellsNow = cells; !cellsNow.every((cell) => /@/.test(shows(cell))); evaluations++)
      cellsNow = evaluateColumn(world, 200);
    expect(evaluations).toBeLessThanOrEqual(3);
    const report = rateReport(world);
    expect(report).toMatchObject({ admitted: 200, refused: 0 });
    expect(report.busiest).toBeLessThanOrEqual(10);
    expect(spent(world)).toBe(200 * EMAIL_PRICE);
  });

  it("tell the cells the rate has no room for within a formula's 30 s so, charge them nothing, and answer them on recalculation", () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const cells = fillDownAtOnce(world, 340);
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    const waiting = cells.filter((cell) => NOT_YET.test(shows(cell)));
    const answered = cells.filter((cell) => /@/.test(shows(cell)));
    expect(waiting.length + answered.length).toBe(340);
    expect(waiting.length).toBeGreaterThan(20);
    expect(rateReport(world).refused).toBe(0);
    expect(rateReport(world).busiest).toBeLessThanOrEqual(10);
    expect(spent(world)).toBe(answered.length * EMAIL_PRICE);

    // Recalculated a minute apart until every cell is answered, each time with no #ERROR!.
    let evaluations = 1;
    for (let again = cells; !again.every((cell) => /@/.test(shows(cell))); evaluations++) {
      world.clock.advance(60_000);
      again = evaluateColumn(world, 340);
      expect(again.filter((cell) => cell.error !== null)).toEqual([]);
    }
    expect(evaluations).toBeLessThanOrEqual(5);
    expect(spent(world)).toBe(340 * EMAIL_PRICE);
    expect(rateReport(world).refused).toBe(0);
  });
});

describe('formulas and a bulk slice running at once', () => {
  it('share one pace: no 429, never more than 10 POSTs in a second, everything bought once', () => {
    const world = createWorld({ credits: 10_000 });
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
          Array.from({ length: 60 }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
          sidebar('continueBulkRun', started.runId),
        ] as const,
    );
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    expect(cells.every((cell) => /@/.test(shows(cell)) || NOT_YET.test(shows(cell)))).toBe(true);
    // The slice shares the pace with 60 cells: what its time did not cover goes in the next one.
    let progress = slice as Record<string, unknown>;
    while (progress.state === 'running') {
      world.clock.advance(Number(progress.nextCallInMs ?? 0));
      progress = sidebar('continueBulkRun', started.runId);
    }
    expect(progress).toMatchObject({ state: 'done', done: 150 });
    // The cells the pace or the lock had no turn for are sent on the next evaluation.
    const again = Array.from({ length: 60 }, (_, i) =>
      enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`),
    );
    expect(again.every((cell) => /@/.test(shows(cell)))).toBe(true);
    expect(rateReport(world)).toEqual({ admitted: 210, refused: 0, busiest: 10 });
    expect(spent(world)).toBe(60 * EMAIL_PRICE + 150);
  });
});
