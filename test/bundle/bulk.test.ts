// Bulk runs end to end: the built add-on in the emulator against the fake API, driven as the
// sidebar drives it (a loop of continueBulkRun calls). What is checked is what a user would see:
// the preview's numbers, the output column, one message when the API refuses, and the credits the
// fake API charged.

import { confirmationWords } from '../../src/client/panels/bulk/text';
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { FakeRange } from '../../tools/emulator/spreadsheet';
import {
  callFunction,
  createWorld,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
  worldAskingProgress,
} from './harness';

/** company_name_to_website, in the spec's operation table. */
const PRICE = 1;
/** The header of the status column the run creates, and what the preview says it will be. */
const STATUS_HEADER = 'Status (Website from company name)';
/** A slice (one sidebar call) sends for 3 minutes and ends well inside Google's 6-minute kill. */
const SLICE_BUDGET_MS = 210_000;

function websiteConfig(overrides: Partial<BulkRunConfig> = {}): BulkRunConfig {
  return {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
    ...overrides,
  };
}

/**
 * What the website column must show for a company, from the fake API's data: a name's words without
 * legal ones, joined, on .com. "Company" is a legal word, so "Company 42" is on 42.com; "Firm 7" is
 * on firm7.com.
 */
function websiteOf(company: string): string {
  const numbered = /^Company (\d+)$/.exec(company)?.[1];
  if (numbered !== undefined) return `${numbered}.com`;
  const firm = /^Firm (\d+)$/.exec(company)?.[1];
  if (firm !== undefined) return `firm${firm}.com`;
  throw new Error(`no known website for ${company}`);
}

interface Timed {
  progress: BulkProgress;
  ms: number;
}

/** The sidebar's loop: call again when told, until the run leaves `running`. */
function drive(world: World, runId: string, maxCalls = 200): Timed[] {
  const calls: Timed[] = [];
  for (let i = 0; i < maxCalls; i++) {
    const before = world.clock.now();
    const progress = sidebar<BulkProgress>(world, 'continueBulkRun', runId);
    calls.push({ progress, ms: world.clock.now() - before });
    if (progress.state !== 'running') return calls;
    if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
  }
  throw new Error(`still running after ${maxCalls} calls`);
}

/** Types the header and one value a row into column A, growing the grid as a user would. */
function fillColumn(world: World, header: string[], values: string[]): void {
  typeValues(world, `A1:${String.fromCharCode(64 + header.length)}1`, [header]);
  typeValues(
    world,
    `A2:A${values.length + 1}`,
    values.map((value) => [value]),
  );
}

const column = (world: World, letter: string, rows: number) =>
  world.emu.values('Sheet1', `${letter}2:${letter}${rows + 1}`).map(([value]) => value);

describe('a 300-row column with duplicates, filled rows, invalid inputs and a mid-run 402', () => {
  // Row i (0-based) of the data: every 25 rows hold one of each case.
  type Kind = 'blank' | 'invalid' | 'filled' | 'duplicate' | 'miss' | 'lookup';
  const kindOf = (i: number): Kind =>
    (({ 0: 'blank', 7: 'invalid', 13: 'filled', 19: 'duplicate', 22: 'miss' }) as Record<number, Kind>)[
      i % 25
    ] ?? 'lookup';
  const inputOf = (i: number): string => {
    switch (kindOf(i)) {
      case 'blank':
        return '';
      case 'invalid':
        return `person${i}@acme.com`;
      case 'filled':
        return `Filled Company ${i}`;
      case 'duplicate':
        return inputOf(i - 3);
      case 'miss':
        return `Nobody Inc ${i}`;
      default:
        return `Company ${i}`;
    }
  };
  const ROWS = 300;
  const inputs = Array.from({ length: ROWS }, (_, i) => inputOf(i));
  const count = (kind: Kind) => inputs.filter((_, i) => kindOf(i) === kind).length;
  /** Already paid for by formulas before the run: free for it. */
  const CACHED = ['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5'];
  const distinctNew = count('lookup') + count('miss') - CACHED.length;
  /** The account can pay for the formulas and this many lookups of the run, then answers 402. */
  const AFFORDED = 200;

  function setUp(): World {
    const world = createWorld({ credits: CACHED.length * PRICE + AFFORDED * PRICE });
    saveSettings(world, { requestsPerSecond: 5 }); // a slower plan: the run needs several slices
    fillColumn(world, ['Company', 'Website'], inputs);
    const filled = inputs.flatMap((_, i) => (kindOf(i) === 'filled' ? [i] : []));
    for (const i of filled) typeValues(world, `B${i + 2}`, [['typed.example']]);
    for (const company of CACHED) callFunction(world, 'COMPANY_WEBSITE', company);
    return world;
  }

  it('previews, runs in slices, stops once on the 402, charges exactly what was sent, and resumes', () => {
    const world = setUp();
    expect(spent(world)).toBe(CACHED.length * PRICE);

    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(preview).toMatchObject({
      rows: ROWS,
      alreadyFilled: count('filled'),
      blank: count('blank'),
      invalidCount: count('invalid'),
      duplicates: count('duplicate'),
      cached: CACHED.length,
      toLookUp: distinctNew,
      estimatedCredits: distinctNew * PRICE,
      estimateIsBound: false,
      needsConfirmation: true,
      outputColumns: [{ header: 'Website', column: 2, created: false }],
      statusColumn: { header: STATUS_HEADER, column: 3, created: true },
    });
    expect(preview.invalid[0]).toEqual({
      row: 9,
      message: expect.stringMatching(
        /^This is an email address; Website from company name needs a company name/,
      ),
    });
    expect(preview.invalid).toHaveLength(count('invalid'));
    expect(spent(world)).toBe(CACHED.length * PRICE); // a preview is free

    // Above the confirmation threshold, starting needs the estimate confirmed.
    expect(() => sidebar(world, 'startBulkRun', websiteConfig(), 0)).toThrow(/confirm it first/);
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), preview.estimatedCredits);
    expect(started).toMatchObject({ state: 'running', rows: ROWS, done: 0 });
    expect(world.emu.cell('Sheet1', 'C1').value).toBe(STATUS_HEADER);

    const calls = drive(world, started.runId);
    const last = calls[calls.length - 1]!.progress;
    expect(calls.length).toBeGreaterThan(1); // at 5 a second, 200 paid lookups do not fit in one slice
    for (const call of calls) expect(call.ms).toBeLessThanOrEqual(SLICE_BUDGET_MS);
    expect(last.state).toBe('stopped');
    expect(last.message).toMatch(
      /^Not enough credits \(HTTP 402\)\. The run stopped .* Top up the account, then Resume\.$/,
    );
    expect(spent(world)).toBe((CACHED.length + AFFORDED) * PRICE);
    expect(last.creditsSpent).toBe(AFFORDED * PRICE);

    // The row of the first lookup the account could not pay for, and everything below it, is untouched.
    const cached = new Set(CACHED);
    const seen = new Set<string>();
    let stopAt = -1;
    for (const [i, input] of inputs.entries()) {
      const paid = kindOf(i) === 'lookup' || kindOf(i) === 'miss';
      if (!paid || cached.has(input) || seen.has(input)) continue;
      seen.add(input);
      if (seen.size === AFFORDED + 1) {
        stopAt = i;
        break;
      }
    }
    const outputs = column(world, 'B', ROWS);
    const statuses = column(world, 'C', ROWS);
    expect(last.message).toContain(`stopped at row ${stopAt + 2}`);
    for (const [i, input] of inputs.entries()) {
      const kind = kindOf(i);
      if (kind === 'filled') {
        expect([i, outputs[i], statuses[i]]).toEqual([i, 'typed.example', '']);
      } else if (i >= stopAt || kind === 'blank') {
        expect([i, outputs[i], statuses[i]]).toEqual([i, '', '']);
      } else if (kind === 'invalid') {
        expect([i, outputs[i]]).toEqual([i, '']);
        expect(statuses[i]).toMatch(/^Invalid input: This is an email address/);
      } else if (kind === 'miss') {
        expect([i, outputs[i], statuses[i]]).toEqual([i, '', 'Not found']);
      } else {
        expect([i, outputs[i], statuses[i]]).toEqual([i, websiteOf(input), 'Found']);
      }
    }
    // One message for the whole run, none per row.
    expect(statuses.filter((status) => String(status).includes('402'))).toEqual([]);
    const beforeStop = (kind: Kind) => inputs.filter((_, i) => i < stopAt && kindOf(i) === kind).length;
    expect(last).toMatchObject({
      errors: 0,
      failedRows: 0,
      invalid: beforeStop('invalid'),
      notFound: beforeStop('miss'),
      done: stopAt,
      pending: 0,
    });

    // A reopened sidebar finds the stopped run; after a top-up it resumes where it stopped.
    expect(sidebar<BulkProgress>(world, 'getBulkRun')).toMatchObject({
      runId: started.runId,
      state: 'stopped',
    });
    world.api.addCredits(world.key, 1000);
    expect(sidebar<BulkProgress>(world, 'resumeBulkRun', started.runId)).toMatchObject({
      state: 'running',
      message: null,
    });
    const finished = drive(world, started.runId).pop()!.progress;
    expect(finished).toMatchObject({
      state: 'done',
      done: ROWS,
      pending: 0,
      skipped: count('filled') + count('blank'),
      invalid: count('invalid'),
      notFound: count('miss'),
      found: count('lookup') + count('duplicate'),
    });
    // Every distinct input was bought once: the formulas' five, then the run's.
    expect(spent(world)).toBe((CACHED.length + distinctNew) * PRICE);
    expect(finished.creditsSpent).toBe(distinctNew * PRICE);
    const after = column(world, 'B', ROWS);
    for (const [i, input] of inputs.entries()) {
      if (kindOf(i) === 'lookup' || kindOf(i) === 'duplicate')
        expect([i, after[i]]).toEqual([i, websiteOf(input)]);
    }

    // Running the column again costs nothing: every row is filled or answered.
    const again = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(again).toMatchObject({ toLookUp: 0, estimatedCredits: 0, needsConfirmation: false });
  });
});

describe('a 5,000-row run at 300 ms latency', () => {
  const ROWS = 5_000;
  /** The last 1,000 rows repeat the first 1,000, asked long after them (and many slices later). */
  const inputOf = (i: number) => `Firm ${i >= 4_000 ? i - 4_000 : i}`;
  const inputs = Array.from({ length: ROWS }, (_, i) => inputOf(i));
  const distinct = new Set(inputs).size;

  it('keeps every slice inside its budget; a slice killed mid-way and a closed sidebar lose no row and charge none twice', () => {
    const world = createWorld({ credits: 100_000, emulator: { latencyMs: 300 } });
    fillColumn(world, ['Firm'], inputs);
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(preview).toMatchObject({ rows: ROWS, toLookUp: distinct, duplicates: ROWS - distinct });
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), preview.estimatedCredits);

    const timings: number[] = [];
    const step = () => {
      const before = world.clock.now();
      const progress = sidebar<BulkProgress>(world, 'continueBulkRun', runId);
      timings.push(world.clock.now() - before);
      return progress;
    };
    for (let i = 0; i < 8; i++) step();
    const beforeKill = sidebar<BulkProgress>(world, 'getBulkRun');
    const spentBeforeKill = spent(world);

    // The next slice buys its answers, then its execution is killed as it starts writing them.
    const kill = jest.spyOn(FakeRange.prototype, 'setValues').mockImplementationOnce(() => {
      world.clock.advance(7 * 60_000);
      throw new Error('unreachable: the clock throws the execution timeout');
    });
    expect(() => step()).toThrow(/Exceeded maximum execution time/);
    kill.mockRestore();
    const boughtByKilledSlice = spent(world) - spentBeforeKill;
    expect(boughtByKilledSlice).toBeGreaterThan(0);
    expect(sidebar<BulkProgress>(world, 'getBulkRun')).toMatchObject({
      state: 'running',
      done: beforeKill.done,
    });

    // The sidebar is closed for an hour; a new one resumes the run where it was.
    world.clock.advance(60 * 60_000);
    const reopened = sidebar<BulkProgress>(world, 'getBulkRun');
    expect(reopened).toMatchObject({ runId, state: 'running', done: beforeKill.done });
    let last = step();
    expect(last.done).toBeGreaterThan(beforeKill.done);
    while (last.state === 'running') last = step();

    expect(last).toMatchObject({ state: 'done', done: ROWS, errors: 0, pending: 0 });
    expect(Math.max(...timings.filter(Number.isFinite))).toBeLessThanOrEqual(SLICE_BUDGET_MS);
    expect(spent(world)).toBe(distinct * PRICE);
    // No input was ever bought twice, the killed slice's included: its answers came from the cache.
    // (A POST refused with 429 is not a purchase: the pace rides the rate limit, so a few occur.)
    const bought = world.api
      .callsFor(world.key)
      .filter((call) => call.method === 'POST' && call.status !== 429);
    expect(new Set(bought.map((call) => call.input)).size).toBe(bought.length);
    const outputs = column(world, 'B', ROWS);
    const wrong = inputs.flatMap((input, i) => (outputs[i] === websiteOf(input) ? [] : [i]));
    expect(wrong).toEqual([]);
  });
});

describe('employee lists for many companies', () => {
  const COMPANIES = ['Acme Corporation', 'Globex Industries', 'Acme Corporation', 'Initech'];
  const MAX = 5;
  const listConfig = (employeesTo: BulkRunConfig['employeesTo']): BulkRunConfig => ({
    ...websiteConfig({ type: 'company_name_to_employees', options: { max: MAX }, employeesTo }),
  });
  /** The first five employees the fake API has for each company. */
  const EMPLOYEES: Record<string, string[]> = {
    'Acme Corporation': ['Elena Wilson', 'Anita Smith', 'Diego Muller', 'Hedy Backus', 'Grace Lopez'],
    'Globex Industries': [
      'Bjarne Shannon',
      'Olivia Hopper',
      'Bjarne Stroustrup',
      'Ken Lovelace',
      'Elena Rossum',
    ],
    Initech: ['Fatima Brown', 'Katherine Silva', 'Margaret Okafor', 'Anita Novak', 'Frances Wirth'],
  };
  const sheetNames = (world: World) => world.emu.document.sheets.map((sheet) => sheet.name);

  function runLists(employeesTo: BulkRunConfig['employeesTo']) {
    const world = createWorld();
    fillColumn(world, ['Company'], COMPANIES);
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', listConfig(employeesTo));
    expect(preview).toMatchObject({
      toLookUp: 3,
      duplicates: 1,
      estimatedCredits: 3 * MAX * 0.5,
      estimateIsBound: true,
    });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', listConfig(employeesTo), 0);
    const first = sidebar<BulkProgress>(world, 'continueBulkRun', started.runId);
    // The lists are jobs: the rows wait on them, and background collection is turned on.
    expect(first).toMatchObject({ state: 'running', pending: COMPANIES.length, done: 0 });
    expect(world.emu.triggers.triggers.some((trigger) => trigger.handler === 'runJobPump')).toBe(true);
    world.clock.advance(first.nextCallInMs ?? 0);
    const last = drive(world, started.runId).pop()!.progress;
    expect(last).toMatchObject({ state: 'done', found: COMPANIES.length, pending: 0 });
    expect(spent(world)).toBe(3 * MAX * 0.5);
    expect(last.creditsSpent).toBe(3 * MAX * 0.5);
    return world;
  }

  it('writes one combined sheet with the company and source row of each employee, and no sheet per company', () => {
    const world = runLists('combined-sheet');
    const name = 'Employees - Sheet1 (all companies)';
    expect(sheetNames(world).filter((sheet) => sheet.startsWith('Employees - '))).toEqual([name]);
    const rows = world.emu.values(name, 'A1:H16');
    expect(rows[0]).toEqual([
      'Company',
      'Row',
      'Full name',
      'Job title',
      'Department',
      'Seniority',
      'Location',
      'Pronet URL',
    ]);
    const expected = [2, 3, 5].flatMap((row) =>
      EMPLOYEES[COMPANIES[row - 2]!]!.map((employee) => [COMPANIES[row - 2], row, employee]),
    );
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual(expected);
    const message = `${MAX} employees -> sheet '${name}'`;
    expect(column(world, 'B', 4)).toEqual([message, message, message, message]);
    expect(column(world, 'C', 4)).toEqual(['Found', 'Found', 'Found', 'Found']);
  });

  it('writes a sheet per company through the collector, each list once', () => {
    const world = runLists('sheet-per-company');
    const names = ['Employees - Acme Corporation', 'Employees - Globex Industries', 'Employees - Initech'];
    expect(
      sheetNames(world)
        .filter((sheet) => sheet.startsWith('Employees - '))
        .sort(),
    ).toEqual(names);
    expect(column(world, 'B', 4)).toEqual([
      `${MAX} employees -> sheet '${names[0]}'`,
      `${MAX} employees -> sheet '${names[1]}'`,
      `${MAX} employees -> sheet '${names[0]}'`,
      `${MAX} employees -> sheet '${names[2]}'`,
    ]);
    const acme = world.emu.values(names[0]!, 'A2:A6').map(([name]) => name);
    expect(acme).toEqual(EMPLOYEES['Acme Corporation']);
  });
});

describe('controlling a run', () => {
  const companies = Array.from({ length: 40 }, (_, i) => `Company ${i}`);
  const RUN_PROPERTY = 'enrich.bulk.run';

  function started(): { world: World; runId: string } {
    const world = createWorld({ plan: 10 });
    fillColumn(world, ['Company'], companies);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 40);
    return { world, runId };
  }

  it('never lets two sidebars work on the same rows: a second caller is told to wait', () => {
    const { world, runId } = started();
    // Another sidebar's slice is at work: its lease is in the run's saved state.
    const properties = world.emu.properties.getDocumentProperties()!;
    const saved = JSON.parse(properties.getProperty(RUN_PROPERTY)!);
    const until = world.clock.now() + 30_000;
    properties.setProperty(RUN_PROPERTY, JSON.stringify({ ...saved, lease: { token: 'other', until } }));

    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId)).toMatchObject({
      state: 'running',
      busy: true,
      done: 0,
      nextCallInMs: 2_000,
    });
    expect(spent(world)).toBe(0);
    world.clock.advance(31_000);
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId)).toMatchObject({
      busy: false,
      done: 40,
      state: 'done',
    });
    expect(spent(world)).toBe(40);
  });

  it('pauses, resumes and cancels', () => {
    const { world, runId } = started();
    expect(sidebar<BulkProgress>(world, 'pauseBulkRun', runId)).toMatchObject({
      state: 'paused',
      nextCallInMs: null,
    });
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId)).toMatchObject({
      state: 'paused',
      done: 0,
    });
    expect(spent(world)).toBe(0);
    expect(sidebar<BulkProgress>(world, 'resumeBulkRun', runId)).toMatchObject({
      state: 'running',
      nextCallInMs: 0,
    });
    expect(sidebar<BulkProgress>(world, 'cancelBulkRun', runId)).toMatchObject({ state: 'cancelled' });
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId)).toMatchObject({
      state: 'cancelled',
      done: 0,
    });
    expect(spent(world)).toBe(0);
    // A cancelled run does not block the next one.
    expect(sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 40).state).toBe('running');
  });

  // A slice sends for minutes at a slow pace: a Pause or Cancel clicked meanwhile (saved by its own
  // call, as below) stops its sending within seconds, not when the slice would have ended.
  it.each([
    ['paused', 'paused'],
    ['cancelled', 'cancelled'],
  ])('stops sending within 10 s when the run is %s while a slice sends', (state) => {
    const rows = Array.from({ length: 300 }, (_, i) => `Company ${i}`);
    let posts = 0;
    let atClick = 0;
    const world: World = createWorld({
      credits: 1000,
      api: { rateLimitPerSecond: 1 },
      intercept: (request, next) => {
        // The second slice, a long one, has sent about 30 when the user clicks.
        if (request.method === 'POST' && ++posts === 65) {
          atClick = spent(world);
          const properties = world.emu.properties.getDocumentProperties()!;
          const saved = JSON.parse(properties.getProperty(RUN_PROPERTY)!);
          properties.setProperty(RUN_PROPERTY, JSON.stringify({ ...saved, state }));
        }
        return next();
      },
    });
    fillColumn(world, ['Company'], rows);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 300);
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId).state).toBe('running');
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId).state).toBe(state);
    // At most 10 more at the key's 1 a second in the 10 s after the click.
    expect(atClick).toBeGreaterThan(50);
    expect(spent(world) - atClick).toBeLessThanOrEqual(10);
    // What was bought is written; nothing is sent after the stop.
    const outputs = column(world, 'B', 300);
    expect(outputs.filter((text) => text !== '').length).toBe(spent(world));
    const stoppedAt = spent(world);
    world.clock.advance(60_000);
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId).state).toBe(state);
    expect(spent(world)).toBe(stoppedAt);
  });

  it('shows its first rows within a short first slice, then sends for minutes a slice', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Company ${i}`);
    const world = createWorld({ credits: 1000, api: { rateLimitPerSecond: 1 } });
    fillColumn(world, ['Company'], rows);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 300);
    const calls = drive(world, runId);
    // The user sees rows filled and a time left within 45 s of clicking Run.
    expect(calls[0]!.ms).toBeLessThanOrEqual(45_000);
    expect(calls[0]!.progress.done).toBeGreaterThan(0);
    expect(calls[0]!.progress.etaSeconds).not.toBeNull();
    // Then each call sends for up to 3 minutes: 300 lookups at 1 a second in 3 calls.
    expect(calls.length).toBe(3);
    expect(calls.at(-1)!.progress).toMatchObject({ state: 'done', done: 300 });
    expect(spent(world)).toBe(300);
  });

  // A long slice is one sidebar call of minutes: the sidebar asks how the run goes meanwhile (its
  // calls run at once, as google.script.run's do), and what it shows moves every few seconds.
  it('shows its count and credits moving while a slice of minutes sends', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Company ${i}`);
    const { world, seen, whileSending } = worldAskingProgress({
      credits: 1000,
      api: { rateLimitPerSecond: 1 },
    });
    fillColumn(world, ['Company'], rows);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 300);
    expect(sidebar<BulkProgress>(world, 'continueBulkRun', runId).state).toBe('running');
    const second = whileSending(() => sidebar<BulkProgress>(world, 'continueBulkRun', runId));
    // The second slice sends for minutes; what the sidebar shows changes at least every 20 s.
    expect(seen.length).toBeGreaterThan(20);
    const shown = seen.map(({ at, shown: { done, creditsSpent }, charged }) => ({
      at,
      done,
      credits: creditsSpent,
      charged,
    }));
    let lastChange = shown[0]!;
    for (const each of shown) {
      // What it shows was charged: never more than the fake API's ledger held by then.
      expect(each.credits).toBeLessThanOrEqual(each.charged);
      if (each.done === lastChange.done) {
        expect(each.at - lastChange.at).toBeLessThanOrEqual(20_000);
        continue;
      }
      expect(each.done).toBeGreaterThan(lastChange.done);
      expect(each.credits).toBeGreaterThan(lastChange.credits);
      lastChange = each;
    }
    // The call's own answer is the ledger's figure.
    expect(second.creditsSpent).toBe(spent(world));
    const last = drive(world, runId).at(-1)!.progress;
    expect(last).toMatchObject({ state: 'done', done: 300, creditsSpent: 300 });
    expect(spent(world)).toBe(300);
  });

  it('refuses a second run while one is unfinished', () => {
    const { world } = started();
    expect(() => sidebar(world, 'startBulkRun', websiteConfig(), 40)).toThrow(
      'A run is already in progress on "Sheet1". Finish or cancel it before starting another.',
    );
  });
});

describe('a run at its per-run cap', () => {
  it('fills the rows whose answers are saved, for nothing, and resumes with the rest once the cap is raised', () => {
    const world = createWorld();
    saveSettings(world, { runHardCap: 2 });
    // A formula paid for Company 4 (1 credit).
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 4')).toBe('4.com');
    fillColumn(world, ['Company'], ['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5']);
    const { runId } = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 4);
    const stopped = drive(world, runId).pop()!.progress;
    expect(stopped).toMatchObject({
      state: 'stopped',
      creditsSpent: 2,
      message:
        'This run reached its cap of 2 credits (2 credits spent). Raise the per-run cap in the settings, then Resume.',
    });
    expect(world.emu.values('Sheet1', 'B2:C6')).toEqual([
      ['1.com', 'Found'],
      ['2.com', 'Found'],
      ['', ''],
      ['4.com', 'Found'],
      ['', ''],
    ]);
    expect(spent(world)).toBe(3);

    saveSettings(world, { runHardCap: 10 });
    expect(sidebar<BulkProgress>(world, 'resumeBulkRun', runId)).toMatchObject({ state: 'running' });
    expect(drive(world, runId).pop()!.progress).toMatchObject({
      state: 'done',
      rows: 5,
      done: 5,
      creditsSpent: 4,
    });
    expect(world.emu.values('Sheet1', 'B4:C6')).toEqual([
      ['3.com', 'Found'],
      ['4.com', 'Found'],
      ['5.com', 'Found'],
    ]);
    expect(spent(world)).toBe(5);
  });
});

describe('a run again after its output column was cleared', () => {
  const companies = ['Company 1', 'Company 2', 'Nobody Inc 3', 'Company 4', 'Company 1', 'Company 6'];

  it('refills the rows from the saved results, for nothing, though their status still says Found', () => {
    const world = createWorld();
    fillColumn(world, ['Company'], companies);
    const first = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 0);
    expect(drive(world, first.runId).at(-1)!.progress.state).toBe('done');
    expect(spent(world)).toBe(5 * PRICE); // five distinct inputs, the miss included
    const output = first.outputColumns[0]!.column;
    const status = first.statusColumn.column;
    const letter = (column: number) => String.fromCharCode(64 + column);
    // The user clears the output column but for one cell, and keeps the status column.
    const sheet = world.emu.spreadsheet.getSheetByName('Sheet1')!;
    sheet.getRange(3, output, 5, 1).clearContent();
    expect(column(world, letter(output), 6)).toEqual(['1.com', '', '', '', '', '']);
    expect(column(world, letter(status), 6)).toEqual([
      'Found',
      'Found',
      'Not found',
      'Found',
      'Found',
      'Found',
    ]);

    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(preview).toMatchObject({
      rows: 6,
      alreadyFilled: 1, // the one output cell that still holds a value
      notFoundBefore: 1, // "Not found" is that row's whole answer: never bought twice
      duplicates: 0,
      cached: 4,
      toLookUp: 0,
      estimatedCredits: 0,
    });
    const again = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 0);
    expect(drive(world, again.runId).at(-1)!.progress).toMatchObject({ state: 'done', creditsSpent: 0 });

    expect(column(world, letter(output), 6)).toEqual(['1.com', '2.com', '', '4.com', '1.com', '6.com']);
    expect(spent(world)).toBe(5 * PRICE);
  });
});

describe('what the preview lists', () => {
  it('names lookups by their labels, as the sidebar does, and says an error cell costs nothing', () => {
    const world = createWorld();
    fillColumn(world, ['Profile'], ['Ada Lovelace', 'https://www.pronet.com/in/ada-lovelace']);
    typeValues(world, 'A4', [['#ERROR!']]);
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', {
      ...websiteConfig(),
      type: 'pronet_profile_to_email',
    });
    expect(preview.invalid).toEqual([
      {
        row: 2,
        message:
          'Email from profile needs a person profile URL (pronet.com/in/...); got "Ada Lovelace". For names, use "Email from name".',
      },
      {
        row: 4,
        message:
          'This is an error value (#ERROR!), which costs nothing: fix the cell it comes from; Email from profile needs a person profile URL (pronet.com/in/...).',
      },
    ]);
  });
});

describe('a run stopped by a 402, then cancelled', () => {
  it('no longer asks to resume: a cancelled run has no Resume', () => {
    const world = createWorld({ credits: 3 * PRICE });
    fillColumn(
      world,
      ['Company'],
      Array.from({ length: 6 }, (_, i) => `Company ${i}`),
    );
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 0);
    const stopped = drive(world, started.runId).at(-1)!.progress;
    expect(stopped.state).toBe('stopped');
    // One next step, the run's own: not "then run again" and "Resume once this is fixed" both.
    expect(stopped.message).toBe(
      'Not enough credits (HTTP 402). The run stopped at row 5; nothing from there on was sent. Top up the account, then Resume.',
    );

    expect(sidebar<BulkProgress>(world, 'cancelBulkRun', started.runId)).toMatchObject({
      state: 'cancelled',
      message: null,
    });
    expect(sidebar<BulkProgress | null>(world, 'getBulkRun')).toMatchObject({
      state: 'cancelled',
      message: null,
    });
  });
});

describe('the confirmation of a run over the per-run cap', () => {
  it('says what the cap allows and that the balance can stop it sooner, and the run spends what it said', () => {
    // 457 new lookups at 1 credit: over the per-run cap of 256; the account holds 290.
    const world = createWorld({ credits: 290 });
    saveSettings(world, { runHardCap: 256 });
    fillColumn(
      world,
      ['Company'],
      Array.from({ length: 457 }, (_, i) => `Company ${i}`),
    );
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(preview).toMatchObject({ toLookUp: 457, estimatedCredits: 457, needsConfirmation: true });
    expect(preview.confirmation).toEqual({
      lookups: 457,
      credits: 457,
      bound: false,
      cap: { credits: 256, perLookup: 1, fits: 256 },
    });
    // The sidebar words the server's figures.
    expect(confirmationWords(preview.confirmation!)).toEqual({
      text:
        'These 457 new lookups would cost about 457 credits, more than the per-run cap of 256 credits allows: the run stops after 256 lookups (256 credits); raise the cap in the settings, then Resume, for the rest. ' +
        "If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits. Run it?",
      button: 'Run and spend up to 256 credits',
    });

    const started = sidebar<BulkProgress>(world, 'startBulkRun', websiteConfig(), 457);
    const stopped = drive(world, started.runId).at(-1)!.progress;
    expect(stopped.message).toBe(
      'This run reached its cap of 256 credits (256 credits spent). Raise the per-run cap in the settings, then Resume.',
    );
    expect(spent(world)).toBe(256);
  });

  it('says what the balance can do when no cap is in the way', () => {
    const world = createWorld({ credits: 290 });
    fillColumn(
      world,
      ['Company'],
      Array.from({ length: 40 }, (_, i) => `Company ${i}`),
    );
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websiteConfig());
    expect(preview.confirmation).toEqual({ lookups: 40, credits: 40, bound: false, cap: null });
    expect(confirmationWords(preview.confirmation!)).toEqual({
      text:
        'This run will spend about 40 credits for 40 new lookups. ' +
        "If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits. Run it?",
      button: 'Run and spend about 40 credits',
    });
    expect(spent(world)).toBe(0);
  });
});
