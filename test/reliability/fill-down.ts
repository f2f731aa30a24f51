// A filled-down column of formulas run at once, in the emulator's race window, for the
// concurrency tests (concurrency*.test.ts), and what the fake API admitted of their POSTs.
import { RATE_WINDOW_MS } from '../../tools/fake-api/rate-limit';
import { enterFormulaBeforeItsTrigger, typeValues, type World } from '../bundle/harness';

/** The POSTs the fake API admitted and refused (429), with the most admitted in any one second. */
export function rateReport(world: World) {
  const posts = world.api.callsFor(world.key).filter((call) => call.method.toUpperCase() === 'POST');
  const admitted = posts.filter((call) => call.status !== 429).map((call) => call.at);
  const busiest = Math.max(
    ...admitted.map((end) => admitted.filter((at) => at > end - RATE_WINDOW_MS && at <= end).length),
  );
  return { admitted: admitted.length, refused: posts.length - admitted.length, busiest };
}

/** pronet_profile_to_email (PRONET_EMAIL), in the spec's operation table. */
export const EMAIL_PRICE = 10;

/**
 * Sheets' concurrency for a filled-down column is not published. At 30 at once the executions
 * themselves (their round trips, their turns at the lock) keep under 10 requests a second; 100
 * at once press on the rate limit, which is what these tests are about.
 */
export const AT_ONCE = 100;

/**
 * A fill-down of `formula(row)` into B1:B{count}: one edit of the user's, whose cells Sheets runs
 * in one race window, `atOnce` executions at a time; the edit's one Edit trigger runs after them.
 * Answers what each cell showed when Sheets ran it.
 */
export function fillDown(world: World, count: number, formula: (row: number) => string, atOnce = AT_ONCE) {
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
export const column = (world: World, count: number) =>
  world.emu.values('Sheet1', `B1:B${count}`).map((row) => String(row[0]));

export const evaluateColumn = (world: World, count: number) =>
  fillDown(world, count, (row) => `=PRONET_EMAIL(A${row})`);

/** Types distinct profile URLs into A1:A{count}, then fills `=PRONET_EMAIL` down beside them. */
export function fillDownAtOnce(world: World, count: number) {
  const urls = Array.from({ length: count }, (_, i) => [`https://www.pronet.com/in/at-once-${i + 1}`]);
  typeValues(world, `A1:A${count}`, urls);
  return evaluateColumn(world, count);
}

export const QUEUED = /^Queued: \d+ lookups? will fill in within about/;
export const shows = (cell: { values: unknown[][] }) => String(cell.values[0]![0]);
