// The collector over the core's ports, against the fake API on a virtual clock: what it polls, what
// it books, what it writes, and that nothing is delivered twice or bought again.

import type { EnrichmentRequest } from '../../../src/core/api/wire';
import { ledgerSummary } from '../../../src/core/billing/summary';
import { accountScope, resultKey } from '../../../src/core/cache/keys';
import { ResultCache } from '../../../src/core/cache/result-cache';
import { callsOurFunction } from '../../../src/core/formulas/our-formulas';
import { collectUntil as driveCollector } from '../../../src/core/jobs/collector';
import { collectOnce } from '../../../src/core/jobs/collector-pass';
import {
  type CollectorDeps,
  type CollectorOptions,
  type CollectorReport,
  emptyReport,
  type ListSheetPort,
} from '../../../src/core/jobs/collector-ports';
import type { EmployeeSheet } from '../../../src/core/jobs/employee-sheet';
import { uniqueSheetName } from '../../../src/core/jobs/employee-sheet';
import { formulasToRefresh, isWaitingText } from '../../../src/core/jobs/refresh';
import { ageText, describeJob, type JobRecord, readJobs, saveJobs } from '../../../src/core/jobs/registry';
import { refreshingSheet, sheetOfList } from '../../../src/core/jobs/relist';
import { employeeListText } from '../../../src/core/lookup/cell-texts';
import type { LookupResult } from '../../../src/core/lookup/items';
import { lookupMany } from '../../../src/core/lookup/pass';
import { operationByType } from '../../../src/core/operations/table';
import type { HttpPort, HttpRequest } from '../../../src/core/platform/ports';
import { CELL_TEXT } from '../../../src/core/text/catalogue/cells';
import { collectorProgress } from '../../../src/server/presenters/jobs';
import { FakeApi, type FakeApiOptions } from '../../../tools/fake-api/fake-api';
import { FakeClock } from '../helpers/fake-http';
import { FakeCacheService, FakeDocumentLock, FakeProperties, sha256 } from '../helpers/platform';

const DAY = '2026-11-22';
const DAY_MS = 86_400_000;
const LATENCY_MS = 300;
const SPREADSHEET = 'spreadsheet-1';

/** A spreadsheet's sheets, written through the port's contract. */
class FakeSheets implements ListSheetPort {
  readonly sheets = new Map<string, EmployeeSheet>();
  writes = 0;
  failWrites = 0;
  afterWrite: (() => void) | null = null;

  sheetNames(): string[] {
    return ['Sheet1', ...this.sheets.keys()];
  }

  write(_spreadsheetId: string, sheet: EmployeeSheet): string {
    if (this.failWrites > 0) {
      this.failWrites -= 1;
      throw new Error('Service Spreadsheets failed');
    }
    const existing = this.sheets.get(sheet.name);
    const ours = (note: string) =>
      note.includes(sheet.marker) || (sheet.replaces !== undefined && note.includes(sheet.replaces));
    const name =
      existing && !ours(existing.note) ? uniqueSheetName(sheet.name, this.sheetNames()) : sheet.name;
    this.sheets.set(name, { ...sheet, name });
    this.writes += 1;
    const hook = this.afterWrite;
    this.afterWrite = null;
    hook?.();
    return name;
  }

  formatTime(_spreadsheetId: string, ms: number): string {
    return `at ${ms}`;
  }
}

const ACME_SALES: EnrichmentRequest = {
  type: 'company_name_to_employees',
  input_data: 'Acme Corporation',
  department: 'Sales',
};
const PROFILE: EnrichmentRequest = {
  type: 'pronet_profile_to_pronet_info',
  input_data: 'https://www.pronet.com/in/ada-lovelace',
};

function setup(api: Omit<FakeApiOptions, 'clock'> = {}, credits = 1000) {
  const clock = new FakeClock();
  const fakeApi = new FakeApi({ clock, rateLimitPerSecond: Number.POSITIVE_INFINITY, ...api });
  const apiKey = fakeApi.createAccount({ credits });
  const sent: HttpRequest[] = [];
  let beforeNextStatus: (() => void) | null = null;
  const http: HttpPort = {
    fetchAll(requests) {
      if (requests.some((request) => request.method === 'get') && beforeNextStatus) {
        const hook = beforeNextStatus;
        beforeNextStatus = null;
        hook();
      }
      sent.push(...requests);
      const answers = requests.map((request) => {
        const response = fakeApi.handle({
          method: request.method.toUpperCase(),
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { body: request.payload }),
        });
        return { status: response.status, body: response.body };
      });
      clock.time += LATENCY_MS;
      return answers;
    },
  };
  const store = new FakeProperties(clock);
  const lock = new FakeDocumentLock(clock);
  const cache = new ResultCache({ fast: new FakeCacheService(clock), store, hash: sha256, clock });
  const sheets = new FakeSheets();
  const client = { baseUrl: 'https://api.enrichment.example/', apiKey, http, clock };
  const scope = accountScope(sha256, apiKey);
  const deps: CollectorDeps = { client, cache, store, lock, sheets };
  const options: CollectorOptions = { scope, day: DAY, lockWaitMs: 5_000 };
  const keyOf = (request: EnrichmentRequest) => resultKey(sha256, scope, request);

  /** A formula asking for `request`: 25 s, polling its job inline. */
  const formula = (request: EnrichmentRequest): LookupResult => {
    const key = keyOf(request);
    const results = lookupMany(
      { client, cache, store, lock },
      [{ key, op: operationByType(request.type)!, request }],
      {
        buyer: 'formula',
        spreadsheetId: SPREADSHEET,
        day: DAY,
        deadline: clock.now() + 25_000,
        formulaDailyCap: 1000,
        retryServerErrors: false,
        pollJobs: true,
      },
    );
    return results.get(key)!;
  };

  return {
    clock,
    api: fakeApi,
    apiKey,
    deps,
    options,
    store,
    lock,
    sheets,
    scope,
    keyOf,
    formula,
    statusChecks: () => sent.filter((request) => request.method === 'get').length,
    /** Lookups sent: the free balance check a list shorter than asked makes is counted apart. */
    posts: () => sent.filter((request) => request.method === 'post' && !isBalanceProbe(request)).length,
    balanceProbes: () => sent.filter(isBalanceProbe).length,
    spent: () => fakeApi.spent(apiKey),
    booked: () => ledgerSummary(store, DAY).today.total,
    held: () => ledgerSummary(store, DAY).held,
    /** Today's spending as the Spending panel counts it (an expired job at its estimate). */
    spending: () => ledgerSummary(store, DAY, undefined, clock.now()).today.total,
    job: (request: EnrichmentRequest) => readJobs(store).find((job) => job.key === keyOf(request)),
    beforeNextStatus: (hook: () => void) => {
      beforeNextStatus = hook;
    },
  };
}

type World = ReturnType<typeof setup>;

/** The free question a delivery asks when a list is shorter than asked: can the balance pay for one employee? */
function isBalanceProbe(request: HttpRequest): boolean {
  return request.method === 'post' && /"input_data":"nobody\.invalid"/.test(String(request.payload));
}

/** A list job started by a formula and finished at the API, not collected yet. */
function listDone(world: World): JobRecord {
  expect(world.formula(ACME_SALES).kind).toBe('pending');
  world.clock.time += 20_000;
  return world.job(ACME_SALES)!;
}

const slowLists = () => setup({ jobDelayMs: { employees: 40_000 } });

/** A full profile's job the API lost: booked at the profile's 10 credits. */
const LOST_PROFILE =
  'Lookup lost: the API accepted it, then could not find its job. The API charges every call, so it is booked as 10 credits spent.';
const RUN_AGAIN =
  "Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).";

describe('a collector pass', () => {
  it('writes a finished list to a new sheet, books its real charge and marks it collected', () => {
    const world = slowLists();
    const started = listDone(world);
    expect(world.held()).toBe(12.5); // 25 employees at most, until the charge is known

    const report = collectOnce(world.deps, world.options);

    const sheet = world.sheets.sheets.get('Employees - Acme Corporation (Sales)')!;
    const employees = sheet.rows.length - 1;
    expect(employees).toBeGreaterThan(0);
    expect(world.spent()).toBe(employees * 0.5);
    expect(world.booked()).toBe(employees * 0.5);
    expect(world.held()).toBe(0);
    expect(report.delivered).toEqual([
      expect.objectContaining({
        sheetName: 'Employees - Acme Corporation (Sales)',
        message: `${employees} employees -> sheet 'Employees - Acme Corporation (Sales)'`,
      }),
    ]);
    expect(world.job(ACME_SALES)).toMatchObject({
      id: started.id,
      state: 'collected',
      charged: employees * 0.5,
      sheetName: 'Employees - Acme Corporation (Sales)',
    });
    expect(report).toMatchObject({ pending: 0, nextDueAt: null, busy: false, polled: 1 });
    // Fewer than the 25 a list holds without max: whether the credits ran out was asked, for free.
    expect(world.balanceProbes()).toBe(1);
  });

  it('lets the formula show the summary afterwards, from the cache, without a second job', () => {
    const world = slowLists();
    listDone(world);
    collectOnce(world.deps, world.options);

    const again = world.formula(ACME_SALES);

    expect(again.kind).toBe('found');
    expect(employeeListText(again, false)).toMatch(
      /^\d+ employees -> sheet 'Employees - Acme Corporation \(Sales\)'$/,
    );
    expect(world.posts()).toBe(1);
  });

  it('keeps a full profile in the cache and writes no sheet', () => {
    const world = setup();
    expect(world.formula(PROFILE).kind).toBe('pending');
    world.clock.time += 40_000;

    const report = collectOnce(world.deps, world.options);

    expect(report.collected).toHaveLength(1);
    expect(world.sheets.writes).toBe(0);
    expect(world.job(PROFILE)).toMatchObject({ state: 'collected', charged: 10 });
    expect(world.formula(PROFILE)).toMatchObject({ kind: 'found', cached: true });
    expect(world.posts()).toBe(1);
    expect(world.booked()).toBe(10);
  });

  it('asks only about jobs that are due, in one round', () => {
    const world = setup();
    world.formula(PROFILE);
    world.clock.time += 2_000;
    const checksBefore = world.statusChecks();

    const first = collectOnce(world.deps, world.options);
    const second = collectOnce(world.deps, world.options); // at once: not due again yet

    expect(first.polled).toBe(1);
    expect(second.polled).toBe(0);
    expect(world.statusChecks()).toBe(checksBefore + 1);
    const job = world.job(PROFILE)!;
    expect(job.nextPollAt - world.clock.now()).toBeGreaterThanOrEqual(1_500); // about every 2 s
    expect(first.nextDueAt).toBe(job.nextPollAt);
    // Seen running: a 404 in the next 10 minutes would be a loss, not an expiry (jobs/lost.ts).
    expect(job.aliveAt).toBeGreaterThan(job.startedAt);
  });

  it("leaves another account's jobs alone: polled with this key they would read as expired", () => {
    const world = setup();
    world.formula(PROFILE);
    const otherScope = accountScope(sha256, 'someone-else');
    const mine = world.job(PROFILE)!;
    saveJobs(world.store, [
      { ...mine, key: resultKey(sha256, otherScope, PROFILE), id: 'job_of_someone_else' },
    ]);
    world.clock.time += 60_000;

    collectOnce(world.deps, world.options);

    const theirs = readJobs(world.store).find((job) => job.id === 'job_of_someone_else');
    expect(theirs?.state).toBe('processing');
  });

  it('reports a job expired at the API with what it cost, counts it, and never buys it again', () => {
    const world = setup();
    world.formula(PROFILE);
    world.clock.time += 11 * 60_000 + 40_000; // finished at 60 s, forgotten 10 minutes later

    const report = collectOnce(world.deps, world.options);

    expect(report.expired).toHaveLength(1);
    expect(world.job(PROFILE)).toMatchObject({ state: 'expired', estimate: 10 });
    expect(world.job(PROFILE)!.message).toMatch(/expired before it was collected/);
    expect(world.spent()).toBe(10);
    // Booked once its charge is known (the same query bought again) or after a week; counted meanwhile.
    expect(world.spending()).toBe(10);
    expect(world.formula(PROFILE).kind).toBe('expired');
    collectOnce(world.deps, world.options);
    expect(world.posts()).toBe(1);
    // The formula's own polls (every 2 s until 2 s before its 25 s), then one round.
    expect(world.statusChecks()).toBe(report.polled + 11);
  });

  it('calls a job the API cannot find at its first poll lost, not expired: booked at its price, held, offered again', () => {
    const world = setup();
    world.api.setHostile('pronet_profile_to_pronet_info', 'job-lost');
    // Sent as a bulk run sends it: the job is left to the collector, which polls it first.
    const results = lookupMany(
      { client: world.deps.client, cache: world.deps.cache, store: world.store, lock: world.lock },
      [{ key: world.keyOf(PROFILE), op: operationByType(PROFILE.type)!, request: PROFILE }],
      {
        buyer: 'bulk',
        spreadsheetId: SPREADSHEET,
        day: DAY,
        deadline: world.clock.now() + 60_000,
        formulaDailyCap: 1000,
        retryServerErrors: true,
        pollJobs: false,
      },
    );
    expect(results.get(world.keyOf(PROFILE))!.kind).toBe('pending');
    world.clock.time += 2_000;

    const report = collectOnce(world.deps, world.options);

    expect(report.expired).toEqual([]);
    expect(report.failed).toHaveLength(1);
    expect(world.job(PROFILE)).toMatchObject({ state: 'lost', charged: 10, message: LOST_PROFILE });
    expect(world.spent()).toBe(10);
    expect(world.booked()).toBe(10);
    expect(world.held()).toBe(0);
    expect(world.formula(PROFILE)).toEqual({
      kind: 'failed',
      error: { code: 'job_failed', message: `${LOST_PROFILE} ${RUN_AGAIN}`, fatal: false, retryable: false },
    });
    world.clock.time += 60 * 60_000;
    collectOnce(world.deps, world.options);
    expect(world.formula(PROFILE).kind).toBe('failed');
    expect(world.posts()).toBe(1);
    expect(world.booked()).toBe(10);
    expect(describeJob(world.job(PROFILE)!, world.clock.now())).toMatchObject({
      state: 'lost',
      stateText: 'lost',
      credits: 10,
      creditsAreEstimate: false,
      costText: '10 credits',
      canRetry: true,
    });
  });

  it('books a lost employee list at nothing: 0.5 credit an employee returned, and none was', () => {
    const world = setup();
    world.api.setHostile('company_name_to_employees', 'job-lost');

    const result = world.formula(ACME_SALES);

    const lost =
      'Lookup lost: the API accepted it, then could not find its job. It returned no employees, so nothing is booked (0.5 credit per employee returned).';
    expect(result).toMatchObject({ kind: 'failed', error: { message: `${lost} ${RUN_AGAIN}` } });
    expect(world.job(ACME_SALES)).toMatchObject({ state: 'lost', charged: 0, message: lost });
    expect(world.spent()).toBe(0);
    expect(world.booked()).toBe(0);
    expect(world.held()).toBe(0);
    expect(world.formula(ACME_SALES).kind).toBe('failed');
    expect(world.posts()).toBe(1);
  });

  // The spec does not say whether a failed job is charged, but that every call is: booked at its price.
  it('marks a failed job with its message and books its price (every call is charged)', () => {
    const world = setup();
    world.formula({ ...PROFILE, input_data: 'https://www.pronet.com/in/job-fails' });
    world.clock.time += 60_000;

    const report = collectOnce(world.deps, world.options);

    expect(report.failed[0]).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/^Lookup failed/),
    });
    expect(world.booked()).toBe(10);
    expect(world.held()).toBe(0);
  });

  it('keeps polling a job whose status could not be read, and says why', () => {
    const world = setup();
    world.formula(PROFILE);
    world.clock.time += 60_000;
    world.api.failNext(1, 503, undefined, 'status');

    collectOnce(world.deps, world.options);
    expect(world.job(PROFILE)).toMatchObject({ state: 'processing' });
    expect(world.job(PROFILE)!.message).toMatch(/Could not check the job: .*HTTP 503/);

    world.clock.time += 15_000;
    collectOnce(world.deps, world.options);
    expect(world.job(PROFILE)).toMatchObject({ state: 'collected' });
    expect(world.job(PROFILE)!.message).toBeUndefined();
  });

  // assumption: L3
  it('does nothing while another driver holds the lock, and sends nothing', () => {
    const world = slowLists();
    listDone(world);
    const checks = world.statusChecks();
    world.lock.heldElsewhere = true;

    const report = collectOnce(world.deps, world.options);

    expect(report).toMatchObject({ busy: true, pending: 1, delivered: [], polled: 0 });
    expect(world.statusChecks()).toBe(checks);
    expect(world.sheets.writes).toBe(0);
  });
});

describe('exactly-once delivery', () => {
  it('a second pass finds the list already delivered', () => {
    const world = slowLists();
    listDone(world);
    collectOnce(world.deps, world.options);
    const second = collectOnce(world.deps, world.options);
    expect(second.delivered).toHaveLength(0);
    expect(world.sheets.writes).toBe(1);
  });

  it('a formula polling the same job while the collector delivers it cannot send the list back for delivery', () => {
    const world = slowLists();
    listDone(world);
    // The recalculated formula polls the finished job; the trigger's pass runs before its answer.
    world.beforeNextStatus(() => collectOnce(world.deps, world.options));

    const shown = world.formula(ACME_SALES);
    const later = collectOnce(world.deps, world.options);

    expect(shown.kind).toBe('found');
    expect(later.delivered).toHaveLength(0);
    expect(world.sheets.writes).toBe(1);
    expect(world.job(ACME_SALES)!.state).toBe('collected');
    expect(world.spent()).toBe(world.booked());
  });

  // assumption: RT4
  it('a pass killed between writing the sheet and marking the job resumes into the same sheet', () => {
    const world = slowLists();
    listDone(world);
    world.sheets.afterWrite = () => {
      world.store.killNextWrites(2); // the execution dies: nothing more is saved
    };

    expect(() => collectOnce(world.deps, world.options)).toThrow('Exceeded maximum execution time');
    expect(world.job(ACME_SALES)).toMatchObject({
      state: 'done',
      sheetName: 'Employees - Acme Corporation (Sales)',
    });

    const resumed = collectOnce(world.deps, world.options);

    expect(resumed.delivered[0]?.sheetName).toBe('Employees - Acme Corporation (Sales)');
    expect([...world.sheets.sheets.keys()]).toEqual(['Employees - Acme Corporation (Sales)']);
    expect(world.job(ACME_SALES)!.state).toBe('collected');
  });

  it('retries a sheet that could not be written, then gives up with a message, keeping the paid list', () => {
    const world = slowLists();
    listDone(world);
    world.sheets.failWrites = 3;

    collectOnce(world.deps, world.options);
    expect(world.job(ACME_SALES)).toMatchObject({ state: 'done', deliveryAttempts: 1 });
    expect(collectOnce(world.deps, world.options).delivered).toHaveLength(0); // not before a minute
    world.clock.time += 61_000;
    collectOnce(world.deps, world.options);
    world.clock.time += 61_000;
    const last = collectOnce(world.deps, world.options);

    expect(last.failed[0]!.message).toMatch(
      /Could not write the employee sheet: Service Spreadsheets failed/,
    );
    expect(world.job(ACME_SALES)).toMatchObject({ state: 'failed', deliveryAttempts: 3 });
    expect(world.formula(ACME_SALES)).toMatchObject({ kind: 'found', cached: true });
    expect(world.posts()).toBe(1);
  });
});

describe('an employee list the balance cut short', () => {
  const ACME: EnrichmentRequest = { type: 'company_name_to_employees', input_data: 'Acme Corporation' };

  it('says in the formula and the sheet note that it may be incomplete, and why', () => {
    // 8 credits pay for 16 employees at 0.5: the fake API cuts the list of 25 there.
    const world = setup({}, 8);
    world.formula(ACME); // the formula waits for its job, which the collector then delivers

    const report = collectOnce(world.deps, world.options);

    const incomplete =
      'It may be incomplete: 25 were asked, and the account ran out of credits (the API cuts a list to what the balance covers).';
    expect(report.delivered).toEqual([
      expect.objectContaining({
        message: `16 employees -> sheet 'Employees - Acme Corporation'. ${incomplete}`,
      }),
    ]);
    const note = world.sheets.sheets.get('Employees - Acme Corporation')!.note.split('\n');
    expect(note).toContain(
      `${incomplete} For the rest, add credits and ask again with another max: this same query answers from the list saved here.`,
    );
    expect(employeeListText(world.formula(ACME), true)).toBe(
      `16 employees -> sheet 'Employees - Acme Corporation'. ${incomplete}`,
    );
    // The list cost 8; asking whether the balance could pay for one more employee cost nothing.
    expect(world.spent()).toBe(8);
    expect(world.balanceProbes()).toBe(1);
  });

  it('says nothing of a list as long as asked, and asks nothing', () => {
    const world = setup({}, 1000);
    world.formula(ACME);

    const report = collectOnce(world.deps, world.options);

    expect(report.delivered[0]?.message).toBe("25 employees -> sheet 'Employees - Acme Corporation'");
    expect(world.balanceProbes()).toBe(0);
    expect(world.spent()).toBe(12.5);
  });
});

describe('a job a formula already collected', () => {
  it('is finished from the cache without asking the API again', () => {
    const world = setup({ jobDelayMs: { profile: 30_000 } });
    expect(world.formula(PROFILE).kind).toBe('pending');
    // A save the formula skipped (busy lock) leaves the record processing, with the answer cached.
    world.lock.heldElsewhere = true;
    world.clock.time += 10_000;
    expect(world.formula(PROFILE).kind).toBe('found');
    world.lock.heldElsewhere = false;
    expect(world.job(PROFILE)!.state).toBe('processing');
    const checks = world.statusChecks();

    const report = collectOnce(world.deps, world.options);

    expect(report.collected).toHaveLength(1);
    expect(world.statusChecks()).toBe(checks);
    expect(world.job(PROFILE)!.state).toBe('collected');
  });
});

describe('a list bought again', () => {
  const SHEET = 'Employees - Acme Corporation (Sales)';

  it('is polled for its own answer, not finished from the one it replaces, and written over its sheet', () => {
    const world = slowLists();
    listDone(world);
    collectOnce(world.deps, world.options);
    const first = world.job(ACME_SALES)!;
    expect(world.spent()).toBe(5.5);
    world.clock.time += DAY_MS;
    world.api.reviseData('company_name_to_employees');
    // Buy again: bought anew whatever the cache holds; its job names the first list's sheet.
    const key = world.keyOf(ACME_SALES);
    const { client, cache, store, lock } = world.deps;
    const bought = lookupMany(
      { client, cache, store, lock },
      [{ key, op: operationByType(ACME_SALES.type)!, request: ACME_SALES }],
      {
        buyer: 'bulk',
        paidAfter: world.clock.now(),
        spreadsheetId: SPREADSHEET,
        day: DAY,
        deadline: world.clock.now() + 60_000,
        formulaDailyCap: 1000,
        retryServerErrors: false,
        pollJobs: false,
      },
    ).get(key)!;
    if (bought.kind !== 'pending') throw new Error(`not a job: ${bought.kind}`);
    saveJobs(world.store, [refreshingSheet(bought.job, sheetOfList(first)!)!]);

    collectOnce(world.deps, world.options);
    expect(world.job(ACME_SALES)!.state).toBe('processing');
    world.clock.time += 45_000;
    const report = collectOnce(world.deps, world.options);

    // The revised Acme has 2 people in Sales: 1 credit, in the one sheet of the list.
    expect(world.spent()).toBe(6.5);
    expect([...world.sheets.sheets.keys()]).toEqual([SHEET]);
    const sheet = world.sheets.sheets.get(SHEET)!;
    expect(sheet.rows.map((row) => row[0])).toEqual(['Full name', 'Marco Martin', 'Tim Haddad']);
    expect(sheet.replaces).toBe(
      'Employees from company name: COMPANY_EMPLOYEES("Acme Corporation", department "Sales")',
    );
    expect(report.delivered).toEqual([
      expect.objectContaining({ sheetName: SHEET, message: `2 employees -> sheet '${SHEET}'` }),
    ]);
  });
});

describe('driveCollector', () => {
  it('sleeps between passes until the slow job is in, without holding on past its limit', () => {
    const world = setup();
    world.formula(PROFILE); // 25 s of the minute it takes
    const start = world.clock.now();

    const short = driveCollector(world.deps, world.options, start + 5_000);
    expect(short.pending).toBe(1);
    expect(world.clock.now()).toBeLessThanOrEqual(start + 5_000 + LATENCY_MS);

    const report = driveCollector(world.deps, world.options, start + 90_000);
    expect(report.collected).toHaveLength(1);
    expect(report.pending).toBe(0);
    const elapsed = world.clock.now() - start;
    expect(elapsed).toBeLessThan(50_000);
    expect(report.polled).toBeLessThanOrEqual(elapsed / 2_000); // never more than the API's 2 s pace
  });
});

describe('pruning', () => {
  const day = (world: World, days: number) => {
    world.clock.time += days * DAY_MS;
  };

  it('forgets finished jobs after a week, but never a delivered list or an expired job: time alone never buys them again', () => {
    const world = slowLists();
    listDone(world);
    world.formula(PROFILE);
    world.clock.time += 60_000;
    collectOnce(world.deps, world.options); // both collected
    world.formula({ ...PROFILE, input_data: 'https://www.pronet.com/in/grace-hopper' });
    world.clock.time += 15 * 60_000;
    collectOnce(world.deps, world.options); // expired

    day(world, 8);
    collectOnce(world.deps, world.options);
    expect(world.job(PROFILE)).toBeUndefined();
    expect(world.job(ACME_SALES)?.state).toBe('collected');
    expect(readJobs(world.store).some((job) => job.state === 'expired')).toBe(true);

    day(world, 200);
    collectOnce(world.deps, world.options);
    expect(world.job(ACME_SALES)?.state).toBe('collected');
    expect(readJobs(world.store).some((job) => job.state === 'expired')).toBe(true);
  });
});

describe('formulas waiting for their job', () => {
  it('recognizes every text a formula shows while its job is pending', () => {
    const found = {
      kind: 'found',
      result: [{ full_name: 'A' }, { full_name: 'B' }],
      cached: true,
      credits: 1,
    } as const;
    expect(isWaitingText(employeeListText(found, true))).toBe(true);
    expect(isWaitingText(employeeListText(found, false))).toBe(true);
    expect(isWaitingText(CELL_TEXT.processing)).toBe(true);
    expect(
      isWaitingText('Employee list ordered: it will appear in a new sheet within a minute or two.'),
    ).toBe(true);
    expect(
      isWaitingText(
        'Employee list ordered. Open the sidebar once (Extensions > Enrich for Sheets > Open sidebar) in the next few minutes so it is written to a new sheet.',
      ),
    ).toBe(true);
    expect(isWaitingText('Processing… the result will appear here within a minute or two.')).toBe(true);
    expect(isWaitingText("42 employees -> sheet 'Employees - Acme'")).toBe(false);
    expect(isWaitingText('Processing')).toBe(false);
  });

  it("finds the add-on's formulas that show one, including range formulas whose later rows wait", () => {
    const values = [
      ['Acme', CELL_TEXT.listOrdered, 'x', 'ada@acme.com'],
      ['Umbrella', 'done', '', CELL_TEXT.processing],
      ['', 'y', '', ''],
      ['', CELL_TEXT.processing, '', ''],
    ];
    const formulas = [
      ['', '=company_employees(A1)', '', '=PRONET_EMAIL(A1:A2)'],
      ['', '', '', ''],
      ['', '=UPPER(A1)', '', ''],
      ['', '', '', ''],
    ];

    expect(formulasToRefresh(values, formulas)).toEqual([
      { row: 1, column: 2, formula: '=company_employees(A1)' },
      { row: 1, column: 4, formula: '=PRONET_EMAIL(A1:A2)' },
    ]);
  });

  it('adds formulas showing an error when asked (after an expired job is run again)', () => {
    const values = [['#ERROR!', '#ERROR!']];
    const formulas = [['=PRONET_PROFILE(A2)', '=SQRT(-1)']];
    expect(formulasToRefresh(values, formulas)).toEqual([]);
    expect(formulasToRefresh(values, formulas, { includeErrors: true })).toEqual([
      { row: 1, column: 1, formula: '=PRONET_PROFILE(A2)' },
    ]);
  });

  it("tells the add-on's functions from others with similar names", () => {
    expect(callsOurFunction('=IFERROR(ENRICH("company_name_to_employees", A2), "")')).toBe(true);
    expect(callsOurFunction('=MY_COMPANY_EMPLOYEES(A2)')).toBe(false);
    expect(callsOurFunction('COMPANY_EMPLOYEES(A2)')).toBe(false);
  });
});

/** A pass's report as the sidebar's timer reads it, no formula waiting, background collection on. */
const progress = (report: CollectorReport, now = 0) =>
  collectorProgress(report, 'minute', { finished: 0, queued: 0, left: 0, waiting: 0, stopped: [] }, now);

describe("a collector pass's summary", () => {
  it('says what a pass did in one line', () => {
    const world = slowLists();
    listDone(world);
    world.formula(PROFILE);
    const report = collectOnce(world.deps, world.options);
    expect(progress(report).summary).toMatch(
      /^\d+ employees -> sheet 'Employees - Acme Corporation \(Sales\)'\. 1 job still pending\.$/,
    );
    world.lock.heldElsewhere = true;
    expect(progress(collectOnce(world.deps, world.options)).summary).toBe(
      'Another collection is running; checking again shortly.',
    );
  });
});

describe("the Jobs panel's view of a job", () => {
  it('shows an expired job with what it cost and offers to run it again', () => {
    const world = setup();
    world.formula(PROFILE);
    world.clock.time += 12 * 60_000;
    collectOnce(world.deps, world.options);
    world.clock.time += 3 * 60_000;

    const view = describeJob(world.job(PROFILE)!, world.clock.now());

    expect(view).toMatchObject({
      label: 'Full profile',
      query: 'PRONET_PROFILE("https://www.pronet.com/in/ada-lovelace")',
      state: 'expired',
      stateText: 'expired',
      ageText: '15 min ago',
      credits: 10,
      creditsAreEstimate: true,
      costText: 'about 10 credits',
      canRetry: true,
      sheetName: null,
    });
    const expiredNow = { ...emptyReport(false, 0), expired: [world.job(PROFILE)!] };
    expect(progress(expiredNow, world.clock.now()).expired).toEqual([
      'PRONET_PROFILE("https://www.pronet.com/in/ada-lovelace"): the result expired before it was collected (it cost about 10 credits).',
    ]);
  });

  it('shows a delivered list with its real cost and its sheet', () => {
    const world = slowLists();
    listDone(world);
    collectOnce(world.deps, world.options);
    const job = world.job(ACME_SALES)!;

    const view = describeJob(job, world.clock.now());

    expect(view).toMatchObject({
      state: 'collected',
      stateText: 'delivered',
      ageText: 'just now',
      credits: job.charged,
      creditsAreEstimate: false,
      costText: `${job.charged} credits`,
      sheetName: 'Employees - Acme Corporation (Sales)',
      canRetry: false,
      message: job.message,
    });
  });

  it('gives ages a person reads at a glance', () => {
    expect(ageText(30_000)).toBe('just now');
    expect(ageText(59 * 60_000)).toBe('59 min ago');
    expect(ageText(47 * 3_600_000)).toBe('47 h ago');
    expect(ageText(3 * DAY_MS)).toBe('3 days ago');
  });
});
