// The watch scenario: a Google Form sends one response a minute for a day (1,440 rows, 20 % of
// them a company already seen) to a sheet watched for each company's website, as an editor add-on
// on a consumer account (the hourly clock, 90 minutes of trigger runtime a day). What it costs in
// credits against the least possible, how long a row waits for its answer, and how much of the
// day's trigger runtime it takes. Nobody opens the sidebar: the triggers do everything.
import type { BulkRunConfig } from '../src/shared/bulk-rpc';
import { spent, type World } from '../test/bundle/harness';
import { sized } from './mode';
import { onPlan, refused } from './pace-ways';

const MINUTE = 60_000;
/** Minutes between responses: one a minute, or one every 5 minutes in the quick mode; a day either way. */
const EVERY_MINUTES = sized(1, 5);
const ROWS = 1_440 / EVERY_MINUTES;
const REPEAT_SHARE = 0.2;
const SHEET = 'Form Responses 1';
const COMPANY_COLUMN = 3;
const WEBSITE_COLUMN = 4;

export interface WatchFigures {
  rows: number;
  repeatShare: number;
  credits: number;
  minimumCredits: number;
  /** Minutes from a row's arrival to its answer in the sheet. */
  minutesToAnswerMedian: number;
  minutesToAnswerWorst: number;
  /** Rows still without an answer an hour after the day ended. */
  unanswered: number;
  /** POSTs the API refused with 429. */
  refused: number;
  triggerExecutions: number;
  /** Trigger executions that failed (the quota's message among them). */
  triggerFailures: number;
  triggerRuntimeMinutes: number;
  triggerQuotaShare: number;
  /** What the sidebar showed for it: the add-on's own count of its trigger runtime. */
  countedRuntimeMinutes: number;
}

/** The company of each response: a new one, or, one in five, one seen before (spread over the day). */
function companies(): string[] {
  const list: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const repeat = i % 5 === 4;
    list.push(repeat ? list[Math.floor(i * 0.618)]! : `Company ${i}`);
  }
  return list;
}

/** A spreadsheet with the add-on, the key saved: on a plan of 10 a second unless `make` says. */
export type WatchWorld = typeof onPlan;

function setUp(distDir: string, latencyMs: number, make: WatchWorld): World {
  const world = make({
    distDir,
    credits: 1_000_000,
    emulator: { addOn: true, latencyMs, account: 'consumer' },
  });
  world.emu.user.linkForm(SHEET, ['Name', 'Company']);
  const config: BulkRunConfig = {
    sheetName: SHEET,
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: COMPANY_COLUMN },
    output: { mode: 'primary' },
  };
  world.emu.runExecution(world.bundle, 'createWatch', [{ kind: 'lookup', config, dailyCap: 2_000 }], {
    context: 'sidebar',
  });
  return world;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const oneDecimal = (x: number) => Math.round(x * 10) / 10;

export function measureWatch(distDir: string, latencyMs: number, make: WatchWorld = onPlan): WatchFigures {
  const world = setUp(distDir, latencyMs, make);
  const sheet = world.emu.document.sheetByName(SHEET)!;
  const start = world.clock.now();
  const runsBefore = world.emu.triggerRuns.length;
  const arrived = new Map<number, number>();
  const answered = new Map<number, number>();
  const look = () => {
    for (const [row] of arrived) {
      if (!answered.has(row) && sheet.value(row, WEBSITE_COLUMN) !== '') answered.set(row, world.clock.now());
    }
  };
  const sent = companies();
  for (const [i, company] of sent.entries()) {
    world.emu.runTriggersUntil(world.bundle, start + i * EVERY_MINUTES * MINUTE);
    look();
    const row = world.emu.user.submitForm(world.bundle, { Name: `Person ${i}`, Company: company });
    arrived.set(row, start + i * EVERY_MINUTES * MINUTE);
    look();
  }
  // What the sidebar shows at the end of the day, before the quota's day starts again.
  const tally = world.emu.globals.PropertiesService.getUserProperties().getProperty('enrich.triggerRuntime');
  world.emu.runTriggersUntil(world.bundle, start + (ROWS * EVERY_MINUTES + 60) * MINUTE);
  look();
  const waits = [...answered].map(([row, at]) => (at - arrived.get(row)!) / MINUTE);
  const runs = world.emu.triggerRuns.slice(runsBefore);
  const runtimeMs = runs.reduce((sum, run) => sum + run.ms, 0);
  const counted = tally ? (JSON.parse(tally) as { usedMs: number }).usedMs : 0;
  return {
    rows: ROWS,
    repeatShare: REPEAT_SHARE,
    credits: spent(world),
    minimumCredits: new Set(sent).size,
    minutesToAnswerMedian: oneDecimal(median(waits)),
    minutesToAnswerWorst: oneDecimal(Math.max(0, ...waits)),
    unanswered: ROWS - answered.size,
    refused: refused(world),
    triggerExecutions: runs.length,
    triggerFailures: runs.filter((run) => run.error !== null).length,
    triggerRuntimeMinutes: oneDecimal(runtimeMs / MINUTE),
    triggerQuotaShare: Math.round((runtimeMs / world.emu.triggerQuota.limitMs) * 100) / 100,
    countedRuntimeMinutes: oneDecimal(counted / MINUTE),
  };
}
