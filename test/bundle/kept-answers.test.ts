// Time alone never spends (issue 41): an answer once bought is served until the user clears or
// refreshes it. Whatever runs a formula again on day 31 or day 200 finds the answers bought before.
import type { BulkPreview } from '../../src/shared/bulk-rpc';
import type { SelectionReceipt } from '../../src/shared/receipt-rpc';
import {
  createWorld,
  enterFormula,
  rerunUnasked,
  saveSettings,
  sidebar,
  spent,
  typeValues,
  type World,
} from './harness';

const DAY = 86_400_000;
const companies = Array.from({ length: 20 }, (_, i) => [`Company ${i + 1}`]);
/** The fake API's website of "Company N" is N.com ("Company" is a legal word, dropped). */
const websites = Array.from({ length: 20 }, (_, i) => [`${i + 1}.com`]);

function boughtOnce(): World {
  const world = createWorld();
  typeValues(world, 'A1', [['Company']]);
  typeValues(world, 'A2:A21', companies);
  expect(enterFormula(world, 'B2', '=COMPANY_WEBSITE(A2:A21)').values).toEqual(websites);
  expect(spent(world)).toBe(20);
  return world;
}

describe('the receipt of an answer bought 41 days ago', () => {
  it('says its age, and that it is kept until the user clears or refreshes it', () => {
    const world = boughtOnce();
    world.clock.advance(41 * DAY);
    world.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('B3').activate();
    const receipt = sidebar<SelectionReceipt>(world, 'getCellReceipt', null);
    expect(receipt.lines.find((line) => line.label === 'Kept')?.text).toMatch(
      /, until you clear or refresh it \(bought 41 days ago\)$/,
    );
  });
});

describe.each([31, 200])('on day %i', (days) => {
  it('a retyped input buys only itself: the rest of the range is found, free', () => {
    const world = boughtOnce();
    world.clock.advance(days * DAY);
    world.emu.edit(world.bundle, 'Sheet1', 'A2', 'Company 21');
    expect(world.emu.values('Sheet1', 'B2:B21')).toEqual([['21.com'], ...websites.slice(1)]);
    expect(spent(world)).toBe(21);
  });

  it('a reopening finds the range bought before, free', () => {
    const world = boughtOnce();
    world.clock.advance(days * DAY);
    expect(rerunUnasked(world, 'B2').values).toEqual(websites);
    expect(spent(world)).toBe(20);
  });

  it('a new formula over the same inputs finds them, free', () => {
    const world = boughtOnce();
    world.clock.advance(days * DAY);
    expect(enterFormula(world, 'D2', '=COMPANY_WEBSITE(A2:A21)').values).toEqual(websites);
    expect(enterFormula(world, 'E5', '=COMPANY_WEBSITE(A5)').values).toEqual([['4.com']]);
    expect(spent(world)).toBe(20);
  });

  it('a bulk preview over the same column counts them saved, at no cost', () => {
    const world = boughtOnce();
    world.clock.advance(days * DAY);
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', {
      sheetName: 'Sheet1',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    });
    expect(preview).toMatchObject({ cached: 20, toLookUp: 0, estimatedCredits: 0 });
  });
});

describe('a sorted column of profile emails, a month later', () => {
  it('costs nothing and turns into no "budget reached" error under the default budget', () => {
    const world = createWorld({ credits: 1000 });
    const profiles = Array.from({ length: 12 }, (_, i) => [`https://www.pronet.com/in/person-${i + 1}`]);
    typeValues(world, 'A2:A13', profiles);
    saveSettings(world, { formulaDailyCap: 1000 }); // 12 emails at 10 credits: above the default 100
    for (let row = 2; row <= 13; row++) enterFormula(world, `B${row}`, `=PRONET_EMAIL(A${row})`);
    expect(spent(world)).toBe(120);
    const emails = world.emu.values('Sheet1', 'B2:B13');
    saveSettings(world, { formulaDailyCap: 100 });

    world.clock.advance(31 * DAY);
    typeValues(world, 'A2:A13', [...profiles].reverse()); // sorted Z to A: every formula runs again
    expect(world.emu.values('Sheet1', 'B2:B13')).toEqual([...emails].reverse());
    expect(spent(world)).toBe(120);
  });
});
