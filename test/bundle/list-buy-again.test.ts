// Buy again on an employee list refreshes the list's own sheet: there is still one sheet for the
// list, holding the new list, and its rows' receipt names the new purchase. Prices are the spec's
// (0.5 credit a returned employee). The fake API's Acme has 11 people in Sales; after its data is
// revised, 2. Times are the virtual clock's in the spreadsheet's zone (America/New_York): the
// story starts on 2025-01-06 at 04:00 and Buy again is three days later.

import { buyAgainWords } from '../../src/core/text/catalogue/sidebar/receipt';
import type { BuyAgainResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
import { createWorld, enterFormula, spent, typeValues, type World } from './harness';

/** Buy again's answer, with the words the panel shows for it. */
const worded = (result: BuyAgainResult) => ({ ...result, message: buyAgainWords(result.done) });
type Worded = ReturnType<typeof worded>;

const SHEET = 'Employees - Acme Corporation (Sales)';
const HOUR = 3_600_000;

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

function select(world: World, sheet: string, a1: string): SelectionReceipt {
  world.emu.spreadsheet.getSheetByName(sheet)!.getRange(a1).activate();
  return sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
}

const linesOf = (receipt: SelectionReceipt) =>
  Object.fromEntries(receipt.lines.map((line) => [line.label, line.text]));

const employeeSheets = (world: World) =>
  world.emu.spreadsheet
    .getSheets()
    .map((sheet) => sheet.getName())
    .filter((name) => name.startsWith('Employees'));

/** The list bought by its formula on 2025-01-06, then the fake API's data revised three days on. */
function listBought(): World {
  const world = createWorld({ plan: 10 });
  typeValues(world, 'A2', [['Acme Corporation']]);
  enterFormula(world, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales")');
  expect(spent(world)).toBe(5.5);
  expect(world.emu.values(SHEET, 'A12')).toEqual([['James Okafor']]);
  world.clock.advance(3 * 24 * HOUR);
  world.api.reviseData('company_name_to_employees');
  return world;
}

const FIRST_PURCHASE = '2025-01-06 04:00 for 5.5 credits (formula, Sheet1!B2)';

function buyAgainAt(world: World, sheet: string, a1: string): Worded {
  const offer = select(world, sheet, a1).buyAgain;
  expect(offer).toMatchObject({ lookups: 1, formulas: 1, isBound: true });
  return worded(sidebar<BuyAgainResult>(world, 'buyAgain', offer!.credits));
}

function expectRefreshed(world: World, result: Worded): void {
  expect(result.message).toBe(
    `1 lookup is a job still running: the formulas fill in when it is collected. The new list replaces the one in sheet '${SHEET}'.`,
  );
  // Until the new list is collected, the old one's rows still name what paid for them.
  expect(linesOf(select(world, SHEET, 'C5')).Bought).toBe(FIRST_PURCHASE);

  world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
  // The revised list has 2 employees: 1 credit more in the API's ledger.
  expect(spent(world)).toBe(6.5);
  expect(employeeSheets(world)).toEqual([SHEET]);
  expect(world.emu.values(SHEET, 'A1:A4')).toEqual([['Full name'], ['Marco Martin'], ['Tim Haddad'], ['']]);
  expect(world.emu.cell('Sheet1', 'B2').value).toBe(`2 employees -> sheet '${SHEET}'`);
  for (const a1 of ['A2', 'C3'])
    expect(linesOf(select(world, SHEET, a1))).toMatchObject({
      Lookup: 'Employees from company name (COMPANY_EMPLOYEES)',
      'Input as sent': 'Acme Corporation (department Sales)',
      Bought: '2025-01-09 04:00 for 1 credit (buy again, Sheet1!B2)',
      Answer: 'Found',
    });
}

describe('Buy again on an employee list', () => {
  it("reads a list's sheet by its note, which says what was bought and nothing internal", () => {
    const world = listBought();
    const note = world.emu.spreadsheet.getSheetByName(SHEET)!.getRange('A1').getNote();
    expect(note.split('\n')).toEqual([
      'Employees from company name: COMPANY_EMPLOYEES("Acme Corporation", department "Sales")',
      'Collected 2025-01-06 04:00 (America/New_York)',
      '11 employees, 5.5 credits (0.5 credit per employee)',
    ]);
    expect(linesOf(select(world, SHEET, 'C5')).Bought).toBe(FIRST_PURCHASE);
    expectRefreshed(world, buyAgainAt(world, SHEET, 'B4'));
  });

  it('reads the note of a list delivered before, which named its job', () => {
    const world = listBought();
    const cell = world.emu.spreadsheet.getSheetByName(SHEET)!.getRange('A1');
    const props = world.emu.globals.PropertiesService.getDocumentProperties()!.getProperties();
    const job = Object.values(props)
      .map((value) => /"id":"([^"]+)"/.exec(value)?.[1])
      .find((id) => id?.startsWith('inline:'));
    expect(job).toBeDefined();
    cell.setNote(`${cell.getNote()}\nJob: ${job}`);
    expectRefreshed(world, buyAgainAt(world, SHEET, 'B4'));
  });

  it('on the formula, refreshes the sheet of the list in place', () => {
    const world = listBought();
    expectRefreshed(world, buyAgainAt(world, 'Sheet1', 'B2'));
  });

  it('on a row of the list, refreshes the same sheet', () => {
    const world = listBought();
    expectRefreshed(world, buyAgainAt(world, SHEET, 'B4'));
  });

  it('refreshes the sheet of the list under the name the user gave it', () => {
    const world = listBought();
    world.emu.spreadsheet.getSheetByName(SHEET)!.setName('Acme sales team');
    expect(buyAgainAt(world, 'Acme sales team', 'A3').ok).toBe(true);
    world.emu.runTriggersUntil(world.bundle, world.clock.now() + 2 * HOUR);
    expect(spent(world)).toBe(6.5);
    expect(employeeSheets(world)).toEqual([]);
    expect(world.emu.values('Acme sales team', 'A1:A4')).toEqual([
      ['Full name'],
      ['Marco Martin'],
      ['Tim Haddad'],
      [''],
    ]);
    expect(world.emu.cell('Sheet1', 'B2').value).toBe("2 employees -> sheet 'Acme sales team'");
  });
});
