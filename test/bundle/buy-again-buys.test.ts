// Buy again always buys (issue 38): what its offer states is what it sends, and "0 credits" is
// never a purchase. Whatever could answer for free (the memory of the user's other spreadsheets, a
// job's saved answer, an answer a bulk run or another Buy again saved moments ago), Buy again
// sends every lookup it offered, at the spec's price: PRONET_EMAIL 10 credits, PRONET_PROFILE 10
// (a job), COMPANY_WEBSITE 1.

import { buyAgainWords } from '../../src/core/text/catalogue/sidebar/receipt';
import type { BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import type { BuyAgainResult, SelectionReceipt } from '../../src/shared/receipt-rpc';
import {
  createWorld,
  drive,
  enterFormula,
  openAnotherSpreadsheet,
  postsSent,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

/** Buy again's answer, with the words the panel shows for it. */
const worded = (result: BuyAgainResult) => ({ ...result, message: buyAgainWords(result.done) });

const PROFILE = 'https://www.pronet.com/in/ada-lovelace';
const OTHER_PROFILE = 'https://www.pronet.com/in/grace-hopper';

function offerAt(world: World, a1: string, sheet = 'Sheet1') {
  world.emu.spreadsheet.getSheetByName(sheet)!.getRange(a1).activate();
  return sidebar<SelectionReceipt>(world, 'getCellReceipt', null).buyAgain!;
}

describe('Buy again sends what it offers', () => {
  it('in Leads Q4, for an email the memory holds from Leads Q3: 10 credits, and it buys', () => {
    const q3 = createWorld({ plan: 10, emulator: { spreadsheetName: 'Leads Q3' } });
    typeValues(q3, 'A2', [[PROFILE]]);
    enterFormula(q3, 'B2', '=PRONET_EMAIL(A2)');
    expect(spent(q3)).toBe(10);
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    typeValues(q4, 'A2', [[PROFILE]]);
    enterFormula(q4, 'B2', '=PRONET_EMAIL(A2)');
    expect(spent(q3)).toBe(10);
    q3.clock.advance(60_000);

    const offer = offerAt(q4, 'B2');
    expect(offer).toEqual({ lookups: 1, credits: 10, formulas: 1, isBound: false });
    const posts = postsSent(q4);
    expect(worded(sidebar<BuyAgainResult>(q4, 'buyAgain', offer.credits))).toMatchObject({
      ok: true,
      creditsSpent: 10,
      message: 'Bought 1 lookup again for 10 credits; the formulas show the new answer.',
    });
    expect(postsSent(q4)).toBe(posts + 1);
    expect(spent(q3)).toBe(20);
  });

  it('in Leads Q4, for a cell whose lookup failed before Leads Q3 bought it: 10 credits, and it buys', () => {
    const q3 = createWorld({ plan: 10, emulator: { spreadsheetName: 'Leads Q3' } });
    const q4 = openAnotherSpreadsheet(q3, { name: 'Leads Q4', plan: 10 });
    typeValues(q4, 'A2', [[PROFILE]]);
    q4.api.failNext(1, 503);
    expect(enterFormula(q4, 'B2', '=PRONET_EMAIL(A2)').error).not.toBeNull();
    typeValues(q3, 'A2', [[PROFILE]]);
    enterFormula(q3, 'B2', '=PRONET_EMAIL(A2)');
    expect(spent(q3)).toBe(10);

    const offer = offerAt(q4, 'B2');
    expect(offer).toMatchObject({ lookups: 1, credits: 10, formulas: 1 });
    expect(worded(sidebar<BuyAgainResult>(q4, 'buyAgain', offer.credits))).toMatchObject({
      ok: true,
      creditsSpent: 10,
    });
    expect(spent(q3)).toBe(20);
    expect(q4.emu.cell('Sheet1', 'B2').display).toBe('ada.lovelace@ironworks.com');
  });

  it('for a full profile a job answered: 10 credits, and a new job is started', () => {
    const world = createWorld();
    typeValues(world, 'A1', [[PROFILE]]);
    enterFormula(world, 'B1', '=PRONET_PROFILE(A1, "full_name")');
    expect(world.emu.cell('Sheet1', 'B1').value).toBe('Ada Lovelace');
    expect(spent(world)).toBe(10);
    world.clock.advance(60_000);

    const offer = offerAt(world, 'B1');
    expect(offer).toEqual({ lookups: 1, credits: 10, formulas: 1, isBound: false });
    const posts = postsSent(world);
    const result = worded(sidebar<BuyAgainResult>(world, 'buyAgain', offer.credits));
    expect(postsSent(world)).toBe(posts + 1);
    expect(result.message).not.toMatch(/for 0 credits/);
    expect(result.message).toMatch(/^(Bought 1 lookup again for 10 credits|1 lookup is a job still running)/);
    world.clock.advance(120_000);
    sidebar(world, 'collectJobsNow');
    expect(spent(world)).toBe(20);
  });

  it('right after a bulk run bought the answer a formula shows: 1 credit, and it buys', () => {
    const world = createWorld();
    const config: BulkRunConfig = {
      sheetName: 'Leads',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    typeValues(world, 'A1:A2', [['Company'], ['Initech']], 'Leads');
    typeValues(world, 'A1', [['Initech']]);
    expect(drive(world, sidebar<BulkProgress>(world, 'startBulkRun', config, 0).runId).state).toBe('done');
    enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(spent(world)).toBe(1);
    world.api.reviseData('company_name_to_website');

    const offer = offerAt(world, 'B1');
    expect(offer).toMatchObject({ lookups: 1, credits: 1 });
    const posts = postsSent(world);
    expect(worded(sidebar<BuyAgainResult>(world, 'buyAgain', offer.credits))).toMatchObject({
      ok: true,
      creditsSpent: 1,
      message: 'Bought 1 lookup again for 1 credit; the formulas show the new answer.',
    });
    expect(postsSent(world)).toBe(posts + 1);
    expect(spent(world)).toBe(2);
    expect(world.emu.values('Sheet1', 'B1')).toEqual([['initechrevised1.com']]);
  });

  it('right after another Buy again: 1 credit, and it buys again', () => {
    // Bought by the typing edit's trigger, which keeps its answers in the hidden sheet.
    const world = createWorld({ emulator: { addOn: true } });
    typeValues(world, 'A1', [['Acme Corporation']]);
    enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)', 'Sheet1', { triggersFirst: true });
    expect(spent(world)).toBe(1);
    world.clock.advance(60_000);
    const first = offerAt(world, 'B1');
    expect(worded(sidebar<BuyAgainResult>(world, 'buyAgain', first.credits))).toMatchObject({
      creditsSpent: 1,
    });
    expect(spent(world)).toBe(2);
    world.api.reviseData('company_name_to_website');

    const offer = offerAt(world, 'B1');
    expect(offer).toMatchObject({ lookups: 1, credits: 1 });
    const posts = postsSent(world);
    const result = worded(sidebar<BuyAgainResult>(world, 'buyAgain', offer.credits));
    expect(result.message).not.toMatch(/for 0 credits/);
    expect(postsSent(world)).toBe(posts + 1);
    expect(spent(world)).toBe(3);
    expect(result).toMatchObject({ ok: true, creditsSpent: 1 });
  });

  it('on 2 rows of a range typed with its Edit trigger run first: 20 credits for two 10-credit lookups', () => {
    const world = createWorld({ plan: 10, emulator: { addOn: true } });
    typeValues(world, 'A1:A2', [[PROFILE], [OTHER_PROFILE]]);
    enterFormula(world, 'B1', '=PRONET_EMAIL(A1:A2)', 'Sheet1', { triggersFirst: true });
    expect(spent(world)).toBe(20);
    world.clock.advance(60_000);

    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B1:B2').activate();
    const offer = sidebar<SelectionReceipt>(world, 'getCellReceipt', null).buyAgain!;
    expect(offer).toEqual({ lookups: 2, credits: 20, formulas: 1, isBound: false });
    const posts = postsSent(world);
    expect(worded(sidebar<BuyAgainResult>(world, 'buyAgain', offer.credits))).toMatchObject({
      ok: true,
      creditsSpent: 20,
    });
    expect(postsSent(world)).toBe(posts + 2);
    expect(spent(world)).toBe(40);
  });
});
