// Freeze results as values: the add-on's formulas in the selection become the values they show,
// every cell of their answers included (a range formula's rows spill below its one formula), and
// freezing never costs a credit.
import type { BulkProgress } from '../../src/shared/bulk-rpc';
import type { SelectionReceipt } from '../../src/shared/receipt-rpc';
import type { RecipePreview } from '../../src/shared/recipe-rpc';
import {
  createWorld,
  drive,
  enterFormula,
  postsSent,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const FREEZE = 'Freeze results as values';
/** The 100 companies the 500 rows name in turn; the fake API's website for "Vendor 7 Inc" is vendor7.com. */
const companyOfRow = (row: number) => ((row - 2) % 100) + 1;
const websiteOfRow = (row: number) => `vendor${companyOfRow(row)}.com`;
const ROWS = Array.from({ length: 500 }, (_, i) => i + 2);

function freeze(world: World, a1: string): string | undefined {
  world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange(a1).activate();
  world.emu.runMenuItem(world.bundle, FREEZE);
  return world.emu.ui.dialogs.at(-1)?.prompt;
}

/** B2 holds =COMPANY_WEBSITE(A2:A501), every row answered: 100 distinct companies, 100 credits. */
function worldWithRangeFormula(): World {
  const world = createWorld({ api: { rateLimitPerSecond: 10 } });
  saveSettings(world, { formulaDailyCap: 1000 });
  typeValues(
    world,
    'A2:A501',
    ROWS.map((row) => [`Vendor ${companyOfRow(row)} Inc`]),
  );
  enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A501)');
  expect(world.emu.cell('Sheet1', 'B501').value).toBe('vendor100.com');
  expect(spent(world)).toBe(100);
  return world;
}

const cellsOfColumnB = (world: World) => ROWS.map((row) => world.emu.cell('Sheet1', `B${row}`));

describe('Freeze results as values', () => {
  it("turns the add-on's formulas in the selection into the values they show, and leaves the rest", () => {
    const world = createWorld();
    typeValues(world, 'A1:A2', [['Acme Corporation'], ['https://www.pronet.com/posts/ada_x-activity-1']]);
    const website = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)').values[0]![0];
    const reactions = enterFormula(world, 'B3', '=PRONET_POST_REACTIONS(A2)').values;
    const sheet = world.emu.spreadsheet.getSheetByName('Sheet1')!;
    sheet.getRange('C1').setFormula('=LEN(A1)');
    sheet.getRange(`A1:F${3 + reactions.length}`).activate();

    world.emu.runMenuItem(world.bundle, FREEZE);

    expect(world.emu.cell('Sheet1', 'B1')).toMatchObject({ formula: '', value: website });
    expect(world.emu.cell('Sheet1', 'B3')).toMatchObject({ formula: '', value: reactions[0]![0] });
    expect(world.emu.cell('Sheet1', `C${2 + reactions.length}`).value).toBe(reactions.at(-1)![1]);
    expect(world.emu.cell('Sheet1', 'C1').formula).toBe('=LEN(A1)');
    expect(world.emu.ui.dialogs.at(-1)?.prompt).toMatch(/^Froze 2 formulas/);
  });

  it('freezes all 500 rows of =COMPANY_WEBSITE(A2:A501) when its top cell alone is selected, for free', () => {
    const world = worldWithRangeFormula();

    expect(freeze(world, 'B2')).toBe('Froze 1 formula: 500 cells are now plain values.');

    const cells = cellsOfColumnB(world);
    expect(cells.filter((cell) => cell.formula !== '')).toEqual([]);
    expect(cells.map((cell) => cell.value)).toEqual(ROWS.map(websiteOfRow));
    expect(cells.slice(0, 3).map((cell) => cell.value)).toEqual([
      'vendor1.com',
      'vendor2.com',
      'vendor3.com',
    ]);
    expect(spent(world)).toBe(100);
    expect(postsSent(world)).toBe(100);
  });

  it('freezes every row of the range formula when the selection holds its top cell among others', () => {
    const world = worldWithRangeFormula();

    expect(freeze(world, 'A1:C3')).toBe('Froze 1 formula: 500 cells are now plain values.');

    const cells = cellsOfColumnB(world);
    expect(cells.filter((cell) => cell.formula !== '')).toEqual([]);
    expect(cells.map((cell) => cell.value)).toEqual(ROWS.map(websiteOfRow));
    expect(world.emu.cell('Sheet1', 'A501').value).toBe('Vendor 100 Inc');
    expect(spent(world)).toBe(100);
  });

  it('says which cell holds the formula when only rows below it are selected, and changes nothing', () => {
    const world = worldWithRangeFormula();

    expect(freeze(world, 'B3:B10')).toBe(
      'B3:B10 are filled by the formula in B2: select B2 to freeze its 500 rows.',
    );

    expect(world.emu.cell('Sheet1', 'B2').formula).toBe('=COMPANY_WEBSITE(A2:A501)');
    const cells = cellsOfColumnB(world);
    expect(cells.map((cell) => cell.value)).toEqual(ROWS.map(websiteOfRow));
    expect(cells.slice(1).filter((cell) => cell.formula !== '')).toEqual([]);
    expect(spent(world)).toBe(100);
  });

  it('freezes a range of records whole: every row, every field', () => {
    const world = createWorld();
    typeValues(world, 'A2:A4', [
      ['https://www.pronet.com/company/acme-corp/'],
      ['https://www.pronet.com/company/globex/'],
      ['https://www.pronet.com/company/initech/'],
    ]);
    const shown = enterFormula(world, 'B2', '=PRONET_COMPANY(A2:A4)').values;
    expect(shown).toHaveLength(3);
    expect(shown[0]).toHaveLength(7);
    expect(spent(world)).toBe(18);

    expect(freeze(world, 'B2')).toBe('Froze 1 formula: 21 cells are now plain values.');

    expect(world.emu.values('Sheet1', 'B2:H4')).toEqual(shown);
    expect(world.emu.cell('Sheet1', 'H4').formula).toBe('');
    expect(world.emu.cell('Sheet1', 'B2').formula).toBe('');
    expect(spent(world)).toBe(18);
  });

  it("says which cell holds a record's formula when one of its fields is selected", () => {
    const world = createWorld();
    typeValues(world, 'A2', [['https://www.pronet.com/company/acme-corp/']]);
    enterFormula(world, 'B2', '=PRONET_COMPANY(A2)');

    expect(freeze(world, 'D2')).toBe('D2 is filled by the formula in B2: select B2 to freeze it.');
    expect(world.emu.cell('Sheet1', 'B2').formula).toBe('=PRONET_COMPANY(A2)');
  });
});

describe('a receipt after Freeze, in a column a recipe wrote to', () => {
  // The "Email from name" recipe writes the Email column (C) at 7 credits a lookup (the spec's
  // lead_full_name_to_email); Grace's row held a typed email then, so the recipe left it. Later
  // EMAIL_FROM_NAME formulas without the company replace Grace's typed email and Alan's recipe
  // answer, 7 credits each, and are frozen.
  function frozenOverRecipe(): World {
    const world = createWorld({ credits: 1000 });
    typeValues(world, 'A1:C4', [
      ['Full name', 'Company', 'Email'],
      ['Ada Lovelace', 'Ironworks', ''],
      ['Grace Hopper', 'Navy', 'typed@navy.com'],
      ['Alan Turing', 'Bletchley', ''],
    ]);
    const config = {
      recipeId: 'email-from-name',
      sheetName: 'Sheet1',
      headerRow: 1,
      slots: { fullName: 1, company: 2 },
    };
    const preview = sidebar<RecipePreview>(world, 'previewRecipe', config);
    const run = sidebar<BulkProgress>(world, 'startRecipeRun', config, preview.creditsMax);
    expect(drive(world, run.runId).state).toBe('done');
    expect(spent(world)).toBe(14);
    enterFormula(world, 'C3', '=EMAIL_FROM_NAME(A3)');
    enterFormula(world, 'C4', '=EMAIL_FROM_NAME(A4)');
    expect(spent(world)).toBe(28);
    expect(freeze(world, 'C3:C4')).toMatch(/^Froze 2 formulas/);
    return world;
  }

  function receiptOf(world: World, a1: string): Record<string, string> {
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange(a1).activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    return Object.fromEntries(receipt.lines.map((line) => [line.label, line.text]));
  }

  it.each([
    ['C3', 'Grace Hopper'],
    ['C4', 'Alan Turing'],
  ])('%s names the formula that bought the email it shows', (a1, input) => {
    const world = frozenOverRecipe();
    expect(receiptOf(world, a1)).toEqual({
      Lookup: 'Email from name (EMAIL_FROM_NAME)',
      'Input as sent': input,
      Bought: `2025-01-06 04:00 for 7 credits (formula, Sheet1!${a1})`,
      Answer: 'Found',
      Kept: 'In document properties and the memory of all your spreadsheets, until you clear or refresh it (bought today)',
      'Charged twice': 'No',
    });
  });

  it("leaves the recipe's own row its receipt", () => {
    const world = frozenOverRecipe();
    expect(receiptOf(world, 'C2')).toMatchObject({
      'Input as sent': 'Ada Lovelace Ironworks (name: Ada Lovelace; company: Ironworks)',
      Bought: '2025-01-06 04:00 for 7 credits (recipe, Sheet1!C2:D2)',
    });
  });
});
