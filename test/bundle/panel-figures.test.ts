// Panels are never stale (issue 40): after every action that buys (a formula, a bulk run ending,
// Buy again, a watch's run, a refresh, a key test) Spending's figures, the spend report's and the
// fake API's own charges are one figure. Prices are the spec's: company_name_to_website 1 credit.
import type { BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { ReportResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import { createWorld, drive, enterFormula, sidebar, spent, typeValues, type World } from './harness';

const DAY = 86_400_000;

const config = (sheetName: string, extra: Partial<BulkRunConfig> = {}): BulkRunConfig => ({
  sheetName,
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
  ...extra,
});

/** What the API charged, what Spending says this month and today, and what the report says. */
function figures(world: World) {
  const ledger = sidebar<LedgerView>(world, 'getLedger');
  const report = sidebar<ReportResult>(world, 'openSpendReport', 'month');
  return { charged: spent(world), month: ledger.month, today: ledger.today, report: report.credits };
}

/** The spend report's rows of this month, added up by their Source column. */
function reportBySource(world: World): Record<string, number> {
  const report = sidebar<ReportResult>(world, 'openSpendReport', 'month');
  const rows = world.emu.values('Enrich spend report', `A7:G${6 + report.rows}`);
  const sums: Record<string, number> = {};
  for (const row of rows) sums[String(row[1])] = (sums[String(row[1])] ?? 0) + Number(row[4]);
  return sums;
}

const agree = (world: World, credits: number) =>
  expect(figures(world)).toEqual({ charged: credits, month: credits, today: credits, report: credits });

describe('the figures of Spending, the report and the API after each action', () => {
  it('agree after a formula, a bulk run, Buy again, a watch, a refresh and a key test', () => {
    const world = createWorld({ plan: 10, credits: 1000, emulator: { addOn: true } });

    typeValues(world, 'A1:A3', [['Company 1'], ['Company 2'], ['Company 3']]);
    expect(enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A3)').error).toBeNull();
    agree(world, 3);

    typeValues(world, 'A1:A6', [['Company'], ...[4, 5, 6, 7, 8].map((n) => [`Company ${n}`])], 'Leads');
    const run = sidebar<BulkProgress>(world, 'startBulkRun', config('Leads'), 0);
    expect(drive(world, run.runId).state).toBe('done');
    agree(world, 8);

    world.clock.advance(60_000);
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B1:B3').activate();
    const offer = sidebar<SelectionReceipt>(world, 'getCellReceipt', null).buyAgain!;
    expect(offer.credits).toBe(3);
    sidebar(world, 'buyAgain', offer.credits);
    agree(world, 11);

    typeValues(world, 'A1', [['Company']], 'Watched');
    sidebar<WatchList>(world, 'createWatch', { kind: 'lookup', config: config('Watched'), dailyCap: 50 });
    world.emu.edit(world.bundle, 'Watched', 'A2', 'Company 9');
    expect(world.emu.values('Watched', 'B2')).toEqual([['9.com']]);
    agree(world, 12);
    // The Watches panel's figures: the watch's spend today, and that it ran.
    const [watch] = sidebar<WatchList>(world, 'listWatches').watches;
    expect(watch).toMatchObject({ state: 'on', spentToday: 1, rowsDone: 1 });
    expect(watch!.lastRunAt).not.toBeNull();

    world.clock.advance(2 * DAY);
    const refresh = config('Leads', { refreshOlderThanDays: 1, refreshBudget: 2 });
    const refreshed = sidebar<BulkProgress>(world, 'startBulkRun', refresh, 2);
    expect(drive(world, refreshed.runId).state).toBe('done');
    expect(spent(world)).toBe(14);
    const after = figures(world);
    expect(after).toMatchObject({ charged: 14, month: 14, report: 14, today: 2 });
    // Spending's rows by source hold what the report's rows of those sources add up to.
    expect(sidebar<LedgerView>(world, 'getLedger').bySource).toEqual({
      formulas: 3,
      bulk: 9,
      keyTests: 0,
      refresh: 2,
    });
    expect(reportBySource(world)).toEqual({
      Formula: 3,
      'Bulk run': 5,
      'Buy again': 3,
      Watch: 1,
      Refresh: 2,
    });

    sidebar(world, 'testApiKey');
    expect(figures(world)).toMatchObject({ charged: 15, month: 15, report: 15 });
  });
});
