// The playground's files without a browser: a second spreadsheet of the demo user on the same fake
// API, account and clock, with its own sheets, undo history and selection (issue 33).
import { join } from 'node:path';
import { Files } from '../../tools/playground/files';
import type { Workbook } from '../../tools/playground/workbook';

const DIST = join(__dirname, '../../dist');

/** Flat prices from the spec's operation table. */
const PRICE = { COMPANY_WEBSITE: 1, PRONET_EMAIL: 10, PRONET_PROFILE: 10 } as const;
const PROCESSING = 'Processing… the result will appear here within a minute or two.';

const shown = (workbook: Workbook, a1: string) => workbook.state().cells[a1]?.display ?? '';

describe('the playground files', () => {
  it('opens Leads Q3 alone, then File > New spreadsheet opens Leads Q4 with its own sheets', () => {
    const files = new Files(DIST);
    expect(files.active.state().files).toEqual({ names: ['Leads Q3'], active: 'Leads Q3' });

    files.newSpreadsheet();
    const q4 = files.active;
    const state = q4.state();
    expect(state.files).toEqual({ names: ['Leads Q3', 'Leads Q4'], active: 'Leads Q4' });
    expect(q4.emu.spreadsheet.getName()).toBe('Leads Q4');
    // The demo's inputs, and no lead form: that is Leads Q3's.
    expect(state.sheets).toEqual(['Sheet1']);
    expect(['A2', 'A3', 'A4'].map((a1) => shown(q4, a1))).toEqual([
      'https://www.pronet.com/in/ada-lovelace',
      'Acme Corporation',
      'https://www.pronet.com/company/acme',
    ]);
    // Opening it ran its onOpen: the add-on menu is there.
    expect(state.menu?.items).toContainEqual({ caption: 'Open sidebar' });

    q4.setCell('D2', 'only in Q4');
    files.show('Leads Q3');
    expect(files.active.state().sheets).toEqual(['Sheet1', 'Form Responses 1']);
    expect(shown(files.active, 'D2')).toBe('');
    expect(() => files.show('Leads Q9')).toThrow('There is no spreadsheet named "Leads Q9"');
  });

  it("shares the user's saved key and the one account: a purchase in Leads Q4 is seen from Leads Q3", () => {
    const files = new Files(DIST);
    const q3 = files.active;
    files.newSpreadsheet();
    const q4 = files.active;
    // The key was saved for the user in Leads Q3: Leads Q4's sidebar finds it.
    expect(q4.rpc('getSidebarState', [])).toMatchObject({
      status: 200,
      value: { key: { configured: true } },
    });
    expect(q4.runMenuItem('Open sidebar')).toMatchObject({ error: null, shown: [{ kind: 'sidebar' }] });

    q4.setCell('B3', '=COMPANY_WEBSITE(A3)');
    expect(shown(q4, 'B3')).toBe('acme.com');
    const paid = {
      startingCredits: 1000,
      balance: 1000 - PRICE.COMPANY_WEBSITE,
      spent: PRICE.COMPANY_WEBSITE,
    };
    expect(q4.state().account).toEqual(paid);
    expect(q3.state().account).toEqual(paid);
  });

  it('answers in Leads Q4 from what Leads Q3 bought, for free, and its receipt says where', () => {
    const files = new Files(DIST);
    const q3 = files.active;
    q3.setCell('B2', '=PRONET_EMAIL(A2)');
    expect(shown(q3, 'B2')).toBe('ada.lovelace@ironworks.com');
    expect(q3.state().account.spent).toBe(PRICE.PRONET_EMAIL);

    files.newSpreadsheet();
    const q4 = files.active;
    q4.setCell('B2', '=PRONET_EMAIL(A2)');
    expect(shown(q4, 'B2')).toBe('ada.lovelace@ironworks.com');
    expect(q4.state().account).toEqual({
      startingCredits: 1000,
      balance: 1000 - PRICE.PRONET_EMAIL,
      spent: PRICE.PRONET_EMAIL,
    });
    q4.select('B2');
    const receipt = q4.rpc('getCellReceipt', [null]) as {
      value: { lines: { label: string; text: string }[] };
    };
    expect(receipt.value.lines).toContainEqual({
      label: 'Bought',
      text: "Saved result, free. Bought in 'Leads Q3' on 2025-01-06 04:00 for 10 credits",
    });
  });

  it("keeps each file's undo history and selection", () => {
    const files = new Files(DIST);
    const q3 = files.active;
    q3.setCell('C2', 'typed in Q3');
    q3.select('C2');
    files.newSpreadsheet();
    expect(files.active.state().selection).toBe('A1');
    expect(files.active.undo()).toBe(false);

    files.show('Leads Q3');
    expect(files.active.state().selection).toBe('C2');
    expect(files.active.undo()).toBe(true);
    expect(shown(q3, 'C2')).toBe('');
  });

  it("moves time on for every file: Leads Q4's pending lookup finishes while Leads Q3 is shown", () => {
    const files = new Files(DIST);
    files.newSpreadsheet();
    const q4 = files.active;
    // The add-on installs its job collector in a file when its sidebar opens there.
    q4.runMenuItem('Open sidebar');
    q4.setCell('B6', '=PRONET_PROFILE(A2)');
    expect(shown(q4, 'B6')).toBe(PROCESSING);

    files.show('Leads Q3');
    files.active.advance(60_000);
    expect(shown(q4, 'B6')).toBe('Ada Lovelace'); // the profile's full name in the fake API
    expect(files.active.state().account.spent).toBe(PRICE.PRONET_PROFILE);
  });

  it("runs Leads Q4's time-driven trigger while Leads Q3 is shown, on the one clock", () => {
    const files = new Files(DIST);
    files.newSpreadsheet();
    const q4 = files.active;
    expect(q4.rpc('ensureJobTrigger', [])).toMatchObject({ status: 200 });
    files.show('Leads Q3');
    const start = files.clock.now();

    files.active.advance(3 * 60_000);
    const runs = q4.emu.triggerRuns.filter((run) => run.kind === 'time-driven trigger');
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]!.at).toBeLessThan(start + 3 * 60_000);
    expect(files.clock.now()).toBe(start + 3 * 60_000);
  });

  it('holds four spreadsheets at most', () => {
    const files = new Files(DIST);
    files.newSpreadsheet();
    files.newSpreadsheet();
    files.newSpreadsheet();
    expect(files.active.state().files.names).toEqual(['Leads Q3', 'Leads Q4', 'Leads Q1', 'Leads Q2']);
    expect(() => files.newSpreadsheet()).toThrow('The playground holds 4 spreadsheets at most');
  });
});
