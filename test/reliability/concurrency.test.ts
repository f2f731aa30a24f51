// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: each starts at the same instant, and every read made without a lock sees
// the state from before any of them wrote. Each lookup must still be bought once, the daily budget
// must still hold, and together they must keep to the API's rate limit.
import { RATE_WINDOW_MS } from '../../fake-api/fake-api';
import { OPERATIONS } from '../../src/core/operations';
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

const EMAIL_PRICE = OPERATIONS.find((op) => op.functionName === 'PRONET_EMAIL')!.pricing.credits;

/** Enters `=PRONET_EMAIL(An)` in B1:B{count} in one race window, over distinct profile URLs. */
function fillDownAtOnce(world: World, count: number) {
  const urls = Array.from({ length: count }, (_, i) => [`https://www.pronet.com/in/at-once-${i + 1}`]);
  typeValues(world, `A1:A${count}`, urls);
  return world.emu.concurrently(() =>
    Array.from({ length: count }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
  );
}

// assumptions: R1, R2 (the race model), U4 (fetchAll timing), RT3 (service calls take no time)
describe('200 formula executions started at once', () => {
  it('buy each of 50 distinct inputs once, and every cell shows its answer on recalculation', () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent Company ${i + 1}`);
    typeValues(
      world,
      'A1:A200',
      Array.from({ length: 200 }, (_, i) => [names[i % 50]]),
    );
    const first = world.emu.concurrently(() =>
      Array.from({ length: 200 }, (_, i) => enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`)),
    );
    expect(first.every((cell) => cell.error === null)).toBe(true);
    expect(spent(world)).toBe(50);
    expect(postsSent(world)).toBe(50);
    const again = Array.from({ length: 200 }, (_, i) =>
      enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`),
    );
    expect(again.every((cell) => /\./.test(String(cell.values[0]![0])))).toBe(true);
    expect(spent(world)).toBe(50);
  });

  it('never spend past the daily formula budget together', () => {
    const world = createWorld({ credits: 10_000 });
    const urls = Array.from({ length: 200 }, (_, i) => [`https://www.pronet.com/in/person-${i + 1}`]);
    typeValues(world, 'A1:A200', urls);
    const cells = world.emu.concurrently(() =>
      Array.from({ length: 200 }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
    );
    expect(spent(world)).toBe(100);
    const refused = cells.filter((cell) =>
      /Daily formula budget of 100 credits reached/.test(cell.error?.message ?? ''),
    );
    expect(refused).toHaveLength(190);
  });
});

describe('200 formula executions started at once, against a limit of 10 requests a second', () => {
  it('share the pace: not one 429, never more than 10 POSTs in a second, every cell answered', () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const startedAt = world.clock.now();
    const cells = fillDownAtOnce(world, 200);
    expect(cells.filter((cell) => cell.error !== null)).toEqual([]);
    expect(cells.every((cell) => /@/.test(String(cell.values[0]![0])))).toBe(true);
    expect(rateReport(world)).toEqual({ admitted: 200, refused: 0, busiest: 10 });
    expect(spent(world)).toBe(200 * EMAIL_PRICE);
    // 200 requests at 10 a second need 20 s: the last cell is answered well inside its 30 s.
    expect(world.clock.now() - startedAt).toBeLessThan(21_000);
  });

  it("tell the cells the rate has no room for within a formula's 30 s so, charge them nothing, and answer them on recalculation", () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const cells = fillDownAtOnce(world, 340);
    const waiting = cells.filter((cell) => /rate limit left no room/.test(cell.error?.message ?? ''));
    const answered = cells.filter((cell) => cell.error === null);
    expect(waiting.length + answered.length).toBe(340);
    expect(waiting.length).toBeGreaterThan(20);
    expect(waiting[0]!.error!.message).toMatch(/Recalculate in a minute\. No credits were spent\./);
    expect(rateReport(world)).toMatchObject({ refused: 0, busiest: 10 });
    expect(spent(world)).toBe(answered.length * EMAIL_PRICE);

    world.clock.advance(60_000);
    const again = world.emu.concurrently(() =>
      Array.from({ length: 340 }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
    );
    expect(again.filter((cell) => cell.error !== null)).toEqual([]);
    expect(spent(world)).toBe(340 * EMAIL_PRICE);
    expect(rateReport(world)).toMatchObject({ refused: 0, busiest: 10 });
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
    expect(slice).toMatchObject({ state: 'done', done: 150 });
    expect(rateReport(world)).toEqual({ admitted: 210, refused: 0, busiest: 10 });
    expect(spent(world)).toBe(60 * EMAIL_PRICE + 150);
  });
});
