// The record of purchases: written by the ledger in the same write as the day's totals, read as a
// whole from the properties' waiting pages and the hidden sheet, kept 90 days within its share of
// the store. Prices are the spec's: company_name_to_website 1 credit, pronet_profile_to_email 10,
// company_name_to_employees 0.5 an employee.
import { type BudgetDeps, recordSpend, reserve, settle, settleJob } from '../../../src/core/billing/budget';
import { addDays } from '../../../src/core/billing/days';
import { keepPurchases, prunePurchaseSheet, purchaseRecord } from '../../../src/core/billing/purchase-log';
import { PAGES_BUDGET_BYTES } from '../../../src/core/billing/purchase-pages';
import { decodePurchase, encodePurchase, type Purchase } from '../../../src/core/billing/purchases';
import { spendReport } from '../../../src/core/billing/report';
import { ledgerSummary } from '../../../src/core/billing/summary';
import type { SheetStorePort } from '../../../src/core/platform/ports';
import { FakeClock } from '../helpers/fake-http';
import { bytesOf, FakeDocumentLock, FakeProperties } from '../helpers/platform';

const TODAY = '2026-11-22';
const CAP = { formulaDailyCap: 1000 };
const KEY_A = `r1:0123456789abcdef:${'a'.repeat(32)}`;
const KEY_B = `r1:0123456789abcdef:${'b'.repeat(32)}`;

function setup() {
  const clock = new FakeClock();
  const store = new FakeProperties(clock);
  const lock = new FakeDocumentLock(clock);
  const deps: BudgetDeps = { store, lock, clock };
  return { clock, store, lock, deps };
}

/** A hidden sheet as the core sees it: rows of key and value (the adapter is tested apart). */
function memorySheet(): SheetStorePort & { rows: Map<string, string> } {
  const rows = new Map<string, string>();
  return {
    rows,
    canWrite: true,
    readAll: () => Object.fromEntries(rows),
    writeMany: (entries) => {
      for (const [key, value] of Object.entries(entries)) rows.set(key, value);
    },
    removeMany: (keys) => {
      for (const key of keys) rows.delete(key);
    },
    lost: () => null,
    forgetLost: () => undefined,
  };
}

const WEBSITE = (key: string, input: string, served: string) => ({
  type: 'company_name_to_website' as const,
  estimate: 1,
  key,
  input,
  served,
});

const record = (
  store: FakeProperties,
  clock: FakeClock,
  sheet: Record<string, string> = {},
  resolve?: never,
) => purchaseRecord(store.getAll(), sheet, TODAY, clock.now(), resolve);

const pick = (row: Purchase) => [row.source, row.type, row.input, row.cents, row.outcome, row.served ?? ''];

describe('the record of purchases', () => {
  it("books a formula's reservation that never settles with what its answers were, as Spending counts it", () => {
    const { deps, store, clock } = setup();
    reserve(deps, TODAY, [WEBSITE(KEY_A, 'Acme Corporation', 'Sheet1!B1')], CAP, 'formula');
    reserve(deps, TODAY, [WEBSITE(KEY_B, 'Nobody Inc', 'Sheet1!B2')], CAP, 'formula');
    // The answers are in the cache: one found, one not (a miss is charged too).
    const resolve = (_all: Record<string, string>, keys: readonly string[]) =>
      new Map(keys.map((key) => [key, key === KEY_A ? ('found' as const) : ('notFound' as const)]));
    const rows = purchaseRecord(store.getAll(), {}, TODAY, clock.now(), (keys) => resolve({}, keys));
    expect(rows.map(pick)).toEqual([
      ['formula', 'company_name_to_website', 'Acme Corporation', 100, 'found', 'Sheet1!B1'],
      ['formula', 'company_name_to_website', 'Nobody Inc', 100, 'notFound', 'Sheet1!B2'],
    ]);
    expect(ledgerSummary(store, TODAY, CAP, clock.now()).today.total).toBe(2);

    // Once they lapse, the next booking writes them for good, with what the cache said.
    clock.time += 60_000;
    recordSpend({ ...deps, resolve }, TODAY, 'keyTest', [
      { type: 'company_name_to_website', credits: 1, input: 'Google', outcome: 'found', served: 'Key test' },
    ]);
    expect(record(store, clock).map(pick)).toEqual([
      ['formula', 'company_name_to_website', 'Acme Corporation', 100, 'found', 'Sheet1!B1'],
      ['formula', 'company_name_to_website', 'Nobody Inc', 100, 'notFound', 'Sheet1!B2'],
      ['keyTest', 'company_name_to_website', 'Google', 100, 'found', 'Key test'],
    ]);
    expect(ledgerSummary(store, TODAY, CAP).today).toMatchObject({
      total: 3,
      bySource: { formula: 2, bulk: 0, keyTest: 1 },
    });
  });

  it('books each charge of a settle on its item, what was sent twice on its purchase, a job on completion', () => {
    const { deps, store, clock } = setup();
    const email = {
      type: 'pronet_profile_to_email' as const,
      estimate: 10,
      key: KEY_A,
      input: 'https://www.pronet.com/in/ada',
      served: 'Leads!B2:C2',
    };
    const list = {
      type: 'company_name_to_employees' as const,
      estimate: 12.5,
      key: KEY_B,
      input: 'Acme Corporation',
      served: 'Leads!B3:C3',
    };
    const reservation = reserve(deps, TODAY, [email, list], CAP, 'recipe');
    settle(
      deps,
      TODAY,
      reservation.id,
      [{ type: email.type, credits: 10, key: KEY_A, outcome: 'found' }],
      [{ jobId: 'job-7', type: list.type, estimate: 12.5, key: KEY_B }],
      [{ type: email.type, credits: 10, key: KEY_A }],
    );
    expect(record(store, clock).map((row) => [...pick(row), row.twice])).toEqual([
      [
        'recipe',
        'pronet_profile_to_email',
        'https://www.pronet.com/in/ada',
        1000,
        'found',
        'Leads!B2:C2',
        1000,
      ],
    ]);
    clock.time += 60_000;
    settleJob(deps, TODAY, 'job-7', { type: list.type, credits: 3.5, key: KEY_B, outcome: 'found' });
    const rows = record(store, clock);
    expect(rows.map((row) => [row.input, row.cents, row.job ?? ''])).toEqual([
      ['https://www.pronet.com/in/ada', 1000, ''],
      ['Acme Corporation', 350, 'job-7'],
    ]);
    const summary = ledgerSummary(store, TODAY);
    expect(summary.today.total).toBe(13.5);
    expect(summary.today.possiblyChargedTwice).toEqual({ lookups: 1, credits: 10 });
    const report = spendReport(rows, 'today', TODAY, { zone: 'UTC', format: () => 'time' });
    expect([report.credits, report.twice]).toEqual([13.5, 10]);
    expect(report.rows[0]![5]).toBe('Found; possibly charged twice (up to 10 credits more)');
  });

  it('reads back what it wrote, and nothing from garbage', () => {
    const row: Purchase = {
      at: 1_700_000_000_000,
      day: TODAY,
      source: 'buyAgain',
      type: 'company_name_to_website',
      input: 'Acme',
      cents: 100,
      outcome: 'notFound',
      twice: 0,
      key: KEY_A,
      served: 'Sheet1!B2',
      count: 1,
    };
    expect(decodePurchase(JSON.parse(JSON.stringify(encodePurchase(row))))).toEqual(row);
    for (const garbage of [null, 'x', [1], [1, TODAY, 'z', 'company_name_to_website', '', 1, 'f'], {}])
      expect(decodePurchase(garbage)).toBeNull();
  });
});

describe('keeping the record', () => {
  it('moves the waiting pages to the hidden sheet and reads each purchase once, wherever it lies', () => {
    const { deps, store, clock, lock } = setup();
    const sheet = memorySheet();
    const charge = (input: string) => ({
      type: 'company_name_to_website' as const,
      credits: 1,
      input,
      outcome: 'found' as const,
    });
    recordSpend(deps, TODAY, 'keyTest', [charge('one')]);
    expect(keepPurchases({ store, lock, sheet }, TODAY)).toBe(1);
    // Its slot is emptied, not deleted: PropertiesService deletes one key a call.
    const slots = () => [...store.data].filter(([key]) => key.startsWith('spend:rows:'));
    expect(slots()).toEqual([['spend:rows:0', '']]);
    recordSpend(deps, TODAY, 'keyTest', [charge('two')]);
    // A page written to the sheet whose slot a killed move left full is read once.
    const [, waiting] = slots().find(([, value]) => value !== '')!;
    sheet.rows.set(JSON.parse(waiting).p, waiting);
    const rows = record(store, clock, sheet.readAll());
    expect(rows.map((row) => row.input)).toEqual(['one', 'two']);
    expect(ledgerSummary(store, TODAY).today.total).toBe(2);
    // Nothing waiting: no lock taken, nothing written.
    expect(keepPurchases({ store, lock, sheet }, TODAY)).toBe(1);
    const calls = { ...store.calls };
    expect(keepPurchases({ store, lock, sheet }, TODAY)).toBe(0);
    expect(store.calls.setMany).toBe(calls.setMany);
    expect(store.calls.removeMany).toBe(0);
  });

  it('keeps its pages within their share of the store, folding the oldest while the totals stay exact', () => {
    const { deps, store, clock } = setup();
    for (let i = 0; i < 1500; i++) {
      recordSpend(deps, TODAY, 'keyTest', [
        {
          type: 'company_name_to_website',
          credits: 1,
          input: `Company number ${i} with a name of some length`,
          outcome: 'found',
          served: 'Key test',
        },
      ]);
    }
    const pageBytes = [...store.data]
      .filter(([key]) => key.startsWith('spend:rows:'))
      .reduce((sum, [key, value]) => sum + bytesOf(key) + bytesOf(value), 0);
    expect(pageBytes).toBeLessThanOrEqual(PAGES_BUDGET_BYTES + 8_000);
    const rows = record(store, clock);
    const report = spendReport(rows, 'today', TODAY, { zone: 'UTC', format: () => '' });
    expect(report.credits).toBe(1500);
    expect(ledgerSummary(store, TODAY).today.total).toBe(1500);
    expect(report.summary[1]).toBe('Total: 1,500 credits over 1,500 purchases (as Spending counts them)');
    // The newest purchases keep their details; the oldest are counted in summary rows.
    expect(rows.at(-1)!.input).toBe('Company number 1499 with a name of some length');
    expect(rows.some((row) => row.count > 1 && row.input === '')).toBe(true);
  });

  it('moves full pages to the hidden sheet when the booking may write it, folding nothing', () => {
    const { deps, store, clock } = setup();
    const sheet = memorySheet();
    const charge = (i: number) => ({
      type: 'company_name_to_website' as const,
      credits: 1,
      input: `Company number ${i} with a name of some length`,
      outcome: 'found' as const,
      served: `Sheet1!B${i + 2}`,
    });
    // One booking of 1,000 (a driver's slice) and 500 more one by one.
    recordSpend(
      { ...deps, sheet },
      TODAY,
      'bulk',
      Array.from({ length: 1000 }, (_, i) => charge(i)),
    );
    for (let i = 1000; i < 1500; i++) recordSpend({ ...deps, sheet }, TODAY, 'bulk', [charge(i)]);

    const rows = record(store, clock, sheet.readAll());
    expect(rows).toHaveLength(1500);
    expect(rows.filter((row) => row.count !== 1)).toEqual([]);
    expect(rows[0]!.input).toBe('Company number 0 with a name of some length');
    expect(rows[0]!.served).toBe('Sheet1!B2');
    expect(rows.at(-1)!.input).toBe('Company number 1499 with a name of some length');
    expect(ledgerSummary(store, TODAY).today.total).toBe(1500);
    const pageBytes = [...store.data]
      .filter(([key]) => key.startsWith('spend:rows:'))
      .reduce((sum, [key, value]) => sum + bytesOf(key) + bytesOf(value), 0);
    expect(pageBytes).toBeLessThanOrEqual(PAGES_BUDGET_BYTES + 8_000);
  });

  it('folds as before when the sheet cannot be written, the totals exact', () => {
    const { deps, store, clock } = setup();
    const sheet = {
      ...memorySheet(),
      writeMany: () => {
        throw new Error('Service Spreadsheets timed out');
      },
    };
    const charges = Array.from({ length: 1000 }, (_, i) => ({
      type: 'company_name_to_website' as const,
      credits: 1,
      input: `Company number ${i} with a name of some length`,
      outcome: 'found' as const,
    }));
    recordSpend({ ...deps, sheet }, TODAY, 'bulk', charges);
    const rows = record(store, clock);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(1000);
    expect(rows.some((row) => row.count > 1 && row.input === '')).toBe(true);
    expect(ledgerSummary(store, TODAY).today.total).toBe(1000);
  });

  it('keeps 90 days of purchases; older days keep their totals only', () => {
    const { deps, store, clock } = setup();
    const sheet = memorySheet();
    const day0 = '2026-01-10';
    const charge = [
      { type: 'company_name_to_website' as const, credits: 1, input: 'old', outcome: 'found' as const },
    ];
    recordSpend(deps, day0, 'keyTest', charge);
    keepPurchases({ ...deps, sheet }, day0);
    const later = addDays(day0, 91);
    recordSpend(deps, later, 'keyTest', [{ ...charge[0]!, input: 'new' }]);
    prunePurchaseSheet(sheet, sheet.readAll(), later);
    expect(sheet.rows.size).toBe(0);
    expect(
      purchaseRecord(store.getAll(), sheet.readAll(), later, clock.now()).map((row) => row.input),
    ).toEqual(['new']);
    expect(ledgerSummary(store, day0).month.total).toBe(1);
  });
});

describe('the report', () => {
  it("covers exactly its period's days, as Spending counts today and this month", () => {
    const { deps, store, clock } = setup();
    const days = ['2026-10-30', '2026-11-01', '2026-11-16', '2026-11-21', TODAY];
    days.forEach((day, i) => {
      recordSpend(deps, day, 'keyTest', [
        { type: 'company_name_to_website', credits: i + 1, input: day, outcome: 'found' },
      ]);
    });
    const rows = record(store, clock);
    const total = (period: Parameters<typeof spendReport>[1]) =>
      spendReport(rows, period, TODAY, { zone: 'UTC', format: () => '' }).credits;
    expect(total('today')).toBe(5);
    expect(total('week')).toBe(5 + 4 + 3);
    expect(total('month')).toBe(5 + 4 + 3 + 2);
    expect(total('days30')).toBe(15);
    expect(total('today')).toBe(ledgerSummary(store, TODAY).today.total);
    expect(total('month')).toBe(ledgerSummary(store, TODAY).month.total);
  });
});

describe('days', () => {
  it('count across month ends and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2026-11-22', -90)).toBe('2026-08-24');
    expect(addDays('1999-12-31', 1)).toBe('2000-01-01');
  });
});
