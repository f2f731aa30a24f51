// A bulk run writes its answers in as few writes as it may (issue 39: each write is a round trip of
// Sheets): answers a row or two apart go in one write, the cells between written back as they are.
// Those cells must come out unchanged, whatever they hold. A "Company N" is on N.com in the fake
// API's data, 1 credit a website.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { createWorld, drive, saveSettings, spent, typeValues } from './harness';

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

describe("a bulk run's writes", () => {
  it('leaves the cells between its answers as they were: a formula, a text Sheets would read as a number', () => {
    const world = createWorld({ plan: 10, credits: 100 });
    saveSettings(world, { formulaDailyCap: 100 });
    typeValues(world, 'A1:B1', [['Company', 'Website']]);
    typeValues(
      world,
      'A2:A9',
      Array.from({ length: 8 }, (_, i) => [`Company ${i + 1}`]),
    );
    const sheet = world.emu.spreadsheet.getSheetByName('Sheet1')!;
    // Filled before the run: rows 3, 5 and 7 are skipped, and lie between rows the run writes.
    sheet.getRange('B3').setFormula('=UPPER(A3)');
    sheet.getRange('B5').setValue("'007");
    sheet.getRange('B7').setValue('kept.example');
    const preview = world.emu.runExecution(world.bundle, 'previewBulkRun', [config], {
      context: 'sidebar',
    }) as BulkPreview;
    const started = world.emu.runExecution(world.bundle, 'startBulkRun', [config, preview.estimatedCredits], {
      context: 'sidebar',
    }) as BulkProgress;
    const progress = started.state === 'running' ? drive(world, started.runId) : started;
    expect(progress.state).toBe('done');
    expect(sheet.getRange('B3').getFormula()).toBe('=UPPER(A3)');
    expect(sheet.getRange('B5').getValue()).toBe('007');
    expect(sheet.getRange('B7').getValue()).toBe('kept.example');
    const written = world.emu.values('Sheet1', 'B2:B9').map(([value]) => String(value));
    expect([written[0], ...written.slice(2)]).toEqual([
      '1.com',
      '3.com',
      '007',
      '5.com',
      'kept.example',
      '7.com',
      '8.com',
    ]);
    expect(spent(world)).toBe(5);
  });
});
