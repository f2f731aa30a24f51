// The add-on's hidden sheets after a user's hands were on them: `_enrich_cache` (paid answers) and
// `_enrich_ledger` (the record of purchases) are hidden and say "do not edit", but users unhide
// sheets. Whatever they type in A1, insert, sort or rename, the answers already paid are found
// again (a bulk preview has nothing to buy, a formula answers for 0 credits), writes go on in the
// same sheet (never a second one beside it), and the spend report's total stays Spending's and the
// API's. A deleted sheet is really lost: the add-on says what was lost and what buying it again
// costs before it buys anything. Prices are the spec's: a website from a company name, 1 credit.
// assumptions: S17 (what a person's edits do), S18 (a sheet's id survives them), C5 (the fast
// cache forgets)
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { ReportResult } from '../../src/shared/receipt-rpc';
import type { CacheView, LedgerView } from '../../src/shared/rpc';
import {
  callFunction,
  createWorld,
  drive,
  enterFormula,
  forgetUserMemory,
  postsSent,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const CACHE = '_enrich_cache';
const LEDGER = '_enrich_ledger';
const HOUR = 3_600_000;

const websites = (sheetName: string): BulkRunConfig => ({
  sheetName,
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
});

const companies = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Company ${from + i}`);

/** A sheet of companies under a header, as a user would paste them. */
function leads(world: World, sheetName: string, names: readonly string[]): void {
  typeValues(world, `A1:A${names.length + 1}`, [['Company'], ...names.map((name) => [name])], sheetName);
}

/** A bulk run over the sheet's companies, started after its preview, to the end. */
function bulkRun(world: World, sheetName: string): BulkProgress {
  const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites(sheetName));
  const started = sidebar<BulkProgress>(world, 'startBulkRun', websites(sheetName), preview.estimatedCredits);
  return drive(world, started.runId);
}

/**
 * Hours later the fast cache has forgotten everything, and the properties hold no answer; nor does
 * the user's memory across spreadsheets (memory.test.ts).
 */
function fastCacheForgets(world: World): void {
  world.clock.advance(8 * HOUR);
  world.emu.cache.forgetEverything();
  const properties = world.emu.properties.getDocumentProperties()!;
  for (const key of properties.getKeys()) if (key.startsWith('r1:')) properties.deleteProperty(key);
  forgetUserMemory(world);
}

const sheetNames = (world: World) => world.emu.document.sheets.map((sheet) => sheet.name);

/** 20 websites bought by a bulk run (20 credits): their answers are in the hidden sheet only. */
function twentyBought(): World {
  const world = createWorld();
  leads(world, 'Leads', companies(1, 20));
  expect(bulkRun(world, 'Leads')).toMatchObject({ state: 'done', creditsSpent: 20 });
  expect(spent(world)).toBe(20);
  fastCacheForgets(world);
  return world;
}

/** After the edit: nothing to buy again, formulas free, and later writes land in the same sheet. */
function answersAreFoundAgain(world: World, cacheName: string): void {
  leads(world, 'Again', companies(1, 20));
  expect(sidebar<BulkPreview>(world, 'previewBulkRun', websites('Again'))).toMatchObject({
    rows: 20,
    cached: 20,
    toLookUp: 0,
    estimatedCredits: 0,
  });
  expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 7')).toBe('7.com');
  expect(spent(world)).toBe(20);
  expect(postsSent(world)).toBe(20);

  // Writes keep working, into the same sheet: five more, then found again once the fast cache forgot.
  leads(world, 'More', companies(21, 25));
  expect(bulkRun(world, 'More')).toMatchObject({ state: 'done', creditsSpent: 5 });
  fastCacheForgets(world);
  expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 23')).toBe('23.com');
  leads(world, 'All', companies(1, 25));
  expect(sidebar<BulkPreview>(world, 'previewBulkRun', websites('All'))).toMatchObject({
    cached: 25,
    estimatedCredits: 0,
  });
  expect(spent(world)).toBe(25);
  expect(sheetNames(world).filter((name) => name === cacheName || name.startsWith('_enrich_cache'))).toEqual([
    cacheName,
  ]);
}

describe('the hidden sheet of saved answers, edited by a user', () => {
  it('still answers after its A1 was typed over', () => {
    const world = twentyBought();
    world.emu.edit(world.bundle, CACHE, 'A1', 'my notes');
    answersAreFoundAgain(world, CACHE);
  });

  it('still answers after a column was inserted left of its keys', () => {
    const world = twentyBought();
    world.emu.user.insertColumns(world.bundle, CACHE, 0);
    answersAreFoundAgain(world, CACHE);
  });

  it('still answers after a column was inserted between its keys and their values', () => {
    const world = twentyBought();
    world.emu.user.insertColumns(world.bundle, CACHE, 1);
    answersAreFoundAgain(world, CACHE);
  });

  it('still answers after it was sorted Z to A, its header row with the rest', () => {
    const world = twentyBought();
    world.emu.user.sortRange(world.bundle, CACHE, 'A1:B21', 1, false);
    expect(world.emu.cell(CACHE, 'A21').value).toBe('Enrich for Sheets: saved results (do not edit)');
    answersAreFoundAgain(world, CACHE);
  });

  it('still answers after it was renamed, and gets its name back with the next write', () => {
    const world = twentyBought();
    world.emu.user.renameSheet(world.bundle, CACHE, 'old answers');

    // A formula finds it by its id with the calls a name cost: its record came with its settings.
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 2')).toBe('2.com');
    const { calls } = world.emu.runtime.finished.at(-1)!;
    expect(calls.filter((call) => /^(SpreadsheetApp|Spreadsheet|Sheet|Range)\./.test(call))).toEqual([
      'SpreadsheetApp.getActiveSpreadsheet',
      'Spreadsheet.getSheetById',
      'Sheet.getDataRange',
      'Range.getValues',
    ]);
    expect(calls.filter((call) => call.startsWith('Properties.'))).toEqual([
      'Properties.getProperties',
      'Properties.getProperties', // the API key, in user properties read whole with the memory
    ]);
    answersAreFoundAgain(world, CACHE);
    expect(sheetNames(world)).not.toContain('old answers');
  });
});

/**
 * 4 credits by a bulk run, moved to the ledger sheet when Spending is opened; after the edit, 3
 * more by formulas and 1 by another bulk run, which moves the purchases waiting into the ledger
 * sheet: 8 credits in all.
 */
function spendingAfter(edit: (world: World) => void): World {
  const world = createWorld();
  leads(world, 'Leads', companies(1, 4));
  expect(bulkRun(world, 'Leads').creditsSpent).toBe(4);
  sidebar<LedgerView>(world, 'getLedger');
  expect(sheetNames(world)).toContain(LEDGER);
  edit(world);
  typeValues(world, 'A1:A3', [['Initech'], ['Globex Corporation'], ['Umbrella Corp']]);
  for (const row of [1, 2, 3]) enterFormula(world, `B${row}`, `=COMPANY_WEBSITE(A${row})`);
  world.clock.advance(HOUR);
  leads(world, 'More', companies(5, 5));
  expect(bulkRun(world, 'More').creditsSpent).toBe(1);
  sidebar<LedgerView>(world, 'getLedger');
  return world;
}

function reportAgreesWithSpending(world: World): void {
  expect(spent(world)).toBe(8);
  expect(sidebar<LedgerView>(world, 'getLedger')).toMatchObject({ today: 8, month: 8 });
  expect(sidebar<ReportResult>(world, 'openSpendReport', 'today')).toMatchObject({
    rows: 8,
    credits: 8,
  });
  expect(world.emu.values('Enrich spend report', 'A3')).toEqual([
    ['Total: 8 credits over 8 purchases (as Spending counts them)'],
  ]);
  // One record of purchases beside the cache's sheet: none made again beside the edited one.
  expect(world.emu.document.sheets.filter((sheet) => sheet.hidden)).toHaveLength(2);
}

describe('the hidden record of purchases, edited by a user', () => {
  it('keeps the report whole after its A1 was typed over', () => {
    reportAgreesWithSpending(spendingAfter((world) => world.emu.edit(world.bundle, LEDGER, 'A1', 'x')));
  });

  it('keeps the report whole after it was renamed, and gets its name back with the next write', () => {
    const world = spendingAfter((world) => world.emu.user.renameSheet(world.bundle, LEDGER, 'purchases'));
    reportAgreesWithSpending(world);
    expect(sheetNames(world)).toContain(LEDGER);
    expect(sheetNames(world)).not.toContain('purchases');
  });

  it('keeps the report whole after a column was inserted and its rows sorted', () => {
    reportAgreesWithSpending(
      spendingAfter((world) => {
        world.emu.user.insertColumns(world.bundle, LEDGER, 0);
        const last = world.emu.document.sheetByName(LEDGER)!.lastRow();
        world.emu.user.sortRange(world.bundle, LEDGER, `A1:C${last}`, 2, false);
        expect(world.emu.cell(LEDGER, `B${last}`).value).toMatch(/^Enrich for Sheets: record of purchases/);
      }),
    );
  });
});

describe('the hidden sheet of saved answers, deleted', () => {
  const LOST =
    'The hidden sheet "_enrich_cache" was deleted: the 20 saved results it kept are lost, and buying them again would cost up to 20 credits.';

  it('says what was lost and what buying it again costs, and buys nothing until told to', () => {
    const world = twentyBought();
    world.emu.user.deleteSheet(world.bundle, CACHE);

    leads(world, 'Again', companies(1, 20));
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', websites('Again'));
    expect(preview).toMatchObject({
      cached: 0,
      toLookUp: 20,
      estimatedCredits: 20,
      needsConfirmation: true,
      lostResults: LOST,
    });
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ lostResults: LOST });
    expect(() => callFunction(world, 'COMPANY_WEBSITE', 'Company 7')).toThrow(LOST);
    expect(() => sidebar(world, 'startBulkRun', websites('Again'), 0)).toThrow(/confirm it first/);
    expect(spent(world)).toBe(20);
    expect(sheetNames(world)).not.toContain(CACHE);

    // Confirmed at the preview's price: bought again once, kept in one new sheet.
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites('Again'), 20);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', creditsSpent: 20 });
    expect(spent(world)).toBe(40);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ entries: 20, lostResults: null });
    expect(sheetNames(world).filter((name) => name === CACHE)).toEqual([CACHE]);
    fastCacheForgets(world);
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 7')).toBe('7.com');
    expect(spent(world)).toBe(40);
  });

  it('lets the user go on without them from Saved results', () => {
    const world = twentyBought();
    world.emu.user.deleteSheet(world.bundle, CACHE);
    expect(sidebar<CacheView>(world, 'acceptLostResults')).toMatchObject({ lostResults: null });
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 7')).toBe('7.com');
    expect(spent(world)).toBe(21);
  });

  it('still collects a job started before the sheet went: its answer is kept, never bought again', () => {
    const world = twentyBought();
    typeValues(world, 'A1', [['https://www.pronet.com/in/ada-lovelace']], 'People');
    // Typed, and its edit's trigger not run yet: the job is left to the sidebar's timer.
    const started = world.emu.edit(world.bundle, 'People', 'B1', '=PRONET_PROFILE(A1, "headline")', {
      fireTriggers: false,
    });
    expect(started.values[0]![0]).toMatch(/^Processing/);
    world.emu.user.deleteSheet(world.bundle, CACHE);

    for (let call = 0; call < 30; call++) {
      const progress = sidebar<{ pending: number; nextCheckInMs?: number }>(world, 'collectJobsFromSidebar');
      if (progress.pending === 0) break;
      world.clock.advance(10_000);
    }
    expect(world.emu.values('People', 'B1')).toEqual([['Product Manager at Ironworks']]);
    // The 20 websites and the profile's 10 credits (the spec's price), sent once.
    expect(spent(world)).toBe(30);
    expect(postsSent(world)).toBe(21);
    expect(sheetNames(world)).not.toContain(CACHE);
  });
});

describe('rows of the hidden sheet of saved answers, deleted', () => {
  const LOST =
    '5 saved results were deleted from the hidden sheet "_enrich_cache": buying them again would cost about 5 credits.';
  const REFUSAL = `${LOST} Nothing is bought again until you choose: open the sidebar (Extensions > Enrich for Sheets > Open sidebar), Saved results.`;

  /** The user unhides the sheet and deletes the rows of Company 1 to Company 5. */
  function fiveRowsDeleted(): World {
    const world = twentyBought();
    expect(world.emu.values(CACHE, 'A2:A6').map(([key]) => typeof key)).toEqual(Array(5).fill('string'));
    world.emu.user.deleteRows(world.bundle, CACHE, 2, 5);
    return world;
  }

  it('says what was lost and what buying it again costs, and buys nothing until told to', () => {
    const world = fiveRowsDeleted();

    expect(() => callFunction(world, 'COMPANY_WEBSITE', 'Company 2')).toThrow(REFUSAL);
    // What the sheet still holds answers for free.
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 12')).toBe('12.com');
    leads(world, 'Again', companies(1, 20));
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', websites('Again'))).toMatchObject({
      cached: 15,
      toLookUp: 5,
      estimatedCredits: 5,
      needsConfirmation: true,
      lostResults: LOST,
    });
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ entries: 15, lostResults: LOST });
    expect(() => sidebar(world, 'startBulkRun', websites('Again'), 0)).toThrow(/confirm it first/);
    expect(spent(world)).toBe(20);
    expect(postsSent(world)).toBe(20);

    // Confirmed at the preview's price: the 5 are bought again once.
    const started = sidebar<BulkProgress>(world, 'startBulkRun', websites('Again'), 5);
    expect(drive(world, started.runId)).toMatchObject({ state: 'done', creditsSpent: 5 });
    expect(spent(world)).toBe(25);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ entries: 20, lostResults: null });
    fastCacheForgets(world);
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 2')).toBe('2.com');
    expect(spent(world)).toBe(25);
  });

  it('keeps saying so after another write to the sheet, until the user goes on without them', () => {
    const world = twentyBought();
    typeValues(world, 'A1', [['https://www.pronet.com/in/ada-lovelace']], 'People');
    world.emu.edit(world.bundle, 'People', 'B1', '=PRONET_PROFILE(A1, "headline")', { fireTriggers: false });
    world.emu.user.deleteRows(world.bundle, CACHE, 2, 5);
    // The job started before is collected: its answer is written to the sheet meanwhile.
    for (let call = 0; call < 30; call++) {
      const progress = sidebar<{ pending: number }>(world, 'collectJobsFromSidebar');
      if (progress.pending === 0) break;
      world.clock.advance(10_000);
    }
    expect(world.emu.values('People', 'B1')).toEqual([['Product Manager at Ironworks']]);
    expect(spent(world)).toBe(30);
    // The header, the 15 websites left and the profile: the sheet was written since.
    expect(world.emu.document.sheetByName(CACHE)!.lastRow()).toBe(17);
    fastCacheForgets(world);

    expect(() => callFunction(world, 'COMPANY_WEBSITE', 'Company 2')).toThrow(REFUSAL);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ lostResults: LOST });
    expect(spent(world)).toBe(30);

    expect(sidebar<CacheView>(world, 'acceptLostResults')).toMatchObject({ lostResults: null });
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 2')).toBe('2.com');
    expect(spent(world)).toBe(31);
    expect(sidebar<CacheView>(world, 'getCacheStats')).toMatchObject({ lostResults: null });
  });
});

describe('the hidden record of purchases, deleted', () => {
  it('says the report lists fewer purchases than Spending counts, and since when, never silently', () => {
    const world = spendingAfter((world) => world.emu.user.deleteSheet(world.bundle, LEDGER));
    const RECORD_LOST =
      'The record of purchases before 2025-01-06 05:00 was deleted with the hidden sheet "_enrich_ledger": the spend report lists fewer purchases than Spending\'s totals count.';

    // Spending counts all 8 credits the API charged; the report, the 4 bought after the deletion.
    expect(spent(world)).toBe(8);
    expect(sidebar<LedgerView>(world, 'getLedger')).toMatchObject({
      today: 8,
      month: 8,
      recordLost: RECORD_LOST,
    });
    const report = sidebar<ReportResult>(world, 'openSpendReport', 'today');
    expect(report).toMatchObject({ rows: 4, credits: 4 });
    expect(report.message).toContain(RECORD_LOST);
    expect(world.emu.values('Enrich spend report', 'A3:A4')).toEqual([
      ['Total: 4 credits over 4 purchases (as Spending counts them)'],
      [RECORD_LOST],
    ]);
    expect(world.emu.document.sheets.filter((sheet) => sheet.hidden)).toHaveLength(2);
  });
});
