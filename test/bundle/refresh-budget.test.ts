// Refreshing is a choice within a budget (issue 41): the user sets the credits a refresh may spend,
// the oldest answers are bought again first, and it never spends past its budget or a cap.
import { buyAgainWords } from '../../src/core/text/catalogue/sidebar/receipt';
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { BuyAgainResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { LedgerView } from '../../src/shared/rpc';
import {
  callFunction,
  createWorld,
  drive,
  enterFormula,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const DAY = 86_400_000;
/** company_name_to_website, 1 credit a lookup in the spec's table. */
const WEBSITES: BulkRunConfig = {
  sheetName: 'Leads',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};
const ROWS = 10;

/**
 * Leads!A2:A11 hold Company 1..10, bought a day apart from the last to the first (Company 10 is
 * the oldest answer, Company 1 the newest), shown by a bulk run for free, then left 90 days.
 */
function agedColumn(revised = true): World {
  const world = createWorld({ credits: 100 });
  const names = Array.from({ length: ROWS }, (_, i) => [`Company ${i + 1}`]);
  typeValues(world, 'A1:A11', [['Company'], ...names], 'Leads');
  for (let i = ROWS; i >= 1; i--) {
    callFunction(world, 'COMPANY_WEBSITE', `Company ${i}`);
    world.clock.advance(DAY);
  }
  expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', WEBSITES, 0).runId).state).toBe('done');
  expect(spent(world)).toBe(ROWS);
  world.clock.advance(90 * DAY);
  if (revised) world.api.reviseData('company_name_to_website');
  return world;
}

const websites = (world: World) => world.emu.values('Leads', 'B2:B11').map((row) => row[0]);

describe('a refresh within a budget', () => {
  it('buys again exactly its budget, the oldest answers first, and nothing else', () => {
    const world = agedColumn();
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshBudget: 4 };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', asked);
    expect(preview).toMatchObject({
      refresh: { rows: 4, lookups: 4, credits: 4 },
      toLookUp: 0,
      estimatedCredits: 4,
    });
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 4).runId).state).toBe('done');
    expect(spent(world)).toBe(ROWS + 4);
    expect(websites(world)).toEqual([
      '1.com',
      '2.com',
      '3.com',
      '4.com',
      '5.com',
      '6.com',
      '7revised1.com',
      '8revised1.com',
      '9revised1.com',
      '10revised1.com',
    ]);
    // Its purchases are the refresh's, under a buyer of their own.
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B11').activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    expect(receipt.lines.find((line) => line.label === 'Bought')?.text).toMatch(
      / for 1 credit \(refresh, Leads!B11:C11\)$/,
    );
    // Spending lists them under their own buyer: this month's 4 credits are the refresh's.
    expect(sidebar<LedgerView>(world, 'getLedger').bySource).toEqual({
      formulas: 0,
      bulk: 0,
      keyTests: 0,
      refresh: 4,
    });
    // And they keep the answer it replaced.
    expect(receipt.lines.find((line) => line.label === 'Before')?.text).toBe('10.com, until 2025-04-16');
    // Formulas find the refreshed answers, free; the answers it left are the ones bought before.
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 10')).toBe('10revised1.com');
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 1')).toBe('1.com');
    expect(spent(world)).toBe(ROWS + 4);
  });

  it('in the order of the rows when asked so', () => {
    const world = agedColumn();
    const asked: BulkRunConfig = {
      ...WEBSITES,
      refreshOlderThanDays: 0,
      refreshBudget: 2,
      refreshOrder: 'rows',
    };
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 2).runId).state).toBe('done');
    expect(spent(world)).toBe(ROWS + 2);
    expect(websites(world).slice(0, 3)).toEqual(['1revised1.com', '2revised1.com', '3.com']);
  });

  it('never spends past the per-run cap, and loses no answer', () => {
    const world = agedColumn();
    saveSettings(world, { runHardCap: 3 });
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshBudget: 5 };
    drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 5).runId);
    expect(spent(world)).toBe(ROWS + 3);
    expect(websites(world).every((site) => typeof site === 'string' && site !== '')).toBe(true);
  });

  it('notes each changed cell with what it was, and says how many changed', () => {
    const world = agedColumn(); // day 100: 2025-04-16
    const notes = () =>
      world.emu.spreadsheet
        .getSheetByName('Leads')!
        .getRange('B2:B11')
        .getNotes()
        .map((row) => row[0]);
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshBudget: 4 };
    const first = drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 4).runId);
    expect(first.refreshSummary).toBe('Refresh done: 4 changed, 0 the same, 0 now not found.');
    expect(notes()).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      'was 7.com until 2025-04-16',
      'was 8.com until 2025-04-16',
      'was 9.com until 2025-04-16',
      'was 10.com until 2025-04-16',
    ]);
  });

  it('finding the same answers says so, and leaves a cell its own note', () => {
    const world = agedColumn(false); // the API's data did not change
    const column = world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B2:B11');
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B11').setNote('checked by Ann');
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshBudget: 2 };
    const progress = drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 2).runId);
    expect(progress.refreshSummary).toBe('Refresh done: 0 changed, 2 the same, 0 now not found.');
    expect(spent(world)).toBe(ROWS + 2);
    expect(column.getNotes().map((row) => row[0])).toEqual([...Array(9).fill(''), 'checked by Ann']);
  });
});

describe('a refresh over a selection', () => {
  const select = (world: World, a1: string, sheet = 'Leads') => {
    const target = world.emu.spreadsheet.getSheetByName(sheet) ?? world.emu.spreadsheet.insertSheet(sheet);
    target.getRange(a1).activate();
  };

  it('buys again only the selected rows, the oldest of them first, within the budget', () => {
    const world = agedColumn();
    select(world, 'B4:B7'); // Company 3..6: Company 6 is their oldest answer
    const asked: BulkRunConfig = {
      ...WEBSITES,
      rows: 'selection',
      refreshOlderThanDays: 0,
      refreshBudget: 2,
    };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', asked);
    expect(preview).toMatchObject({
      rows: 4,
      selected: { first: 4, last: 7 },
      refresh: { rows: 2, lookups: 2, credits: 2 },
      estimatedCredits: 2,
    });
    const progress = drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 2).runId);
    expect(progress).toMatchObject({ state: 'done', rows: 4 });
    expect(progress.refreshSummary).toBe('Refresh done: 2 changed, 0 the same, 0 now not found.');
    expect(spent(world)).toBe(ROWS + 2);
    expect(websites(world)).toEqual([
      '1.com',
      '2.com',
      '3.com',
      '4.com',
      '5revised1.com',
      '6revised1.com',
      '7.com',
      '8.com',
      '9.com',
      '10.com',
    ]);
  });

  it('without a budget, every selected row and nothing outside it', () => {
    const world = agedColumn();
    select(world, 'A10:C11');
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'selection', refreshOlderThanDays: 0 };
    drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 2).runId);
    expect(spent(world)).toBe(ROWS + 2);
    expect(websites(world).slice(7)).toEqual(['8.com', '9revised1.com', '10revised1.com']);
  });

  it('refuses a selection on another sheet, before anything is spent', () => {
    const world = agedColumn();
    select(world, 'A1:A3', 'Other');
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'selection', refreshOlderThanDays: 0 };
    expect(() => sidebar(world, 'previewBulkRun', asked)).toThrow(
      'Select rows of Leads first, then preview again.',
    );
    expect(spent(world)).toBe(ROWS);
  });
});

describe('a cancelled refresh', () => {
  it('gives the rows it cleared and never sent their answer back, free, without the note', () => {
    const world = agedColumn();
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshBudget: 4 };
    const started = sidebar<BulkProgress>(world, 'startBulkRun', asked, 4);
    expect(websites(world).slice(6)).toEqual(['', '', '', '']);
    const cancelled = sidebar<BulkProgress>(world, 'cancelBulkRun', started.runId);
    expect(cancelled.state).toBe('cancelled');
    expect(spent(world)).toBe(ROWS);
    expect(websites(world).slice(6)).toEqual(['7.com', '8.com', '9.com', '10.com']);
    const sheet = world.emu.spreadsheet.getSheetByName('Leads')!;
    expect(
      sheet
        .getRange('B2:B11')
        .getNotes()
        .every((row) => row[0] === ''),
    ).toBe(true);
    expect(sheet.getRange('C8:C11').getValues()).toEqual(sheet.getRange('C2:C5').getValues());
  });
});

describe('a refresh cancelled midway', () => {
  it('keeps the answers it bought and gives the rows it never sent theirs back', () => {
    const world = createWorld({ credits: 1000 });
    const names = Array.from({ length: 60 }, (_, i) => [`Company ${i + 1}`]);
    typeValues(world, 'A1:A61', [['Company'], ...names], 'Leads');
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', WEBSITES, 60).runId).state).toBe('done');
    world.clock.advance(90 * DAY);
    world.api.reviseData('company_name_to_website');
    const asked = { ...WEBSITES, refreshOlderThanDays: 0, refreshOrder: 'rows' as const };
    const started = sidebar<BulkProgress>(world, 'startBulkRun', asked, 60);
    const first = sidebar<BulkProgress>(world, 'continueBulkRun', started.runId);
    expect(first.state).toBe('running');
    const sent = spent(world) - 60;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(60);
    sidebar<BulkProgress>(world, 'cancelBulkRun', started.runId);
    expect(spent(world)).toBe(60 + sent);
    const shown = world.emu.values('Leads', 'B2:B61').map((row) => row[0]);
    expect(shown).toEqual(
      names.map(([name], i) => `${name!.slice('Company '.length)}${i < sent ? 'revised1' : ''}.com`),
    );
  });
});

describe('a refresh of formulas', () => {
  /** Leads!B2:B5 hold =COMPANY_WEBSITE(A2)..(A5), typed a day apart from the last (B5 is the oldest). */
  function agedFormulas(): World {
    const world = createWorld({ credits: 100 });
    typeValues(
      world,
      'A1:A5',
      [['Company'], ['Company 1'], ['Company 2'], ['Company 3'], ['Company 4']],
      'Leads',
    );
    for (let row = 5; row >= 2; row--) {
      enterFormula(world, `B${row}`, `=COMPANY_WEBSITE(A${row})`, 'Leads');
      world.clock.advance(DAY);
    }
    expect(spent(world)).toBe(4);
    world.clock.advance(90 * DAY);
    world.api.reviseData('company_name_to_website');
    return world;
  }

  it('buys again the oldest answers its budget pays for, which the formulas then show free', () => {
    const world = agedFormulas();
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B2:B5').activate();
    const result = sidebar<BuyAgainResult>(world, 'buyAgain', 2, 2);
    expect(result).toMatchObject({ ok: true, creditsSpent: 2 });
    // The panel words what the server did.
    expect(buyAgainWords(result.done)).toBe(
      'Bought 2 lookups again for 2 credits; the formulas show the new answers. Refresh done: 2 changed, 0 the same, 0 now not found.',
    );
    expect(spent(world)).toBe(6);
    expect(world.emu.values('Leads', 'B2:B5').map((row) => row[0])).toEqual([
      '1.com',
      '2.com',
      '3revised1.com',
      '4revised1.com',
    ]);
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 4')).toBe('4revised1.com');
    expect(spent(world)).toBe(6);
    expect(sidebar<LedgerView>(world, 'getLedger').bySource).toMatchObject({ refresh: 2 });
    // Each changed cell says what it showed, and its receipt keeps it.
    const notes = world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B2:B5').getNotes();
    expect(notes.map((row) => row[0])).toEqual([
      '',
      '',
      expect.stringMatching(/^was 3\.com until \d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^was 4\.com until \d{4}-\d{2}-\d{2}$/),
    ]);
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B5').activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    expect(receipt.lines.find((line) => line.label === 'Before')?.text).toMatch(
      /^4\.com, until \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('over a whole sheet of them, the oldest answers of every column first', () => {
    const world = createWorld({ credits: 100 });
    typeValues(
      world,
      'A1:C3',
      [
        ['Company', 'Website', 'Partner'],
        ['Company 1', '', 'Company 3'],
        ['Company 2', '', 'Company 4'],
      ],
      'Leads',
    );
    // Bought oldest first: C3, B2, C2, B3.
    for (const [a1, formula] of [
      ['D3', '=COMPANY_WEBSITE(C3)'],
      ['B2', '=COMPANY_WEBSITE(A2)'],
      ['D2', '=COMPANY_WEBSITE(C2)'],
      ['B3', '=COMPANY_WEBSITE(A3)'],
    ] as const) {
      enterFormula(world, a1, formula, 'Leads');
      world.clock.advance(DAY);
    }
    world.clock.advance(90 * DAY);
    world.api.reviseData('company_name_to_website');
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('A1:D3').activate();
    expect(sidebar<BuyAgainResult>(world, 'buyAgain', 2, 2)).toMatchObject({ ok: true, creditsSpent: 2 });
    expect(spent(world)).toBe(6);
    expect(world.emu.values('Leads', 'B2:D3')).toEqual([
      ['1revised1.com', 'Company 3', '3.com'],
      ['2.com', 'Company 4', '4revised1.com'],
    ]);
  });

  it('refuses a budget that pays for no lookup, before anything is spent', () => {
    const world = agedFormulas();
    world.emu.spreadsheet.getSheetByName('Leads')!.getRange('B2:B5').activate();
    expect(() => sidebar(world, 'buyAgain', 0.5, 0.5)).toThrow(
      'A refresh within 0.5 credits buys nothing: the oldest answer here costs 1 credit to buy again.',
    );
    expect(spent(world)).toBe(4);
  });
});

/** Bulk runs of company_name_to_website over Leads!A and Leads!D: their answers go to E and G. */
function runBothColumns(world: World): void {
  for (const input of [1, 4]) {
    const config = { ...WEBSITES, columns: { input } };
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', config, 0).runId).state).toBe('done');
  }
}

describe('a refresh over a whole sheet', () => {
  /**
   * Leads has two bulk-run columns: A (Company 1..3, websites in E) and D (Company 4..6, websites
   * in G). Their answers were bought a day apart, alternating columns: Company 1, 4, 2, 5, 3, 6.
   */
  function agedSheet(): World {
    const world = createWorld({ credits: 100 });
    typeValues(world, 'A1:A4', [['Company'], ['Company 1'], ['Company 2'], ['Company 3']], 'Leads');
    typeValues(world, 'D1:D4', [['Partner'], ['Company 4'], ['Company 5'], ['Company 6']], 'Leads');
    for (const i of [1, 4, 2, 5, 3, 6]) {
      callFunction(world, 'COMPANY_WEBSITE', `Company ${i}`);
      world.clock.advance(DAY);
    }
    runBothColumns(world);
    expect(spent(world)).toBe(6);
    world.clock.advance(90 * DAY);
    world.api.reviseData('company_name_to_website');
    return world;
  }

  it('buys again the oldest answers of every bulk-run column within one budget', () => {
    const world = agedSheet();
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0, refreshBudget: 3 };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', asked);
    // Both columns' rows counted: 6 filled, of which 3 are bought again.
    expect(preview).toMatchObject({
      rows: 6,
      alreadyFilled: 3,
      refresh: { rows: 3, lookups: 3, credits: 3 },
      estimatedCredits: 3,
    });
    const progress = drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 3).runId);
    expect(progress.state).toBe('done');
    expect(progress.refreshSummary).toBe('Refresh done: 3 changed, 0 the same, 0 now not found.');
    expect(spent(world)).toBe(9);
    expect(world.emu.values('Leads', 'E2:E4').map((row) => row[0])).toEqual([
      '1revised1.com',
      '2revised1.com',
      '3.com',
    ]);
    expect(world.emu.values('Leads', 'G2:G4').map((row) => row[0])).toEqual([
      '4revised1.com',
      '5.com',
      '6.com',
    ]);
    // Each changed cell of both columns says what it was; the receipt keeps it.
    const sheet = world.emu.spreadsheet.getSheetByName('Leads')!;
    const notes = (a1: string) =>
      sheet
        .getRange(a1)
        .getNotes()
        .map((row) => row[0]);
    expect(notes('E2:E4')).toEqual(['was 1.com until 2025-04-12', 'was 2.com until 2025-04-12', '']);
    expect(notes('G2:G4')).toEqual(['was 4.com until 2025-04-12', '', '']);
    sheet.getRange('G2').activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    expect(receipt.lines.find((line) => line.label === 'Before')?.text).toBe('4.com, until 2025-04-12');
    // Formulas over the sheet show the refreshed answers, free.
    expect(callFunction(world, 'COMPANY_WEBSITE', 'Company 4')).toBe('4revised1.com');
    expect(spent(world)).toBe(9);
  });

  it('asks to confirm the price of all its columns, before anything is spent', () => {
    const world = agedSheet();
    saveSettings(world, { confirmAbove: 2 });
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0, refreshBudget: 3 };
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', asked).needsConfirmation).toBe(true);
    expect(() => sidebar(world, 'startBulkRun', asked, 2)).toThrow(
      'This run is estimated at 3 credits, above the 2 that need your confirmation: confirm it first.',
    );
    expect(spent(world)).toBe(6);
  });

  it('without a budget, every answer of every column', () => {
    const world = agedSheet();
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0 };
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', asked).refresh).toMatchObject({ credits: 6 });
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 6).runId).state).toBe('done');
    expect(spent(world)).toBe(12);
    expect(world.emu.values('Leads', 'E2:G4')).toEqual([
      ['1revised1.com', 'Found', '4revised1.com'],
      ['2revised1.com', 'Found', '5revised1.com'],
      ['3revised1.com', 'Found', '6revised1.com'],
    ]);
  });

  it('never spends past the per-run cap over all its columns', () => {
    const world = agedSheet();
    saveSettings(world, { runHardCap: 2 });
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0, refreshBudget: 5 };
    expect(sidebar<BulkPreview>(world, 'previewBulkRun', asked).refresh).toMatchObject({ credits: 2 });
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', asked, 5).runId).state).toBe('done');
    expect(spent(world)).toBe(8);
    expect(world.emu.values('Leads', 'E2:G3')).toEqual([
      ['1revised1.com', 'Found', '4revised1.com'],
      ['2.com', 'Found', '5.com'],
    ]);
  });
});

describe('a refresh over a whole sheet, stopped or left', () => {
  /** Two bulk-run columns of two companies each, bought by the runs, then left 90 days. */
  function twoColumns(): World {
    const world = createWorld({ credits: 100 });
    typeValues(world, 'A1:A3', [['Company'], ['Company 1'], ['Company 2']], 'Leads');
    typeValues(world, 'D1:D3', [['Partner'], ['Company 3'], ['Company 4']], 'Leads');
    runBothColumns(world);
    world.clock.advance(90 * DAY);
    return world;
  }

  it('cancelled in its first column, starts no other and spends nothing', () => {
    const world = twoColumns();
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0 };
    const started = sidebar<BulkProgress>(world, 'startBulkRun', asked, 4);
    expect(sidebar<BulkProgress>(world, 'cancelBulkRun', started.runId).state).toBe('cancelled');
    expect(sidebar<BulkProgress>(world, 'getBulkRun').runId).toBe(started.runId);
    expect(spent(world)).toBe(4);
    expect(world.emu.values('Leads', 'E2:G3')).toEqual([
      ['1.com', 'Found', '3.com'],
      ['2.com', 'Found', '4.com'],
    ]);
  });

  it('goes on from a sidebar opened later, through every column', () => {
    const world = twoColumns();
    world.api.reviseData('company_name_to_website');
    const asked: BulkRunConfig = { ...WEBSITES, rows: 'sheet', refreshOlderThanDays: 0 };
    sidebar<BulkProgress>(world, 'startBulkRun', asked, 4);
    const reopened = sidebar<BulkProgress>(world, 'getBulkRun');
    const progress = drive(world, reopened.runId);
    expect(progress.refreshSummary).toBe('Refresh done: 4 changed, 0 the same, 0 now not found.');
    expect(spent(world)).toBe(8);
  });
});
