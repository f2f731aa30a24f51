// A messy day (issue 31): formulas, a bulk run, employee lists, misses, an expired list, the
// hidden record of purchases typed over, and a 402 when the balance runs out. At the end the
// spend report, Spending and the fake API's own ledger agree to the half credit. Prices are the
// spec's: 1 a company website, 0.5 an employee returned; a miss is charged too.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { JobsList } from '../../src/shared/jobs-rpc';
import type { ReportResult } from '../../src/shared/receipt-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import {
  createWorld,
  drive,
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  sidebar,
  spent,
  typeValues,
} from './harness';

const MINUTE = 60_000;

const websites: BulkRunConfig = {
  sheetName: 'Leads',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

describe('a messy day', () => {
  it("ends with the spend report, Spending and the API's charges equal, to the half credit", () => {
    // Lists take 40 s to finish: longer than a formula waits for them.
    const world = createWorld({
      plan: 10,
      credits: 60,
      emulator: { addOn: true },
      api: { jobDelayMs: { employees: 40_000 } },
    });
    saveSettings(world, { formulaDailyCap: 1000 });

    // Formulas over five names, one the API finds nothing for (charged all the same).
    typeValues(world, 'A1:A5', [
      ['Acme Corporation'],
      ['Globex'],
      ['Nobody Ltd'],
      ['Initech'],
      ['Umbrella Corp'],
    ]);
    expect(enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A5)').error).toBeNull();
    expect(spent(world)).toBe(5);

    // An employee list, collected by the edit that typed it.
    typeValues(world, 'C1', [['Acme Corporation']]);
    enterFormula(world, 'D1', '=COMPANY_EMPLOYEES(C1, "", "", 4)');
    world.clock.advance(2 * MINUTE);
    world.emu.edit(world.bundle, 'Sheet1', 'F1', 'note');
    expect(spent(world)).toBe(7);

    // Another list nobody collects for an hour: it expires. The API charged it when it finished
    // (10 employees, 5 credits), which the add-on cannot see, so Spending counts its bound until the
    // same query answers again: the user runs it again from the Jobs panel.
    typeValues(world, 'C2', [['Globex']]);
    enterFormulaBeforeItsTrigger(world, 'D2', '=COMPANY_EMPLOYEES(C2, "", "", 10)');
    world.clock.advance(60 * MINUTE);
    sidebar(world, 'collectJobsFromSidebar');
    expect(spent(world)).toBe(12);
    const jobs = sidebar<JobsList>(world, 'listJobs');
    const expired = jobs.jobs.find((job) => job.state === 'expired');
    expect(expired?.label).toBe('Employees from company name');
    sidebar(world, 'retryExpiredJob', expired!.key);
    world.clock.advance(2 * MINUTE);
    sidebar(world, 'collectJobsFromSidebar');
    expect(spent(world)).toBe(17);

    // The sidebar moves purchases to the hidden record; a user then types over its A1.
    sidebar<LedgerView>(world, 'getLedger');
    world.emu.edit(world.bundle, '_enrich_ledger', 'A1', 'my notes');

    // A bulk run over more names than the balance pays for: the API answers 402.
    typeValues(world, 'A1', [['Company']], 'Leads');
    typeValues(
      world,
      'A2:A81',
      Array.from({ length: 80 }, (_, i) => [`Company ${i + 1}`]),
      'Leads',
    );
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites);
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites, preview.estimatedCredits);
    const last = drive(world, started.runId, 100);
    expect(last.state).toBe('stopped');
    expect(last.message).toMatch(/credits/i);

    // What the API charged, what Spending says, what the report says: one figure.
    // The balance of 60 ran out: 17 before the run, 43 rows bought by it.
    const charged = spent(world);
    expect(charged).toBe(60);
    expect(last.creditsSpent).toBe(43);
    const ledger = sidebar<LedgerView>(world, 'getLedger');
    expect(ledger.today).toBe(charged);
    const report = sidebar<ReportResult>(world, 'openSpendReport', 'today');
    expect(report.credits).toBe(charged);
    const rows = world.emu.values('Enrich spend report', `A7:G${6 + report.rows}`);
    expect(rows.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(charged);
  });
});
