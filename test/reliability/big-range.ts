// The big range of the recalculation tests (recalculation*.test.ts): names typed down column A,
// one range formula over them in B2, what its cells show. Split in files so that the test runner's
// workers share the big cases. Credits are the spec's 1 per company website.
import { createWorld, saveSettings, typeValues, type World } from '../bundle/harness';

export const MINUTE = 60_000;
export const companies = (n: number) => Array.from({ length: n }, (_, i) => [`Range Company ${i + 1}`]);
/** A queued cell: a time when the typing edit keeps it, else what will go on with the work. */
export const QUEUED =
  /^Queued: \d+ lookups?( will fill in within about (a minute|\d+ minutes)\.|, not sent yet \(about [\d,]+ minutes at the API's pace of [\d.]+ a second\)\. Each edit or opening of this file sends more, 6 minutes at a time, and so does the open sidebar; .*)$/;

/** `latest`: the hourly trigger runs the latest Google allows, an hour after each hour (T5). */
export function rangeWorld(rows: number, clockTriggerDelay?: 'latest'): World {
  const emulator = clockTriggerDelay ? { addOn: true, clockTriggerDelay } : { addOn: true };
  const world = createWorld({ plan: 10, credits: 20_000, emulator });
  saveSettings(world, { formulaDailyCap: 20_000 });
  typeValues(world, `A2:A${rows + 1}`, companies(rows));
  return world;
}

/** B2 down: what the user sees. */
export const shownRange = (world: World, rows: number) =>
  world.emu.values('Sheet1', `B2:B${rows + 1}`).map((row) => String(row[0]));
export const unanswered = (texts: readonly string[]) => texts.filter((text) => !/\.com$/.test(text));
export const evaluations = (world: World) =>
  world.emu.runtime.finished.filter((run) => run.label.startsWith('=')).length;
