import { checkConfig } from '../../../src/core/bulk/config';
import { ownLayout } from '../../../src/core/bulk/layout';
import { planRows, previewOf, type SheetTable } from '../../../src/core/bulk/plan';
import {
  capRanges,
  countRows,
  decodeRanges,
  encodeRanges,
  rangesOf,
  rowsOf,
} from '../../../src/core/bulk/row-ranges';
import {
  type BulkRun,
  cancelRun,
  mergeAfterSlice,
  newRun,
  parseRun,
  pauseRun,
  progressOf,
  resumeRun,
  retryRun,
  serializeRun,
} from '../../../src/core/bulk/run';
import {
  type BulkSheetPort,
  type CellBlock,
  SLICE_LIMITS,
  type SliceOptions,
} from '../../../src/core/bulk/slice/ports';
import { cellBlocks } from '../../../src/core/bulk/slice/row-values';
import { runSlice } from '../../../src/core/bulk/slice/slice';
import { accountScope } from '../../../src/core/cache/keys';
import { ResultCache } from '../../../src/core/cache/result-cache';
import { operationByType } from '../../../src/core/operations/table';
import type { Operation } from '../../../src/core/operations/types';
import { HELD_LOCK } from '../../../src/core/platform/locked-section';
import type { HttpPort } from '../../../src/core/platform/ports';
import type { BulkRunConfig } from '../../../src/shared/bulk-rpc';
import type { OperationType } from '../../../src/shared/operation-type';
import { FakeApi, type FakeApiOptions } from '../../../tools/fake-api/fake-api';
import { FakeClock } from '../helpers/fake-http';
import { FakeCacheService, FakeProperties, sha256 } from '../helpers/platform';
import { asTheSidebarSays } from '../helpers/sidebar-words';

/** Where a run writes when no other input claims a column. */
const layoutColumns = (op: Operation, config: BulkRunConfig, headers: readonly unknown[]) =>
  ownLayout(op, config, headers, { claims: [], family: null }).layout;

const WEBSITE = operationByType('company_name_to_website')!;
const NAME_TO_EMAIL = operationByType('lead_full_name_to_email')!;

function config(
  type: OperationType = 'company_name_to_website',
  extra: Partial<BulkRunConfig> = {},
): BulkRunConfig {
  return {
    sheetName: 'Leads',
    headerRow: 1,
    type,
    columns: { input: 1 },
    output: { mode: 'primary' },
    ...extra,
  };
}

/** A sheet's values from row 1 (the header), column 1. */
const tableOf = (rows: unknown[][]): SheetTable => ({ firstRow: 1, firstColumn: 1, values: rows });

describe('row ranges', () => {
  it('keeps rows as ranges and writes them compactly', () => {
    const ranges = rangesOf([9, 2, 3, 4, 5, 40, 41, 3]);
    expect(ranges).toEqual([
      [2, 5],
      [9, 9],
      [40, 41],
    ]);
    expect(encodeRanges(ranges)).toBe('2-3,4,v-1');
    expect(decodeRanges(encodeRanges(ranges))).toEqual(ranges);
    expect(countRows(ranges)).toBe(7);
    expect(decodeRanges('not,ranges!')).toEqual([]);
  });

  it('joins the closest ranges when there are too many, never dropping a row', () => {
    const ranges = rangesOf([2, 4, 100, 103, 500]);
    const capped = capRanges(ranges, 3);
    expect(capped).toEqual([
      [2, 4],
      [100, 103],
      [500, 500],
    ]);
    for (const row of rowsOf(ranges)) expect(rowsOf(capped)).toContain(row);
  });
});

describe('the configuration', () => {
  it('keeps only what the operation takes, and says what is wrong', () => {
    const { config: checked } = checkConfig({
      ...config(),
      columns: { input: 2, company: 3 },
      options: { max: 5 },
      employeesTo: 'combined-sheet',
    });
    expect(checked).toEqual({ ...config(), columns: { input: 2 } });
    expect(() =>
      asTheSidebarSays(() => checkConfig({ ...config(), type: 'no_such_type' as OperationType })),
    ).toThrow('Choose an operation first.');
    expect(() =>
      asTheSidebarSays(() =>
        checkConfig({
          ...config('company_name_to_employees'),
          options: { max: 'lots' as unknown as number },
        }),
      ),
    ).toThrow('Max employees must be a whole number of at least 1.');
    expect(() =>
      asTheSidebarSays(() =>
        checkConfig({ ...config('lead_full_name_to_email'), columns: { input: 1, company: 1 } }),
      ),
    ).toThrow('Choose a different column for each input.');
    expect(() =>
      asTheSidebarSays(() =>
        checkConfig({
          ...config('pronet_post_to_reactions'),
          output: { mode: 'fields', fields: ['reaction'] },
        }),
      ),
    ).toThrow('Reactions to a post writes one column; choose its main value.');
  });
});

describe('where a run writes', () => {
  it('reuses a column whose header matches and creates the others to the right of the data', () => {
    const layout = layoutColumns(WEBSITE, config(), ['Company', 'Notes', 'website']);
    expect(layout).toEqual({
      outputs: [{ header: 'Website', column: 3, created: false }],
      status: { header: 'Status (Website from company name)', column: 4, created: true },
    });
  });

  it('never writes into an input column, even when its header names the output', () => {
    const profile = operationByType('pronet_company_to_pronet_info')!;
    const layout = layoutColumns(profile, config(profile.type), ['Name']);
    expect(layout.outputs).toEqual([{ header: 'Name (Company page info)', column: 2, created: true }]);
  });

  it('gives each chosen field its own column', () => {
    const op = operationByType('photonet_lookup')!;
    const layout = layoutColumns(
      op,
      config(op.type, { output: { mode: 'fields', fields: ['followers', 'bio'] } }),
      ['Handle', 'Bio'],
    );
    expect(layout.outputs).toEqual([
      { header: 'Followers', column: 3, created: true },
      { header: 'Bio', column: 2, created: false },
    ]);
    expect(layout.status.column).toBe(4);
  });
});

describe('the preview', () => {
  const rows = [
    ['Company', 'Website', 'Status (Website from company name)'],
    ['Acme', '', ''],
    ['Globex', 'globex.com', ''], // filled by hand
    ['acme', '', ''], // a duplicate: names differing only in case are one lookup
    ['Acme', '', ''], // a duplicate
    ['', '', ''],
    ['ada@acme.com', '', ''], // an email is not a company name
    ['Initech', '', 'Not found'], // answered by an earlier run
    ['Initech', '', ''], // a repeat of an answered row: free
    [true, '', ''],
  ];

  function preview(free: string[] = [], confirmAbove = 25) {
    const cfg = config();
    const table = tableOf(rows);
    const layout = layoutColumns(WEBSITE, cfg, rows[0]!);
    const plan = planRows({ config: cfg, layout }, { ...table, firstRow: 2, values: rows.slice(1) });
    const freeQueries = new Set(
      plan.distinct.filter((d) => free.includes(d.request.input_data)).map((d) => d.query),
    );
    return previewOf(WEBSITE, cfg, layout, plan, 2, freeQueries, confirmAbove);
  }

  it('counts rows, filled rows, duplicates, invalid and blank rows, and what is left to buy', () => {
    expect(preview(['Initech'])).toMatchObject({
      rows: 9,
      alreadyFilled: 1,
      notFoundBefore: 1,
      duplicates: 2,
      cached: 1,
      invalidCount: 2,
      blank: 1,
      toLookUp: 1,
      estimatedCredits: 1,
      estimateIsBound: false,
      needsConfirmation: false,
    });
    expect(preview(['Initech']).invalid).toEqual([
      {
        row: 7,
        message: expect.stringMatching(/^This is an email address; Website from company name needs/),
      },
      { row: 10, message: expect.stringMatching(/^This is a TRUE\/FALSE value/) },
    ]);
  });

  it('asks for confirmation only above the threshold', () => {
    expect(preview([], 1).needsConfirmation).toBe(true);
    expect(preview([], 2).needsConfirmation).toBe(false);
  });

  it('joins name, company, location and job title for name lookups, and bounds employee lists by max', () => {
    const cfg = config(NAME_TO_EMAIL.type, { columns: { input: 1, company: 2, jobTitle: 3 } });
    const table = tableOf([
      ['Name', 'Company', 'Title'],
      ['Lovelace, Ada', 'Analytical Engines', 'Engineer'],
    ]);
    const layout = layoutColumns(NAME_TO_EMAIL, cfg, table.values[0]!);
    const plan = planRows(
      { config: cfg, layout },
      {
        ...table,
        firstRow: 2,
        values: table.values.slice(1),
      },
    );
    expect(plan.distinct[0]?.request.input_data).toBe('Ada Lovelace Analytical Engines Engineer');
    expect(previewOf(NAME_TO_EMAIL, cfg, layout, plan, 2, new Set(), 25).estimatedCredits).toBe(7);

    const lists = operationByType('company_name_to_employees')!;
    const listCfg = checkConfig({ ...config(lists.type), options: { max: 40 } }).config;
    const listTable = tableOf([['Company'], ['Acme'], ['Globex']]);
    const listLayout = layoutColumns(lists, listCfg, ['Company']);
    const listPlan = planRows(
      { config: listCfg, layout: listLayout },
      {
        ...listTable,
        firstRow: 2,
        values: listTable.values.slice(1),
      },
    );
    expect(previewOf(lists, listCfg, listLayout, listPlan, 2, new Set(), 25)).toMatchObject({
      estimatedCredits: 40,
      estimateIsBound: true,
      needsConfirmation: true,
    });
  });
});

describe('the saved run', () => {
  const layout = layoutColumns(WEBSITE, config(), ['Company']);
  const fresh = (): BulkRun =>
    newRun({
      id: 'run-1',
      config: config(),
      spreadsheetId: 'sheet-1',
      layout,
      firstRow: 2,
      lastRow: 101,
      combinedSheet: null,
      now: 1_000,
    });

  it('pauses, resumes and cancels; a stopped run resumes without its message', () => {
    const run = fresh();
    expect(pauseRun(run, 2_000).state).toBe('paused');
    expect(resumeRun(pauseRun(run, 2_000), 3_000).state).toBe('running');
    const stopped: BulkRun = { ...run, state: 'stopped', message: 'Not enough credits (HTTP 402).' };
    expect(resumeRun(stopped, 4_000)).toMatchObject({ state: 'running', message: null });
    expect(cancelRun(run, 5_000).state).toBe('cancelled');
    // A cancelled run has no Resume: the stop's "Resume once this is fixed" goes with it.
    expect(cancelRun(stopped, 5_000)).toMatchObject({ state: 'cancelled', message: null });
    expect(cancelRun({ ...run, state: 'done' }, 5_000).state).toBe('done');
  });

  it('puts back exactly the failed rows, and uncounts them until they are done again', () => {
    const run: BulkRun = {
      ...fresh(),
      state: 'done',
      counts: { found: 90, notFound: 2, errors: 4, skipped: 4, invalid: 0 },
      failed: rangesOf([5, 6, 50]),
    };
    const retried = retryRun(run, 9_000);
    expect(retried).toMatchObject({ state: 'running', failed: [], counts: { errors: 1 } });
    expect(rowsOf(retried.retry)).toEqual([5, 6, 50]);
    expect(progressOf(retried, 9_000)).toMatchObject({ done: 97, failedRows: 0, nextCallInMs: 0 });
    expect(() => asTheSidebarSays(() => retryRun(retried, 9_000))).toThrow('No failed rows to retry.');
  });

  it('keeps a pause asked for during a slice, and never saves over a newer run', () => {
    const sliced: BulkRun = { ...fresh(), cursor: 60, lease: { token: 't', until: 9_999 } };
    expect(mergeAfterSlice(pauseRun(fresh(), 2_000), sliced)).toMatchObject({
      state: 'paused',
      cursor: 60,
      lease: null,
    });
    expect(mergeAfterSlice({ ...fresh(), id: 'run-2' }, sliced)).toBeNull();
  });

  it('fits in one document property, whatever its row sets', () => {
    const scattered = rangesOf(Array.from({ length: 3_000 }, (_, i) => 2 + i * 3));
    const run: BulkRun = { ...fresh(), lastRow: 10_000, pending: scattered, failed: scattered };
    const text = serializeRun(run);
    expect(text.length).toBeLessThanOrEqual(8_000);
    const back = parseRun(text)!;
    for (const row of rowsOf(scattered).slice(0, 50)) expect(rowsOf(back.pending)).toContain(row);
    expect(parseRun(serializeRun(fresh()))).toEqual(fresh());
    expect(parseRun('{broken')).toBeNull();
  });

  it('says how long is left at the pace so far', () => {
    const run: BulkRun = {
      ...fresh(),
      counts: { found: 40, notFound: 0, errors: 0, skipped: 10, invalid: 0 },
      activeMs: 50_000,
      timedRows: 50,
    };
    expect(progressOf(run, 0)).toMatchObject({ rows: 100, done: 50, etaSeconds: 50 });
  });
});

describe('cell blocks', () => {
  it('writes runs of consecutive rows and adjacent columns as one block each', () => {
    const rows = new Map([
      [2, ['a', 'Found']],
      [3, ['b', 'Found']],
      [5, ['', 'Not found']],
    ]);
    expect(cellBlocks(rows, [4, 5])).toEqual([
      {
        row: 2,
        column: 4,
        values: [
          ['a', 'Found'],
          ['b', 'Found'],
        ],
      },
      { row: 5, column: 4, values: [['', 'Not found']] },
    ]);
    expect(cellBlocks(rows, [2, 5]).map((block) => [block.row, block.column])).toEqual([
      [2, 2],
      [2, 5],
      [5, 2],
      [5, 5],
    ]);
  });
});

// --- Slices ----------------------------------------------------------------------------------------

/** A sheet as a map of cells; reads and writes go through the slice's port. */
class MemorySheet implements BulkSheetPort {
  readonly cells = new Map<string, unknown>();
  readonly writes: CellBlock[] = [];
  constructor(rows: unknown[][]) {
    rows.forEach((row, r) => {
      row.forEach((value, c) => {
        this.cells.set(`${r + 1}:${c + 1}`, value);
      });
    });
  }
  read(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): unknown[][] {
    return Array.from({ length: lastRow - firstRow + 1 }, (_, r) =>
      Array.from(
        { length: lastColumn - firstColumn + 1 },
        (_, c) => this.cells.get(`${firstRow + r}:${firstColumn + c}`) ?? '',
      ),
    );
  }
  write(blocks: readonly CellBlock[]): void {
    for (const block of blocks) {
      this.writes.push(block);
      block.values.forEach((line, r) => {
        line.forEach((value, c) => {
          this.cells.set(`${block.row + r}:${block.column + c}`, value);
        });
      });
    }
  }
  column(column: number, rows: number): unknown[] {
    return Array.from({ length: rows }, (_, r) => this.cells.get(`${r + 2}:${column}`) ?? '');
  }
}

/** The pace these slices send at: as if the account had learned 5 a second. */
const PACE = 5;

function world(
  rows: unknown[][],
  cfg: BulkRunConfig,
  options: { credits?: number; api?: Partial<FakeApiOptions>; key?: string } = {},
) {
  const clock = new FakeClock();
  const api = new FakeApi({ clock, rateLimitPerSecond: Number.POSITIVE_INFINITY, ...options.api });
  const accountKey = api.createAccount({ credits: options.credits ?? 1_000 });
  /** The key the add-on sends: the account's, unless a test gives a wrong one. */
  const apiKey = options.key ?? accountKey;
  const http: HttpPort = {
    fetchAll(requests) {
      const answers = requests.map((request) => {
        const response = api.handle({
          method: request.method.toUpperCase(),
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { body: request.payload }),
        });
        return { status: response.status, body: response.body };
      });
      clock.time += 300;
      return answers;
    },
  };
  const store = new FakeProperties(clock);
  const fast = new FakeCacheService(clock);
  const cache = new ResultCache({ fast, store, hash: sha256, clock });
  const client = { baseUrl: 'https://api.enrichment.example/', apiKey, http, clock };
  const sheet = new MemorySheet(rows);
  const layout = layoutColumns(operationByType(cfg.type)!, cfg, rows[0]!);
  const deps = {
    lookup: { client, cache, store, lock: HELD_LOCK },
    hash: sha256,
    scope: accountScope(sha256, apiKey),
    sheet,
    combined: null,
    deliverLists: () => undefined,
  };
  const start = (id = 'run-1', lastRow = rows.length) =>
    newRun({
      id,
      config: cfg,
      spreadsheetId: 'sheet-1',
      layout,
      firstRow: 2,
      lastRow,
      combinedSheet: null,
      now: clock.now(),
    });
  let run = start();
  /** One slice of the world's run, or of `other`. */
  const slice = (runHardCap = 0, other?: BulkRun, more: Partial<SliceOptions> = {}) => {
    const options = {
      day: '2026-11-22',
      runHardCap,
      limits: { requestsPerSecond: PACE },
      ...more,
    };
    const next = runSlice(deps, other ?? run, options);
    if (!other) run = next;
    return next;
  };
  const posts = () => api.callsFor(accountKey).filter((call) => call.method === 'POST');
  return { clock, api, apiKey: accountKey, sheet, slice, start, posts, store, fast };
}

describe('a slice', () => {
  it('writes each row its answer and status, buying each distinct input once', () => {
    const rows = [['Company'], ['Acme'], ['Nobody Ltd'], ['Acme'], [''], ['ada@acme.com'], ['Globex']];
    const w = world(rows, config());
    const run = w.slice();
    expect(run).toMatchObject({
      state: 'done',
      cursor: 8,
      credits: 3,
      counts: { found: 3, notFound: 1, errors: 0, skipped: 1, invalid: 1 },
    });
    expect(w.posts().map((call) => call.input)).toEqual(['Acme', 'Nobody Ltd', 'Globex']);
    // The fake API's websites for them.
    expect(w.sheet.column(2, 6)).toEqual(['acme.com', '', 'acme.com', '', '', 'globex.com']);
    expect(w.sheet.column(3, 6)).toEqual([
      'Found',
      'Not found',
      'Found',
      '',
      expect.stringMatching(/^Invalid input: This is an email address/),
      'Found',
    ]);
    // Rows 2-4 and 6-7 are two blocks: the blank row 5 is not written.
    expect(w.sheet.writes.map((block) => [block.row, block.values.length])).toEqual([
      [2, 3],
      [6, 2],
    ]);
  });

  it('stops at the per-run cap with one message, before buying past it', () => {
    const rows = [['Company'], ...Array.from({ length: 10 }, (_, i) => [`Company ${i}`])];
    const w = world(rows, config());
    const run = w.slice(4);
    expect(run).toMatchObject({ state: 'stopped', credits: 4, cursor: 6 });
    expect(run.message).toBe(
      'This run reached its cap of 4 credits (4 credits spent). Raise the per-run cap in the settings, then Resume.',
    );
    expect(w.posts()).toHaveLength(4);
    expect(w.sheet.column(3, 10).filter((status) => status !== '')).toHaveLength(4);
  });

  it('past the per-run cap still writes the rows whose answers are saved, and counts them when it comes back', () => {
    const w = world([['Company'], ['Umbrella']], config());
    w.slice();
    expect(w.api.spent(w.apiKey)).toBe(1);
    // Umbrella's answer is saved; the sheet gets other rows above it.
    for (const [row, company] of ['Acme', 'Globex', 'Initech', 'Umbrella'].entries()) {
      w.sheet.cells.set(`${row + 2}:1`, company);
      for (const column of [2, 3]) w.sheet.cells.set(`${row + 2}:${column}`, '');
    }
    const stopped = w.slice(2, w.start('run-2', 5));
    expect(stopped).toMatchObject({
      state: 'stopped',
      cursor: 4,
      credits: 2,
      counts: { found: 2, skipped: 0 },
    });
    expect(w.sheet.column(2, 4)).toEqual(['acme.com', 'globex.com', '', 'umbrella.com']);
    expect(w.api.spent(w.apiKey)).toBe(3);

    const done = w.slice(10, { ...stopped, state: 'running', message: null });
    expect(done).toMatchObject({ state: 'done', cursor: 6, credits: 3, counts: { found: 3, skipped: 1 } });
    expect(progressOf(done, w.clock.now())).toMatchObject({ rows: 4, done: 4 });
    expect(w.api.spent(w.apiKey)).toBe(4);
  });

  it("under a watch's caps, passes over the rows it cannot pay for, saying why, and writes every saved answer", () => {
    const w = world([['Company'], ['Umbrella']], config());
    w.slice();
    for (const [row, company] of ['Acme', 'Globex', 'Umbrella', 'Initech'].entries()) {
      w.sheet.cells.set(`${row + 2}:1`, company);
      for (const column of [2, 3]) w.sheet.cells.set(`${row + 2}:${column}`, '');
    }
    const capped = 'Waiting: the cap';
    const run = w.slice(0, w.start('run-2', 5), { watchCaps: { left: 1, status: capped } });
    expect(run).toMatchObject({ cursor: 6, credits: 1, counts: { found: 2, skipped: 2 } });
    expect(w.sheet.column(2, 4)).toEqual(['acme.com', '', 'umbrella.com', '']);
    expect(w.sheet.column(3, 4)).toEqual(['Found', capped, 'Found', capped]);
    expect(w.posts().map((call) => call.input)).toEqual(['Umbrella', 'Acme']);

    // Nothing left to spend: the saved answers only, and a status already saying so is not written again.
    w.sheet.cells.set('2:2', '');
    const writes = w.sheet.writes.length;
    w.slice(0, w.start('run-3', 5), { watchCaps: { left: 0, status: capped } });
    expect(w.sheet.column(2, 4)).toEqual(['acme.com', '', 'umbrella.com', '']);
    expect(w.sheet.writes.slice(writes)).toEqual([{ row: 2, column: 2, values: [['acme.com', 'Found']] }]);
    expect(w.api.spent(w.apiKey)).toBe(2);
  });

  it('stops on a 402 at once: rows not reached stay empty, never "Not found"', () => {
    const rows = [['Company'], ...Array.from({ length: 8 }, (_, i) => [`Company ${i}`])];
    const w = world(rows, config(), { credits: 3 });
    const run = w.slice();
    expect(run.state).toBe('stopped');
    expect(run.message).toMatch(/^Not enough credits \(HTTP 402\)\..* The run stopped at row 5;/);
    expect(w.sheet.column(3, 8)).toEqual(['Found', 'Found', 'Found', '', '', '', '', '']);
    expect(w.api.spent(w.apiKey)).toBe(3);
  });

  it('stops the same way when the API key is refused (401)', () => {
    const rows = [['Company'], ['Acme'], ['Globex']];
    const w = world(rows, config(), { key: 'not-the-real-key' });
    const run = w.slice();
    expect(run).toMatchObject({ state: 'stopped', cursor: 2, counts: { errors: 0 } });
    expect(run.message).toMatch(/^The API key was refused \(HTTP 401\)\..* The run stopped at row 2;/);
    expect(w.sheet.column(3, 2)).toEqual(['', '']);
  });

  it('waits out a server error and asks again later, writing no error and counting every credit', () => {
    const rows = [['Company'], ['Acme'], ['Globex'], ['Initech']];
    const w = world(rows, config());
    w.api.failNext(1, 503, undefined, 'enrich');
    // A slice whose time for lookups ends before a 503's 30 s wait does.
    const first = w.slice(0, undefined, { limits: { requestsPerSecond: PACE, lookupBudgetMs: 30_000 } });
    // The 503 would be retried after about 30 s, past this slice's time: the row waits, and the
    // rows after it too (their answers, bought meanwhile, are kept and counted).
    expect(first).toMatchObject({ state: 'running', cursor: 2, credits: 2, counts: { found: 0, errors: 0 } });
    expect(w.sheet.column(3, 3)).toEqual(['', '', '']);
    expect(progressOf(first, w.clock.now())).toMatchObject({
      nextCallInMs: SLICE_LIMITS.failureWaitMs,
      notice: expect.stringMatching(/^The enrichment service failed \(HTTP 503\)\..* waits 30 s/),
      message: null,
    });
    w.clock.time += SLICE_LIMITS.failureWaitMs;
    const second = w.slice();
    expect(second).toMatchObject({
      state: 'done',
      counts: { found: 3, errors: 0 },
      credits: 3,
      notice: null,
    });
    expect(w.api.spent(w.apiKey)).toBe(3);
  });

  it('gives the rows the error once the service has failed for several slices', () => {
    const rows = [['Company'], ['Acme']];
    const w = world(rows, config());
    w.api.failNext(100, 502, undefined, 'enrich');
    let run = w.slice();
    for (let i = 0; i < SLICE_LIMITS.maxFailingSlices; i++) {
      w.clock.time += SLICE_LIMITS.failureWaitMs;
      run = w.slice();
    }
    expect(run).toMatchObject({ state: 'done', counts: { errors: 1 } });
    expect(w.sheet.column(3, 1)[0]).toMatch(/^Error: The enrichment service failed \(HTTP 502\)/);
    expect(rowsOf(run.failed)).toEqual([2]);
  });

  it('marks a row-level failure, and retries exactly the failed rows when asked', () => {
    const rows = [['Company'], ['Acme'], ['provider-error Inc'], ['Globex']];
    const w = world(rows, config());
    const run = w.slice();
    expect(run).toMatchObject({ state: 'done', counts: { found: 2, errors: 1 } });
    expect(rowsOf(run.failed)).toEqual([3]);
    expect(w.sheet.column(3, 3)[1]).toMatch(/^Error: Provider error/);
    expect(progressOf(run, w.clock.now())).toMatchObject({ failedRows: 1, done: 3 });

    const retried = retryRun(run, w.clock.now());
    expect(progressOf(retried, w.clock.now())).toMatchObject({ state: 'running', done: 2, nextCallInMs: 0 });
    const postsBefore = w.posts().length;
    const again = w.slice(0, retried);
    expect(
      w
        .posts()
        .slice(postsBefore)
        .map((call) => call.input),
    ).toEqual(['provider-error Inc']);
    expect(again).toMatchObject({ state: 'done', counts: { found: 2, errors: 1 } });
    expect(rowsOf(again.failed)).toEqual([3]);
  });

  it('waits for jobs across slices, polling them without posting again', () => {
    const profile = operationByType('pronet_profile_to_pronet_info')!;
    const rows = [
      ['Profile'],
      ['https://www.pronet.com/in/ada-lovelace'],
      ['https://www.pronet.com/in/grace-hopper'],
    ];
    const w = world(rows, config(profile.type), { api: { jobDelayMs: { profile: 20_000 } } });
    let run = w.slice();
    expect(run).toMatchObject({ state: 'running', counts: { found: 0 }, credits: 0 });
    expect(progressOf(run, w.clock.now())).toMatchObject({ pending: 2, done: 0 });
    const processing = 'Processing: the API is still working on it';
    expect(w.sheet.column(3, 2)).toEqual([processing, processing]);
    for (let i = 0; i < 20 && run.state === 'running'; i++) {
      w.clock.time += progressOf(run, w.clock.now()).nextCallInMs ?? 0;
      run = w.slice();
    }
    expect(run).toMatchObject({ state: 'done', counts: { found: 2 }, credits: 20 });
    expect(w.posts()).toHaveLength(2);
    expect(w.sheet.column(3, 2)).toEqual(['Found', 'Found']);
    expect(w.sheet.column(2, 2)).toEqual(['Ada Lovelace', 'Grace Hopper']); // the profiles' full names
  });

  it('copies a repeat from a row that already shows its answer when the cache has forgotten it', () => {
    const rows = [['Company'], ['Acme'], ['Globex']];
    const w = world(rows, config());
    w.slice();
    // A row is added and run later, after the saved answers are gone.
    w.store.data.clear();
    w.fast.forget();
    w.sheet.cells.set('4:1', 'Acme');
    const again = w.slice(0, w.start('run-2', 4));
    expect(again).toMatchObject({ state: 'done', counts: { found: 1, skipped: 2 }, credits: 0 });
    expect(w.posts()).toHaveLength(2);
    expect(w.sheet.column(2, 3)[2]).toBe('acme.com');
  });

  it('refills outputs cleared since an earlier run from the saved results, for nothing, whatever their status says', () => {
    const rows = [['Company'], ['Acme'], ['Globex'], ['Nobody Ltd'], ['Acme']];
    const w = world(rows, config());
    w.slice();
    expect(w.api.spent(w.apiKey)).toBe(3); // acme, globex and the miss, at 1 credit each
    expect(w.sheet.column(3, 4)).toEqual(['Found', 'Found', 'Not found', 'Found']);
    // The user clears the output column and keeps the status column, then runs again.
    for (const row of [2, 3, 4, 5]) w.sheet.cells.set(`${row}:2`, '');

    const again = w.slice(0, w.start('run-2'));

    expect(again).toMatchObject({ state: 'done', counts: { found: 3, skipped: 1 }, credits: 0 });
    expect(w.sheet.column(2, 4)).toEqual(['acme.com', 'globex.com', '', 'acme.com']);
    expect(w.api.spent(w.apiKey)).toBe(3);
    expect(w.posts()).toHaveLength(3);
  });

  it('never copies a repeat from a row whose output was cleared: the repeat is looked up', () => {
    const rows = [['Company'], ['Acme'], ['Globex']];
    const w = world(rows, config());
    w.slice();
    w.sheet.cells.set('2:2', ''); // Acme's website cleared, its "Found" kept
    w.sheet.cells.set('4:1', 'Acme');
    w.store.data.clear();
    w.fast.forget();

    const again = w.slice(0, w.start('run-2', 4));

    // Nothing was saved any more: Acme is bought once, for both of its rows.
    expect(again).toMatchObject({ state: 'done', counts: { found: 2, skipped: 1 }, credits: 1 });
    expect([w.sheet.column(2, 3)[0], w.sheet.column(2, 3)[2]]).toEqual(['acme.com', 'acme.com']);
  });

  it('sends what fits in its time at the paced rate, and leaves the rest for the next slice', () => {
    const rows = [['Company'], ...Array.from({ length: 300 }, (_, i) => [`Company ${i}`])];
    const w = world(rows, config());
    const started = w.clock.now();
    const run = w.slice();
    const { lookupBudgetMs, budgetMs } = SLICE_LIMITS;
    const requestsPerSecond = PACE;
    const sent = w.posts().length;
    // The paced rate while sending: the lookup budget less the 2 s kept for storing the answers
    // and the closing section; the batches' spread decides the last second.
    const sendingSeconds = lookupBudgetMs / 1000 - 2;
    expect(sent).toBeGreaterThanOrEqual(requestsPerSecond * sendingSeconds);
    expect(sent).toBeLessThanOrEqual(requestsPerSecond * (sendingSeconds + 1));
    expect(run).toMatchObject({ state: 'running', cursor: 2 + sent, credits: sent });
    expect(w.sheet.column(3, 300)[sent]).toBe('');
    expect(w.clock.now() - started).toBeLessThanOrEqual(budgetMs);
    const next = w.slice();
    expect(w.posts().slice(sent)[0]?.input).toBe(`Company ${sent}`);
    expect(next).toMatchObject({ state: 'done', cursor: 302, credits: 300 });
    expect(w.posts()).toHaveLength(300);
  });
});
