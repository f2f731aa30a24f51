// Async jobs end to end: the built add-on in the emulator against the fake API, on one virtual
// clock. A formula starts a job; the time-driven trigger, the sidebar's timer or the menu collects
// it; employee lists land in new sheets; expired jobs are reported, not bought again.

import type { CollectorProgress, JobsList, RetryResult } from '../../src/shared/jobs-rpc';
import type { FakeResponse } from '../../tools/fake-api/http';
import {
  balanceProbes,
  createWorld,
  enterFormulaBeforeItsTrigger as enterFormula,
  postsSent,
  rerunUnasked,
  spent,
  typeValues,
  type World,
} from './harness';

const ACME = 'Acme Corporation';
const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SALES_SHEET = 'Employees - Acme Corporation (Sales)';
const INJECTED = '=IMPORTXML("http://x","//a")';
/** What a cell shows while its full profile is being looked up (the key was saved in the sidebar, so edits collect). */
const PROCESSING = 'Processing… the result will appear here within a minute or two.';
/** What an employee-list formula shows until its list arrives. */
const LIST_REQUESTED = 'Employee list ordered: it will appear in a new sheet within a minute or two.';
/** The fake API's headline for the PROFILE's person. */
const HEADLINE = 'Product Manager at Ironworks';
/**
 * The Sales employees the fake API has for Acme Corporation, in its order: 11 of them, so the list
 * costs 5.5 credits (0.5 per employee returned, in the spec's Limits).
 */
const ACME_SALES = [
  'Anita Smith',
  'Hedy Backus',
  'Linus Rossi',
  'Emma Wilson',
  'Dennis Haddad',
  'Mary Hamilton',
  'Guido Haddad',
  'Hedy Garcia',
  'Priya Lamarr',
  'Claude Smith',
  'James Okafor',
];
const SALES_CREDITS = 5.5;
const SALES_SUMMARY = `11 employees -> sheet '${SALES_SHEET}'`;

type Options = Parameters<typeof createWorld>[0];

/** Employee lists take 40 s: longer than a formula may wait, so they become jobs. */
function slowListWorld(options: Options = {}): World {
  return createWorld({ ...options, api: { jobDelayMs: { employees: 40_000 }, ...options?.api } });
}

const sidebar = (world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' });
const collectFromSidebar = (world: World) => sidebar(world, 'collectJobsFromSidebar') as CollectorProgress;
const listJobs = (world: World) => sidebar(world, 'listJobs') as JobsList;
const clockTriggers = (world: World) => world.emu.triggers.triggers.filter((t) => t.handler === 'runJobPump');

function sheetRows(world: World, name: string): unknown[][] {
  const model = world.emu.document.sheetByName(name);
  if (!model) throw new Error(`no sheet "${name}" (sheets: ${world.emu.document.sheets.map((s) => s.name)})`);
  return world.emu.values(name, `A1:J${model.lastRow()}`);
}

const employeeSheets = (world: World) =>
  world.emu.document.sheets.filter((sheet) => sheet.name.startsWith('Employees - '));

/** The sidebar's timer: calls again when told, until nothing is pending. */
function collectWithSidebarUntilIdle(world: World, maxCalls = 60): CollectorProgress[] {
  const calls: CollectorProgress[] = [];
  for (let i = 0; i < maxCalls; i++) {
    const progress = collectFromSidebar(world);
    calls.push(progress);
    if (progress.pending === 0) return calls;
    world.clock.advance(progress.nextCheckInMs ?? 5_000);
  }
  throw new Error('still pending after the sidebar gave up');
}

describe('an employee list started by a formula', () => {
  it('is collected by the trigger into a new sheet; the formula then shows the summary, and recalculation costs nothing', () => {
    const world = slowListWorld();
    typeValues(world, 'A2', [[ACME]]);
    const shown = enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    expect(shown.values[0]![0]).toBe(LIST_REQUESTED);
    expect(clockTriggers(world)).toHaveLength(0); // a formula may not create triggers

    // Opening the sidebar once turns background collection on; the user then closes it.
    expect(collectFromSidebar(world)).toMatchObject({ pending: 1, background: 'minute' });
    expect(clockTriggers(world)).toHaveLength(1);

    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 3 * MINUTE);

    const rows = sheetRows(world, SALES_SHEET);
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Full name',
      'Job title',
      'Department',
      'Seniority',
      'Location',
      'Pronet URL',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(ACME_SALES);
    expect(rows.slice(1).every((row) => row[2] === 'Sales')).toBe(true);
    const header = world.emu.cell(SALES_SHEET, 'A1');
    expect(header.bold).toBe(true);
    expect(header.note).toContain('COMPANY_EMPLOYEES("Acme Corporation", department "Sales")');
    expect(header.note).toContain('11 employees, 5.5 credits');
    expect(world.emu.document.sheetByName(SALES_SHEET)!.frozenRows).toBe(1);

    expect(world.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(spent(world)).toBe(SALES_CREDITS);
    expect(world.emu.triggerRuns.every((run) => run.error === null)).toBe(true);
    expect(clockTriggers(world)).toHaveLength(0); // idle: removed

    const again = enterFormula(world, 'C2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    world.emu.cache.forgetEverything();
    const afterCacheLoss = enterFormula(world, 'D2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    collectFromSidebar(world);
    expect(again.values[0]![0]).toBe(SALES_SUMMARY);
    expect(afterCacheLoss.values[0]![0]).toBe(SALES_SUMMARY);
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(SALES_CREDITS);
    expect(employeeSheets(world)).toHaveLength(1);
  });

  it('that arrives within the formula is written by the sidebar without any trigger', () => {
    const world = createWorld(); // lists take 20 s: the formula gets the answer itself
    typeValues(world, 'A2', [[ACME]]);
    const shown = enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    expect(shown.values[0]![0]).toBe(
      '11 employees found; writing them to a new sheet within a minute or two.',
    );

    const progress = collectFromSidebar(world);

    expect(progress.delivered).toEqual([SALES_SUMMARY]);
    expect(progress).toMatchObject({ pending: 0, background: 'off' });
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(clockTriggers(world)).toHaveLength(0);
    expect(sheetRows(world, SALES_SHEET)).toHaveLength(1 + 11);
  });

  it('cut short because the credits ran out says so, in the formula and in the sheet note', () => {
    // 8 credits pay for 16 employees at 0.5 each (spec, Limits): the fake API cuts the 25 there.
    const world = createWorld({ credits: 8 });
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2)');

    expect(collectFromSidebar(world).delivered).toHaveLength(1);

    const incomplete =
      'It may be incomplete: 25 were asked, and the account ran out of credits (the API cuts a list to what the balance covers).';
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(
      `16 employees -> sheet 'Employees - Acme Corporation'. ${incomplete}`,
    );
    expect(sheetRows(world, 'Employees - Acme Corporation')).toHaveLength(1 + 16);
    expect(world.emu.cell('Employees - Acme Corporation', 'A1').note).toContain(
      `16 employees, 8 credits (0.5 credit per employee)\n${incomplete} For the rest, add credits and ask again with another max: this same query answers from the list saved here.`,
    );
    expect(spent(world)).toBe(8);
    expect(balanceProbes(world)).toBe(1); // answered 402: free
  });

  it('shorter than asked with credits left is not flagged: the company has no more', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');

    collectFromSidebar(world);

    expect(world.emu.cell('Sheet1', 'B2').value).toBe(SALES_SUMMARY);
    expect(balanceProbes(world)).toBe(1); // accepted at no charge: the balance covers more
    expect(spent(world)).toBe(SALES_CREDITS);
  });

  it('gets a sheet name of its own when the name is taken, and the user stays on their sheet', () => {
    const world = createWorld();
    world.emu.spreadsheet.insertSheet(SALES_SHEET);
    world.emu.spreadsheet.getSheetByName('Sheet1')!.activate();
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');

    collectFromSidebar(world);

    expect(world.emu.document.sheetByName(`${SALES_SHEET} 2`)).not.toBeNull();
    expect(world.emu.cell('Sheet1', 'B2').value).toMatch(
      /-> sheet 'Employees - Acme Corporation \(Sales\) 2'$/,
    );
    expect(world.emu.document.activeSheet.name).toBe('Sheet1');
  });

  it('lands a formula-like value from the API as text, never as a formula', () => {
    const box: { world?: World } = {};
    const world = createWorld({
      emulator: { fetchHandler: (request) => withInjectedTitle(box.world!.api.handle(request), INJECTED) },
    });
    box.world = world;
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');

    collectFromSidebar(world);

    const cell = world.emu.cell(SALES_SHEET, 'B2');
    expect(cell.formula).toBe('');
    expect(cell.value).toBe(INJECTED);
    expect(world.emu.cell(SALES_SHEET, 'A2').value).toBe('Anita Smith');
  });
});

/** The API's answer with the first employee's job title replaced, as a hostile data source would. */
function withInjectedTitle(response: FakeResponse, value: string): FakeResponse {
  const body = JSON.parse(response.body) as { result?: unknown };
  if (!Array.isArray(body.result) || body.result.length === 0) return response;
  (body.result[0] as Record<string, unknown>).job_title = value;
  return { ...response, body: JSON.stringify(body) };
}

describe('a list whose sheet cannot be written', () => {
  it('is retried, then reported as failed, and written again at no cost when the user asks', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    const paid = spent(world);
    const document = world.emu.document;
    world.emu.documents.delete(document.id); // Sheets cannot open the spreadsheet for a while

    for (let attempt = 0; attempt < 3; attempt++) {
      collectFromSidebar(world);
      world.clock.advance(61_000);
    }
    world.emu.documents.set(document.id, document);

    const [job] = listJobs(world).jobs;
    expect(job).toMatchObject({ state: 'failed', canRetry: true });
    expect(job!.message).toMatch(/^Could not write the employee sheet: .*Retry in the Jobs panel/);
    expect(employeeSheets(world)).toHaveLength(0);

    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;

    expect(retried).toMatchObject({
      ok: true,
      message: SALES_SUMMARY,
    });
    expect(employeeSheets(world)).toHaveLength(1);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(retried.message);
    expect(spent(world)).toBe(paid);
    expect(postsSent(world)).toBe(1);
  });
});

describe('a full profile, which takes about a minute', () => {
  it('is delivered through the trigger', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[PROFILE]]);
    expect(enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")').values[0]![0]).toBe(PROCESSING);
    collectFromSidebar(world);

    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 3 * MINUTE);

    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(spent(world)).toBe(10);
    expect(clockTriggers(world)).toHaveLength(0);
    enterFormula(world, 'C2', '=PRONET_PROFILE(A2, "headline")');
    expect(postsSent(world)).toBe(1);
  });

  it('is delivered through the sidebar driver', () => {
    const world = createWorld();
    typeValues(world, 'A2', [[PROFILE]]);
    enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');

    const calls = collectWithSidebarUntilIdle(world);

    expect(calls.at(-1)).toMatchObject({ collected: 1, pending: 0, background: 'off' });
    expect(calls.slice(0, -1).every((call) => call.pending === 1)).toBe(true);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(world.emu.triggerRuns).toHaveLength(0);
    expect(spent(world)).toBe(10);
    expect(postsSent(world)).toBe(1);
  });
});

describe('a job not collected within 10 minutes of finishing', () => {
  it('is reported as expired with its cost, and bought again only when the user asks', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A2', [[PROFILE]]);
    enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');
    expect(collectFromSidebar(world).background).toBe('hour'); // an add-on may not run more often

    // Its hour, and the hour Apps Script may run it late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR + MINUTE);

    expect(world.emu.triggerRuns).toEqual([expect.objectContaining({ error: null })]);
    const cell = world.emu.cell('Sheet1', 'B2');
    expect(cell.error?.message).toMatch(/expired before it was collected.*cost about 10 credits/);
    const [job] = listJobs(world).jobs;
    expect(job).toMatchObject({ state: 'expired', costText: 'about 10 credits', canRetry: true });
    expect(spent(world)).toBe(10);
    expect(clockTriggers(world)).toHaveLength(0);

    enterFormula(world, 'C2', '=PRONET_PROFILE(A2, "headline")');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(10);

    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;
    expect(retried).toMatchObject({ ok: true, job: { state: 'processing' } });
    expect(postsSent(world)).toBe(2);
    collectWithSidebarUntilIdle(world);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(spent(world)).toBe(20);
  });
});

describe('an employee list not collected within 10 minutes of finishing', () => {
  it('counts at its bound while its charge is unknown, and at its charge once Retry buys the same list', () => {
    const world = slowListWorld({ emulator: { addOn: true } });
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    expect(collectFromSidebar(world).background).toBe('hour');
    // Its hour, and the hour Apps Script may run it late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR + MINUTE);
    const [job] = listJobs(world).jobs;
    expect(job).toMatchObject({ state: 'expired', costText: 'about 12.5 credits' });
    // The API charged 5.5 when the list finished; nobody saw it: Spending counts its bound, 25 employees.
    expect(spent(world)).toBe(SALES_CREDITS);
    expect(sidebar(world, 'getLedger')).toMatchObject({ today: 12.5 });

    expect(sidebar(world, 'retryExpiredJob', job!.key)).toMatchObject({ ok: true });
    collectWithSidebarUntilIdle(world);
    expect(sheetRows(world, SALES_SHEET)).toHaveLength(1 + ACME_SALES.length);
    // The same list again: 11 employees, so the expired one cost 5.5 too, as the API's ledger says.
    expect(spent(world)).toBe(11);
    expect(sidebar(world, 'getLedger')).toMatchObject({
      today: 11,
      bySource: { formulas: 5.5, bulk: 5.5, keyTests: 0, refresh: 0 },
    });
    const report = sidebar(world, 'openSpendReport', 'today') as { credits: number; rows: number };
    expect(report).toMatchObject({ credits: 11, rows: 2 });
    expect(world.emu.values('Enrich spend report', 'B7:F8')).toEqual([
      ['Formula', 'Employees from company name', 'Acme Corporation (department Sales)', '5.5', 'Error'],
      ['Retry', 'Employees from company name', 'Acme Corporation (department Sales)', '5.5', 'Found'],
    ]);
  });
});

describe('the hourly add-on trigger', () => {
  it('delivers a list into a sheet of its document, the active spreadsheet, under spreadsheets.currentonly', () => {
    // The list finishes just before the trigger's first run, at the latest Google allows (T5).
    const world = createWorld({
      emulator: { addOn: true, clockTriggerDelay: 'latest' },
      api: { jobDelayMs: { employees: 119 * MINUTE } },
    });
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    collectFromSidebar(world);

    // Its hour, and the hour Apps Script may run it late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR + MINUTE);

    expect(world.emu.triggerRuns).toEqual([expect.objectContaining({ error: null })]);
    expect(sheetRows(world, SALES_SHEET)).toHaveLength(1 + 11);
    expect(world.emu.cell('Sheet1', 'B2').value).toMatch(
      /employees -> sheet 'Employees - Acme Corporation \(Sales\)'$/,
    );
    expect(clockTriggers(world)).toHaveLength(0);
  });
});

describe('a trigger whose authorization lapsed', () => {
  it('does nothing, and the sidebar says collection was paused until the user authorized again', () => {
    const world = createWorld({ emulator: { addOn: true }, api: { jobDelayMs: { employees: 59 * MINUTE } } });
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    collectFromSidebar(world);
    const polls = world.api.calls.filter((call) => call.method.toUpperCase() === 'GET').length;
    // An update asked for a scope the user has not granted yet.
    world.emu.triggers.authorizationRequired = true;

    // Its hour, and the hour Apps Script may run it late by (T5).
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR + MINUTE);

    expect(world.emu.triggerRuns).toEqual([expect.objectContaining({ error: null })]);
    expect(world.api.calls.filter((call) => call.method.toUpperCase() === 'GET')).toHaveLength(polls);
    expect(employeeSheets(world)).toHaveLength(0);
    // Opening the sidebar is authorizing again: it says what happened, once.
    world.emu.triggers.authorizationRequired = false;
    const sidebar = () =>
      world.emu.runExecution(world.bundle, 'listJobs', [], { context: 'sidebar' }) as {
        reauthorized: boolean;
      };
    expect(sidebar().reauthorized).toBe(true);
    expect(sidebar().reauthorized).toBe(false);
  });
});

describe('two drivers at once', () => {
  function listReady(): World {
    const world = slowListWorld();
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    world.clock.advance(30_000); // the job is done, nobody has collected it yet
    return world;
  }

  it('deliver each job exactly once: the second sees it already collected', () => {
    const world = listReady();
    const bySidebar = collectFromSidebar(world);
    const byTrigger = world.emu.runExecution(world.bundle, 'runJobPump', [], {
      context: 'time-trigger',
    }) as CollectorProgress;

    expect(bySidebar.delivered).toHaveLength(1);
    expect(byTrigger.delivered).toHaveLength(0);
    expect(employeeSheets(world)).toHaveLength(1);
    expect(spent(world)).toBe(SALES_CREDITS);
  });

  it('leave the work to the one holding the lock', () => {
    const world = listReady();
    world.emu.locks.holdElsewhere('document', 20_000);

    const blocked = collectFromSidebar(world);
    expect(blocked).toMatchObject({ busy: true, pending: 1, delivered: [] });
    expect(employeeSheets(world)).toHaveLength(0);

    world.clock.advance(20_000);
    expect(collectFromSidebar(world).delivered).toHaveLength(1);
    expect(collectFromSidebar(world).delivered).toHaveLength(0);
    expect(employeeSheets(world)).toHaveLength(1);
  });
});

describe("the collector's clock trigger", () => {
  it('is created only when a job is pending, never twice, and removed when idle', () => {
    const world = slowListWorld();
    expect(collectFromSidebar(world)).toMatchObject({ pending: 0, background: 'off' });
    expect(clockTriggers(world)).toHaveLength(0);

    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    collectFromSidebar(world);
    collectFromSidebar(world);
    expect(sidebar(world, 'ensureJobTrigger')).toBe('minute');
    expect(clockTriggers(world)).toHaveLength(1);
    expect(sidebar(world, 'removeJobTriggerIfIdle')).toBe('minute'); // a job is pending
    expect(clockTriggers(world)).toHaveLength(1);
    expect(listJobs(world)).toMatchObject({ pending: 1, background: 'minute' });

    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 5 * MINUTE);
    expect(clockTriggers(world)).toHaveLength(0);
    expect(world.emu.triggerRuns.length).toBeGreaterThanOrEqual(1);
    expect(listJobs(world)).toMatchObject({ pending: 0, background: 'off' });
  });

  it('as an add-on runs hourly and is never duplicated (the platform allows one per document)', () => {
    const world = slowListWorld({ emulator: { addOn: true } });
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
    expect(sidebar(world, 'ensureJobTrigger')).toBe('hour');
    expect(sidebar(world, 'ensureJobTrigger')).toBe('hour');
    expect(clockTriggers(world)).toHaveLength(1);
    expect(clockTriggers(world)[0]!.everyMs).toBe(HOUR);
  });

  it('is also driven from the menu, which says what it collected', () => {
    const world = slowListWorld();
    typeValues(world, 'A2', [[ACME]]);
    enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');

    const result = world.emu.runExecution(world.bundle, 'collectJobsNow', [], {
      context: 'menu',
    }) as CollectorProgress;

    expect(result.delivered).toEqual([SALES_SUMMARY]);
    expect(world.emu.ui.dialogs.at(-1)?.prompt).toContain(`-> sheet '${SALES_SHEET}'`);
    expect(clockTriggers(world)).toHaveLength(0);
  });
});

describe('a job the API cannot find at its first poll', () => {
  /** The job the API lost: booked as charged (10 credits, the full profile's price), held, never "expired". */
  const LOST =
    'Lookup lost: the API accepted it, then could not find its job. The API charges every call, so it is booked as 10 credits spent.';
  const RUN_AGAIN =
    "Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).";

  it('is booked as charged, held against recalculation, listed with Retry, and bought again only then', () => {
    const world = createWorld();
    world.api.setHostile('pronet_profile_to_pronet_info', 'job-lost');
    typeValues(world, 'A2', [[PROFILE]]);

    const shown = enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');

    expect(shown.error?.message).toBe(`Error: ${LOST} ${RUN_AGAIN}`);
    expect(world.api.chargesFor(world.key).map((charge) => charge.credits)).toEqual([10]);
    expect(sidebar(world, 'getLedger')).toMatchObject({ today: 10, bySource: { formulas: 10 } });

    world.clock.advance(31_000); // past the purchase's claims: nothing answers from them
    expect(rerunUnasked(world, 'B2').error?.message).toBe(`Error: ${LOST} ${RUN_AGAIN}`);
    expect(enterFormula(world, 'C2', '=PRONET_PROFILE(A2, "headline")').error?.message).toBe(
      `Error: ${LOST} ${RUN_AGAIN}`,
    );
    collectFromSidebar(world);
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(10);

    const [job, ...others] = listJobs(world).jobs;
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      state: 'lost',
      stateText: 'lost',
      costText: '10 credits',
      creditsAreEstimate: false,
      message: LOST,
      canRetry: true,
    });

    world.api.setHostile('pronet_profile_to_pronet_info', null);
    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;
    expect(retried).toMatchObject({ ok: true, job: { state: 'processing' } });
    expect(postsSent(world)).toBe(2);
    collectWithSidebarUntilIdle(world);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(world.emu.cell('Sheet1', 'C2').value).toBe(HEADLINE);
    expect(spent(world)).toBe(20);
    expect(postsSent(world)).toBe(2);
  });

  it('run again and lost again: 10 credits more, the formula says so at once, held again', () => {
    const world = createWorld();
    world.api.setHostile('pronet_profile_to_pronet_info', 'job-lost');
    typeValues(world, 'A2', [[PROFILE]]);
    enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');
    const [job] = listJobs(world).jobs;

    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;

    // The new job is left to the collector; the formula, entered again, polls it first.
    expect(retried).toMatchObject({ ok: true, job: { state: 'processing' } });
    expect(world.emu.cell('Sheet1', 'B2').error?.message).toBe(`Error: ${LOST} ${RUN_AGAIN}`);
    expect(collectFromSidebar(world)).toMatchObject({ pending: 0, expired: [] });
    expect(world.api.chargesFor(world.key).map((charge) => charge.credits)).toEqual([10, 10]);
    expect(sidebar(world, 'getLedger')).toMatchObject({ today: 20 });
    expect(listJobs(world).jobs).toEqual([
      expect.objectContaining({ state: 'lost', costText: '10 credits', message: LOST, canRetry: true }),
    ]);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(enterFormula(world, 'C2', '=PRONET_PROFILE(A2)').error?.message).toBe(
      `Error: ${LOST} ${RUN_AGAIN}`,
    );
    expect(postsSent(world)).toBe(2);
    expect(spent(world)).toBe(20);
  });
});

describe('a job the API never finishes', () => {
  const STALLED =
    'Taking unusually long: the API has been running this lookup for over 30 minutes (its jobs take about a minute), so the add-on stopped checking it.';
  const IN_CELL = `Error: ${STALLED} Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).`;
  const statusPolls = (world: World) =>
    world.api.callsFor(world.key).filter((call) => call.method.toUpperCase() === 'GET').length;

  it('says after 30 minutes that it is taking unusually long, is no longer polled, and is bought again only on Retry', () => {
    const world = createWorld({ plan: 10 });
    world.api.setHostile('pronet_profile_to_pronet_info', 'job-stuck');
    typeValues(world, 'A2', [[PROFILE]]);
    expect(enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")').values[0]![0]).toBe(PROCESSING);
    expect(collectFromSidebar(world)).toMatchObject({ pending: 1, background: 'minute' });

    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 31 * MINUTE);

    expect(world.emu.cell('Sheet1', 'B2').error?.message).toBe(IN_CELL);
    const [job, ...others] = listJobs(world).jobs;
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      state: 'stalled',
      stateText: 'taking unusually long',
      costText: 'about 10 credits',
      message: STALLED,
      canRetry: true,
    });
    expect(listJobs(world).pending).toBe(0);
    expect(clockTriggers(world)).toHaveLength(0); // nothing pending: the clock trigger is gone
    const polls = statusPolls(world);

    // Three hours on, with the sidebar's timer, edits and the formula run again: not one more poll.
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 3 * HOUR);
    expect(collectFromSidebar(world)).toMatchObject({ pending: 0 });
    world.emu.edit(world.bundle, 'Sheet1', 'D1', 'note');
    expect(enterFormula(world, 'C2', '=PRONET_PROFILE(A2, "headline")').error?.message).toBe(IN_CELL);
    expect(statusPolls(world)).toBe(polls);
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(0); // the API charges a job when it completes: this one never did

    world.api.setHostile('pronet_profile_to_pronet_info', null);
    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;
    expect(retried).toMatchObject({ ok: true, job: { state: 'processing' } });
    expect(postsSent(world)).toBe(2);
    collectWithSidebarUntilIdle(world);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(world.emu.cell('Sheet1', 'C2').value).toBe(HEADLINE);
    expect(spent(world)).toBe(10);
  });

  it('finished after it was given up on: Retry asks the API first, collects it, and buys nothing again', () => {
    // The profile's job takes 45 minutes: stalled at 30, done at 45, kept by the API until 55.
    const world = createWorld({ plan: 10, api: { jobDelayMs: { profile: 45 * MINUTE } } });
    typeValues(world, 'A2', [[PROFILE]]);
    enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');
    collectFromSidebar(world);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 50 * MINUTE);
    const [job] = listJobs(world).jobs;
    expect(job).toMatchObject({ state: 'stalled', message: STALLED, canRetry: true });
    expect(spent(world)).toBe(10); // the API charged it when it finished, at 45 minutes

    const retried = sidebar(world, 'retryExpiredJob', job!.key) as RetryResult;

    expect(retried).toMatchObject({
      ok: true,
      message: 'It had finished after all: collected, nothing bought again.',
      job: { state: 'collected', costText: '10 credits' },
    });
    expect(world.emu.cell('Sheet1', 'B2').value).toBe(HEADLINE);
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(10);
  });
});
