// The sidebar's Spending and Saved results panels, through their server calls on the built add-on
// in the emulator against the fake API: the numbers must be the ones the fake API charged.

import type { JobsList } from '../../src/shared/jobs-rpc';
import type { ReportResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { CacheView, LedgerView } from '../../src/shared/rpc';
import type { WatchList } from '../../src/shared/watch-rpc';
import {
  createWorld,
  enterFormulaBeforeItsTrigger as enterFormula,
  postsSent,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const COMPANIES = ['Acme Corporation', 'Globex Industries', 'Initech'];

/** Prices from the spec's operation table, and the names the Spending panel gives the operations. */
const WEBSITE = { price: 1, label: 'Website from company name' }; // COMPANY_WEBSITE
const EMAIL = { price: 10, label: 'Email from profile' }; // PRONET_EMAIL
const PROFILE_INFO = { price: 10, label: 'Full profile' }; // PRONET_PROFILE

const ledger = (world: World) => sidebar(world, 'getLedger') as LedgerView;
const cacheStats = (world: World) => sidebar(world, 'getCacheStats') as CacheView;
const clearCache = (world: World) => sidebar(world, 'clearCache') as CacheView;

/** Three company websites in B1:B3 and one profile email in C1, a minute apart; when each ran. */
function runFormulas(world: World): { from: number; to: number }[] {
  typeValues(
    world,
    'A1:A3',
    COMPANIES.map((name) => [name]),
  );
  typeValues(world, 'D1', [[PROFILE]]);
  const ran: { from: number; to: number }[] = [];
  for (const [cell, formula] of [
    ['B1', '=COMPANY_WEBSITE(A1)'],
    ['B2', '=COMPANY_WEBSITE(A2)'],
    ['B3', '=COMPANY_WEBSITE(A3)'],
    ['C1', '=PRONET_EMAIL(D1)'],
  ] as const) {
    const from = world.clock.now();
    expect(enterFormula(world, cell, formula).error).toBeNull();
    ran.push({ from, to: world.clock.now() });
    world.clock.advance(MINUTE);
  }
  return ran;
}

describe('the Spending panel (getLedger)', () => {
  it('shows what formulas spent today and this month, by operation, and the budget left', () => {
    const world = createWorld();
    runFormulas(world);
    const total = 13; // three websites at 1, one profile email at 10
    expect(spent(world)).toBe(total);

    const view = ledger(world);
    expect(view).toMatchObject({
      day: '2025-01-06',
      today: total,
      month: total,
      bySource: { formulas: total, bulk: 0, keyTests: 0, refresh: 0 },
      formulaCapLeftToday: 100 - total,
      outOfCredits: false,
    });
    // Most spent first.
    expect(view.byOperation).toEqual([
      { label: EMAIL.label, credits: EMAIL.price },
      { label: WEBSITE.label, credits: 3 * WEBSITE.price },
    ]);
  });

  it('opens with one read of each store, the spreadsheet got once', () => {
    const world = createWorld();
    runFormulas(world);
    const view = ledger(world);
    expect(view.today).toBe(13);
    expect(view.pace?.rate).toBe(1); // a new account's pace: the documented 1 a second
    const { calls } = world.emu.runtime.finished.at(-1)!;
    // The ledger and settings in one read of the document's; the user's key and pace in one read of
    // the user's; the ledger sheet's record read again under the lock that moves the purchases.
    expect(calls.filter((call) => /^PropertiesService\.getUserProperties/.test(call))).toHaveLength(1);
    expect(calls.filter((call) => call === 'Properties.getProperty')).toHaveLength(1);
    expect(calls.filter((call) => call === 'SpreadsheetApp.getActiveSpreadsheet')).toHaveLength(1);
  });

  it('follows a new daily cap, and starts a new day at zero while the month keeps counting', () => {
    const world = createWorld();
    runFormulas(world);
    const total = spent(world);
    saveSettings(world, { formulaDailyCap: 20 });
    expect(ledger(world).formulaCapLeftToday).toBe(20 - total);

    world.clock.advance(DAY);
    expect(ledger(world)).toMatchObject({
      day: '2025-01-07',
      today: 0,
      month: total,
      formulaCapLeftToday: 20,
    });
  });

  it('books a sidebar re-run of an expired job as a run, not against the formula budget', () => {
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A2', [[PROFILE]]);
    enterFormula(world, 'B2', '=PRONET_PROFILE(A2, "headline")');
    sidebar(world, 'collectJobsFromSidebar');
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR + MINUTE); // collected too late (T5: up to an hour late)
    const [job] = (sidebar(world, 'listJobs') as { jobs: { key: string; state: string }[] }).jobs;
    expect(job?.state).toBe('expired');

    expect(sidebar(world, 'retryExpiredJob', job!.key)).toMatchObject({ ok: true });
    for (
      let i = 0;
      i < 20 && (sidebar(world, 'collectJobsFromSidebar') as { pending: number }).pending > 0;
      i++
    )
      world.clock.advance(10_000);

    expect(spent(world)).toBe(2 * PROFILE_INFO.price);
    expect(ledger(world)).toMatchObject({
      today: 2 * PROFILE_INFO.price,
      bySource: { formulas: PROFILE_INFO.price, bulk: PROFILE_INFO.price, keyTests: 0, refresh: 0 },
      byOperation: [{ label: PROFILE_INFO.label, credits: 2 * PROFILE_INFO.price }],
      formulaCapLeftToday: 100 - PROFILE_INFO.price,
    });
  });

  it("books the key test's credit as a key test, so the ledger matches the account, and not on the formula budget", () => {
    const world = createWorld();
    expect(sidebar(world, 'testApiKey')).toMatchObject({ ok: true, creditsSpent: WEBSITE.price });
    expect(spent(world)).toBe(WEBSITE.price);
    expect(ledger(world)).toMatchObject({
      today: WEBSITE.price,
      month: WEBSITE.price,
      bySource: { formulas: 0, bulk: 0, keyTests: WEBSITE.price },
      byOperation: [{ label: WEBSITE.label, credits: WEBSITE.price }],
      formulaCapLeftToday: 100,
    });
  });

  it('books nothing for a key test the API refused', () => {
    const world = createWorld();
    sidebar(world, 'setApiKey', 'sk_live_not_a_real_key_0000', 'user', 'untested');
    expect(sidebar(world, 'testApiKey')).toMatchObject({ ok: false, creditsSpent: 0 });
    expect(ledger(world)).toMatchObject({ today: 0, bySource: { keyTests: 0 } });
  });

  it('says once that the account is out of credits when the API answers 402, until a lookup is paid again', () => {
    const world = createWorld({ credits: 5 });
    typeValues(world, 'A1:A2', [[PROFILE], ['Acme Corporation']]);
    const refused = enterFormula(world, 'B1', '=PRONET_EMAIL(A1)');
    expect(refused.error?.message).toMatch(/Not enough credits \(HTTP 402\)/);
    expect(spent(world)).toBe(0);
    expect(ledger(world)).toMatchObject({ outOfCredits: true, today: 0 });

    world.api.addCredits(world.key, 100);
    expect(enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2)').error).toBeNull();
    expect(ledger(world)).toMatchObject({ outOfCredits: false, today: WEBSITE.price });
  });

  it('answers without a key: the ledger belongs to the spreadsheet', () => {
    const world = createWorld();
    runFormulas(world);
    const total = spent(world);
    sidebar(world, 'clearApiKey');
    expect(ledger(world)).toMatchObject({ today: total, month: total });
  });
});

describe('the Saved results panel (getCacheStats, clearCache)', () => {
  it('counts the paid answers, their age and room, and what buying them again would cost', () => {
    const world = createWorld();
    const [first, , , last] = runFormulas(world);
    enterFormula(world, 'C2', '=COMPANY_WEBSITE(A1)'); // a repeat: no new answer, no credit

    const stats = cacheStats(world);
    expect(stats).toMatchObject({ entries: 4, rebuyCredits: spent(world) });
    // Stamped when the answer arrived, inside the formula's run.
    expect(stats.oldestAt).toBeGreaterThan(first!.from);
    expect(stats.oldestAt).toBeLessThanOrEqual(first!.to);
    expect(stats.newestAt).toBeGreaterThan(last!.from);
    expect(stats.newestAt).toBeLessThanOrEqual(last!.to);
    expect(stats.bytes).toBeGreaterThan(4 * 52); // four keys of 52 characters, and their answers
  });

  it('opens asking Sheets the time zone once, and the user properties once, the key and memory both', () => {
    const world = createWorld();
    runFormulas(world);
    const stats = cacheStats(world);
    expect(stats).toMatchObject({ entries: 4, timeZone: world.emu.spreadsheet.getSpreadsheetTimeZone() });
    const { calls } = world.emu.runtime.finished.at(-1)!;
    expect(calls.filter((call) => call === 'Spreadsheet.getSpreadsheetTimeZone')).toHaveLength(1);
    expect(calls.filter((call) => call === 'PropertiesService.getUserProperties')).toHaveLength(1);
    // This spreadsheet's id, which tells its answers in the memory from others', is on record.
    expect(calls).not.toContain('Spreadsheet.getId');
  });

  it('clears them, the fast cache too: the same formulas then pay again exactly what the panel said', () => {
    const world = createWorld();
    runFormulas(world);
    const before = cacheStats(world);
    const paid = spent(world);

    expect(clearCache(world)).toEqual({
      entries: 0,
      bytes: 0,
      oldestAt: null,
      newestAt: null,
      oldest: null,
      newest: null,
      timeZone: 'America/New_York',
      rebuyCredits: 0,
      lostResults: null,
      everywhere: { entries: 0, spreadsheets: 0, rebuyCredits: 0 },
      memoryEvicted: null,
    });
    for (const [cell, formula] of [
      ['E1', '=COMPANY_WEBSITE(A1)'],
      ['E2', '=COMPANY_WEBSITE(A2)'],
      ['E3', '=COMPANY_WEBSITE(A3)'],
      ['E4', '=PRONET_EMAIL(D1)'],
    ] as const)
      enterFormula(world, cell, formula);
    expect(spent(world) - paid).toBe(before.rebuyCredits);
    expect(postsSent(world)).toBe(8);
  });

  it('counts an answer kept in both the properties and the hidden sheet once, and clears both', () => {
    const world = createWorld();
    runFormulas(world);
    // Collected by the sidebar, which may write sheets: that save copies every answer into the sheet.
    typeValues(world, 'A9', [[PROFILE]]);
    enterFormula(world, 'B9', '=PRONET_PROFILE(A9, "headline")');
    for (
      let i = 0;
      i < 20 && (sidebar(world, 'collectJobsFromSidebar') as { pending: number }).pending > 0;
      i++
    )
      world.clock.advance(10_000);
    const hidden = () => world.emu.document.sheetByName('_enrich_cache');
    expect(hidden()?.lastRow()).toBe(1 + 5); // a header, then one row an answer

    expect(cacheStats(world)).toMatchObject({ entries: 5, rebuyCredits: spent(world) });
    expect(clearCache(world)).toMatchObject({ entries: 0, rebuyCredits: 0 });
    expect(hidden()?.lastRow() ?? 1).toBe(1);
    const paid = spent(world);
    enterFormula(world, 'E1', '=COMPANY_WEBSITE(A1)');
    expect(spent(world)).toBe(paid + WEBSITE.price);
  });

  it('refuses to clear without a key: answers are cleared one account at a time', () => {
    const world = createWorld();
    runFormulas(world);
    sidebar(world, 'clearApiKey');
    expect(cacheStats(world).entries).toBe(4);
    expect(() => clearCache(world)).toThrow(/Save your API key first/);
    expect(cacheStats(world).entries).toBe(4);
  });

  it("counts and clears only the saved key's account: a collaborator's answers stay", () => {
    const world = createWorld();
    runFormulas(world);
    const mine = cacheStats(world);
    const other = world.api.createAccount({ credits: 100 });
    sidebar(world, 'setApiKey', other, 'user'); // tested first: 1 credit of the other account
    expect(cacheStats(world).entries).toBe(0);
    clearCache(world);

    sidebar(world, 'setApiKey', world.key, 'user');
    expect(cacheStats(world)).toEqual(mine);
  });

  it('keeps counting answers whatever their age, in a document that saved "Keep results for" 2 days', () => {
    const world = createWorld();
    runFormulas(world);
    const counted = cacheStats(world);
    world.emu.globals.PropertiesService.getDocumentProperties()!.setProperty(
      'enrich.settings',
      '{"cacheTtlDays":2}',
    );
    world.clock.advance(200 * DAY);
    expect(cacheStats(world)).toMatchObject({ entries: counted.entries, rebuyCredits: counted.rebuyCredits });
  });
});

describe('one clock: the spreadsheet time zone', () => {
  // The virtual clock starts on 2025-01-06 at 09:00 UTC: 18:00 in Tokyo.
  it('gives every time the sidebar shows in the spreadsheet time zone, and names it', () => {
    const world = createWorld({ emulator: { timeZone: 'Asia/Tokyo' } });
    runFormulas(world); // B1:B3 and C1, a minute apart
    expect(cacheStats(world)).toMatchObject({
      oldest: '2025-01-06 18:00',
      newest: '2025-01-06 18:03',
      timeZone: 'Asia/Tokyo',
    });

    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B1').activate();
    const receipt = sidebar(world, 'getCellReceipt', null) as SelectionReceipt;
    expect(receipt.timeZone).toBe('Asia/Tokyo');
    expect(receipt.lines.find((line) => line.label === 'Bought')?.text).toBe(
      '2025-01-06 18:00 for 1 credit (formula, Sheet1!B1)',
    );

    const report = sidebar(world, 'openSpendReport', 'today') as ReportResult;
    const header = world.emu.values(report.sheetName, 'A6:A7');
    expect(header[0]![0]).toBe('Date and time (Asia/Tokyo)');
    expect(String(header[1]![0])).toMatch(/^2025-01-06 18:00:\d\d$/);
  });
});

describe("every panel, against the API's charges", () => {
  it('counts what a watch and a formula spent alike in Watches and Spending, and lists a delivered job', () => {
    const world = createWorld({ plan: 10, emulator: { addOn: true } });
    typeValues(world, 'A1', [['Company']]);
    sidebar(world, 'createWatch', {
      kind: 'lookup',
      config: {
        sheetName: 'Sheet1',
        headerRow: 1,
        type: 'company_name_to_website',
        columns: { input: 1 },
        output: { mode: 'primary' },
      },
      dailyCap: 50,
    });
    // Typed rows: the Edit trigger runs the watch on them.
    for (const [i, name] of COMPANIES.entries()) world.emu.edit(world.bundle, 'Sheet1', `A${i + 2}`, name);
    typeValues(world, 'E1', [[PROFILE]]);
    world.emu.edit(world.bundle, 'Sheet1', 'F1', '=PRONET_PROFILE(E1, "headline")');
    world.clock.advance(2 * MINUTE);
    world.emu.edit(world.bundle, 'Sheet1', 'G1', 'notes');

    expect(spent(world)).toBe(3 * WEBSITE.price + PROFILE_INFO.price);
    const watches = sidebar(world, 'listWatches') as WatchList;
    expect(watches.watches.map((watch) => [watch.spentToday, watch.rowsDone])).toEqual([[3, 3]]);
    expect(ledger(world).today).toBe(13);
    const jobs = sidebar(world, 'listJobs') as JobsList;
    expect(jobs.jobs.map((job) => job.query)).toEqual([
      'PRONET_PROFILE("https://www.pronet.com/in/ada-lovelace")',
    ]);
  });
});
