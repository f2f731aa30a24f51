// No internal id in any text a user sees (issue 42): after a formula, an employee list (an API
// job), a bulk run and a watch, every cell and note of every sheet, the hidden ones a user may
// unhide included, the spend report, and what the sidebar's panels are sent carry none of the
// add-on's own ids: job ids, cache keys, property keys, a cell named by its sheet's id.
import type { BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { FakeSheet } from '../../tools/emulator/spreadsheet';
import { createWorld, drive, enterFormula, sidebar, typeValues, type World } from './harness';

const MINUTE = 60_000;

/** The shapes of the add-on's ids; cache keys (`r1:…`) are the hidden sheets' own row keys. */
const SHOWN_IDS = [
  /inline:/,
  /#\d+!/,
  /\bjob_[0-9a-f]{6}/,
  /\benrich\.[A-Za-z]/,
  /\bpace:/,
  /\bfq:/,
  /\bspend:/,
];
const CACHE_KEY = /\br1:[0-9a-f]{8}/;

/** Every cell's shown text and every note of `sheet`, non-empty. */
function textsOf(sheet: FakeSheet): string[] {
  const range = sheet.getDataRange();
  return [...range.getDisplayValues().flat(), ...range.getNotes().flat()].filter((text) => text !== '');
}

/** What the sidebar's panels are sent, without the ids it passes back to the server unread. */
function panelTexts(world: World): string {
  const calls = ['getSidebarState', 'listJobs', 'listWatches', 'getLedger', 'getCacheStats', 'getBulkRun'];
  const sent: unknown[] = calls.map((name) => sidebar(world, name));
  for (const a1 of ['B2', 'C3', 'D2', 'I2']) {
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange(a1).activate();
    sent.push(sidebar(world, 'getCellReceipt', null));
  }
  const passedBack = new Set(['id', 'runId', 'key']);
  return JSON.stringify(sent, (key, value) =>
    passedBack.has(key) && typeof value === 'string' ? undefined : value,
  );
}

const found = (texts: readonly string[], shapes: readonly RegExp[]) =>
  texts.filter((text) => shapes.some((shape) => shape.test(text)));

it('shows no internal id after a formula, an employee list, a bulk run and a watch', () => {
  const world = createWorld({ emulator: { addOn: true } });
  typeValues(world, 'A1:A3', [['Company'], ['Company 1'], ['Acme Corporation']]);
  enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2)');
  enterFormula(world, 'C3', '=COMPANY_EMPLOYEES(A3, "Sales")');
  const phones: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_phone',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
  expect(drive(world, sidebar<{ runId: string }>(world, 'startBulkRun', phones, 0).runId).state).toBe('done');
  typeValues(world, 'H1', [['Employer']]);
  const websites = { ...phones, type: 'company_name_to_website', columns: { input: 8 } };
  sidebar(world, 'createWatch', { kind: 'lookup', config: websites, dailyCap: 50 });
  world.emu.edit(world.bundle, 'Sheet1', 'H2', 'Company 5');
  sidebar(world, 'collectJobsFromSidebar');
  world.emu.runTriggersUntil(world.bundle, world.clock.now() + 5 * MINUTE);
  sidebar(world, 'openSpendReport', 'month');

  // What each did is there to read: the formula's answer, the list's sheet, the run's, the watch's.
  expect(world.emu.values('Sheet1', 'B2:C3')).toEqual([
    ['1.com', ''],
    ['', "11 employees -> sheet 'Employees - Acme Corporation (Sales)'"],
  ]);
  expect(world.emu.values('Sheet1', 'D2:D3')).toEqual([['+1 206 555 0128'], ['+1 404 555 0170']]);
  expect(world.emu.values('Sheet1', 'I2')).toEqual([['5.com']]);

  const sheets = world.emu.spreadsheet.getSheets();
  const hidden = sheets.filter((sheet) => sheet.isSheetHidden());
  expect(hidden.map((sheet) => sheet.getName()).sort()).toEqual(['_enrich_cache', '_enrich_ledger']);
  const shown = sheets.filter((sheet) => !sheet.isSheetHidden());
  expect(shown.map((sheet) => sheet.getName())).toEqual([
    'Sheet1',
    'Employees - Acme Corporation (Sales)',
    'Enrich spend report',
  ]);
  expect(found(shown.flatMap(textsOf), [...SHOWN_IDS, CACHE_KEY])).toEqual([]);
  // A user may unhide the record of purchases: it names each purchase's cell as the sheet is named.
  expect(found(hidden.flatMap(textsOf), SHOWN_IDS)).toEqual([]);
  const ledger = hidden.find((sheet) => sheet.getName() === '_enrich_ledger')!;
  expect(textsOf(ledger).join('\n')).toContain('"Sheet1!B2"');
  // It still follows a rename: the receipt names the cell by the sheet's new name.
  world.emu.user.renameSheet(world.bundle, 'Sheet1', 'Leads Q4');
  world.emu.spreadsheet.getSheetByName('Leads Q4')!.getRange('B2').activate();
  const receipt = sidebar<{ lines: { label: string; text: string }[] }>(world, 'getCellReceipt', null);
  expect(receipt.lines.find((line) => line.label === 'Bought')?.text).toBe(
    "2025-01-06 04:00 for 1 credit (formula, 'Leads Q4'!B2)",
  );
  world.emu.user.renameSheet(world.bundle, 'Leads Q4', 'Sheet1');
  expect(found([panelTexts(world)], [...SHOWN_IDS, CACHE_KEY])).toEqual([]);
});
