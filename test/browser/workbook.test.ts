// The playground's world without a browser: how it recalculates, takes pastes and fill-downs,
// shows the page's selection to the add-on, and lets time pass.
import { join } from 'node:path';
import { Files } from '../../tools/playground/files';
import type { Workbook } from '../../tools/playground/workbook';

const DIST = join(__dirname, '../../dist');
/** Google Forms' name for the sheet of a linked form's responses. */
const FORM_SHEET = 'Form Responses 1';

/** Flat prices from the spec's operation table. */
const PRICE = { COMPANY_WEBSITE: 1, PRONET_COMPANY: 6, PRONET_PROFILE: 10 } as const;
/** What a cell shows while its full profile is being looked up. */
// The demo key was saved through the sidebar, so the Edit trigger follows the user.
const PROCESSING = 'Processing… the result will appear here within a minute or two.';

/** The file the playground opens with, alone in a new world. */
const firstFile = () => new Files(DIST).active;
const shown = (workbook: Workbook, a1: string) => workbook.state().cells[a1]?.display ?? '';
const input = (workbook: Workbook, a1: string) => workbook.state().cells[a1]?.input ?? '';
const editTriggerRuns = (workbook: Workbook) =>
  workbook.emu.triggerRuns.filter((run) => run.kind === 'edit trigger').length;
const spent = (workbook: Workbook) => workbook.state().account.spent;

describe('the playground workbook', () => {
  it('starts with the add-on menu built, the demo key saved and example inputs in column A', () => {
    const workbook = firstFile();
    const state = workbook.state();
    expect(state.menu?.caption).toBe('Enrich for Sheets');
    expect(state.menu?.items).toContainEqual({ caption: 'Open sidebar' });
    expect(shown(workbook, 'A2')).toBe('https://www.pronet.com/in/ada-lovelace');
    expect(shown(workbook, 'A3')).toBe('Acme Corporation');
    expect(workbook.rpc('getSidebarState', [])).toMatchObject({
      status: 200,
      value: { key: { configured: true } },
    });
    expect(state.account).toEqual({ startingCredits: 1000, balance: 1000, spent: 0 });
  });

  it('re-runs formulas that read an edited cell, and those that read them in turn', () => {
    const workbook = firstFile();
    workbook.setCell('D3', '=A3');
    workbook.setCell('E3', '=COMPANY_WEBSITE(D3)');
    workbook.setCell('F2', '=COMPANY_WEBSITE(A2:A3)');
    expect([shown(workbook, 'E3'), shown(workbook, 'F3')]).toEqual(['acme.com', 'acme.com']);
    workbook.setCell('A3', 'Globex Industries');
    expect(shown(workbook, 'D3')).toBe('Globex Industries');
    // The fake API's website for Globex Industries.
    expect([shown(workbook, 'E3'), shown(workbook, 'F3')]).toEqual([
      'globexindustries.com',
      'globexindustries.com',
    ]);
    // Acme once for E3 and F3 (the cache shares it), Globex once likewise.
    expect(spent(workbook)).toBe(2 * PRICE.COMPANY_WEBSITE);
  });

  it('retries a spill blocked by a value once that value is cleared, from the cache', () => {
    const workbook = firstFile();
    workbook.setCell('C4', 'in the way');
    workbook.setCell('B4', '=PRONET_COMPANY(A4)');
    expect(workbook.state().cells.B4?.error?.message).toBe(
      'Array result was not expanded because it would overwrite data in C4.',
    );
    workbook.setCell('C4', '');
    expect(workbook.state().cells.B4?.error).toBeNull();
    expect(workbook.state().cells.C4?.spill).toBe(true);
    expect(spent(workbook)).toBe(PRICE.PRONET_COMPANY);
  });

  it('shows an async result once its job is done when time passes, by the button or by waiting', () => {
    const byButton = firstFile();
    byButton.setCell('B6', '=PRONET_PROFILE(A2)');
    expect(shown(byButton, 'B6')).toBe(PROCESSING);
    byButton.advance(60_000);
    expect(shown(byButton, 'B6')).toBe('Ada Lovelace'); // the profile's full name in the fake API

    const byWaiting = firstFile();
    byWaiting.setCell('B6', '=PRONET_PROFILE(A2)');
    let seconds = 0;
    while (shown(byWaiting, 'B6') === PROCESSING && seconds < 120) {
      byWaiting.tick(1000);
      seconds++;
    }
    expect(shown(byWaiting, 'B6')).toBe('Ada Lovelace');
    expect(spent(byWaiting)).toBe(PRICE.PRONET_PROFILE);
  });

  it('records what a menu item showed, and refuses private or unknown functions over RPC', () => {
    const workbook = firstFile();
    const outcome = workbook.runMenuItem('Open sidebar');
    expect(outcome).toMatchObject({ error: null, shown: [{ kind: 'sidebar', title: 'Enrich for Sheets' }] });
    expect(workbook.sidebarHtml()).toContain('id="key-status"');
    expect(workbook.rpc('readApiKey_', [])).toEqual({
      status: 404,
      message: 'Script function not found: readApiKey_',
    });
    expect(workbook.rpc('setApiKey', ['', 'user'])).toEqual({
      status: 500,
      message: 'Paste your API key first (account dashboard > Settings > API Key).',
    });
  });

  it('pastes a block as one edit: each formula runs, and the Edit trigger runs once', () => {
    const workbook = firstFile();
    expect(
      workbook.paste('A6', [
        ['Globex', '=COMPANY_WEBSITE(A6)'],
        ['Initech', '=COMPANY_WEBSITE(A7)'],
        ['Hooli'],
      ]),
    ).toBe('A6:B8');
    // The fake API's websites for these companies.
    expect([shown(workbook, 'B6'), shown(workbook, 'B7'), shown(workbook, 'B8')]).toEqual([
      'globex.com',
      'initech.com',
      '',
    ]);
    expect(spent(workbook)).toBe(2 * PRICE.COMPANY_WEBSITE);
    workbook.advance(60_000);
    expect(editTriggerRuns(workbook)).toBe(1);
    expect(() => workbook.paste('A1000', [['a'], ['b']])).toThrow(
      'This runs past the last row of the sheet (1000)',
    );
  });

  it('fills a formula down: each row its own formula, each run, one Edit trigger', () => {
    const workbook = firstFile();
    workbook.paste('A6', [['Globex'], ['Initech'], ['Hooli']]);
    workbook.setCell('B6', '=COMPANY_WEBSITE(A6)');
    workbook.advance(60_000);
    const before = editTriggerRuns(workbook);
    expect(workbook.fillDown('B6:B8')).toBe('B7:B8');
    expect([input(workbook, 'B7'), input(workbook, 'B8')]).toEqual([
      '=COMPANY_WEBSITE(A7)',
      '=COMPANY_WEBSITE(A8)',
    ]);
    expect([shown(workbook, 'B7'), shown(workbook, 'B8')]).toEqual(['initech.com', 'hooli.com']);
    expect(spent(workbook)).toBe(3 * PRICE.COMPANY_WEBSITE);
    workbook.advance(60_000);
    expect(editTriggerRuns(workbook) - before).toBe(1);
    // Nothing above row 1 to copy from.
    expect(workbook.fillDown('C1')).toBeNull();
  });

  it("runs a menu item on the page's selection: Freeze results as values freezes B14", () => {
    const workbook = firstFile();
    workbook.setCell('B14', '=COMPANY_WEBSITE(A3)');
    workbook.setCell('B15', '=COMPANY_WEBSITE(A3)');
    workbook.select('B14');
    expect(workbook.runMenuItem('Freeze results as values').alerts).toEqual([
      { title: '', prompt: 'Froze 1 formula: 1 cell is now a plain value.' },
    ]);
    expect([input(workbook, 'B14'), input(workbook, 'B15')]).toEqual(['acme.com', '=COMPANY_WEBSITE(A3)']);
  });

  it('sends the rows asked for, and says whether the demo key is the saved one', () => {
    const files = new Files(DIST);
    const workbook = files.active;
    workbook.setCell('K200', 'Initech');
    const state = workbook.state({ top: 190, rows: 20 });
    expect(state.size).toEqual({ rows: 1000, columns: 26 });
    expect(state.window).toEqual({ top: 190, rows: 20 });
    expect(Object.keys(state.cells)).toEqual(['K200']);
    expect(state.demoKey).toEqual({ inUse: true });
    expect(JSON.stringify(state)).not.toContain(files.demoKey);

    expect(workbook.rpc('clearApiKey', [])).toMatchObject({ status: 200 });
    expect(workbook.state().demoKey).toEqual({ inUse: false });
    expect(workbook.useDemoKey()).toBeNull();
    expect(workbook.state().demoKey).toEqual({ inUse: true });
    workbook.setCell('B3', '=COMPANY_WEBSITE(A3)');
    expect(shown(workbook, 'B3')).toBe('acme.com');
    expect(spent(workbook)).toBe(PRICE.COMPANY_WEBSITE);
  });

  it('puts the demo key back in place of another key without a paid key test: it is known good', () => {
    const files = new Files(DIST);
    const workbook = files.active;
    const other = files.api.createAccount({ credits: 50 });
    // The user saves a key of another account in the sidebar: that key is tested, on its account.
    expect(workbook.rpc('setApiKey', [other, 'user'])).toMatchObject({ status: 200, value: { saved: true } });
    expect(workbook.state().demoKey).toEqual({ inUse: false });
    expect(files.api.spent(other)).toBe(PRICE.COMPANY_WEBSITE);

    expect(workbook.useDemoKey()).toBeNull();
    expect(workbook.state().demoKey).toEqual({ inUse: true });
    expect(workbook.state().account).toEqual({ startingCredits: 1000, balance: 1000, spent: 0 });
    expect(files.api.calls).toHaveLength(1); // the other key's test, and nothing since
  });

  it("shows the receipt of the page's selection to the sidebar, as it asks for it again and again", () => {
    const workbook = firstFile();
    workbook.setCell('B3', '=COMPANY_WEBSITE(A3)');
    workbook.select('B3');
    const receipt = workbook.rpc('getCellReceipt', [null]);
    expect(receipt).toMatchObject({ status: 200, value: { selection: 'Sheet1!B3' } });
    // The panel's polling call names the selection it shows: unchanged, then the new one.
    expect(workbook.rpc('getCellReceipt', ['Sheet1!B3'])).toMatchObject({ value: { unchanged: true } });
    workbook.select('A3');
    expect(workbook.rpc('getCellReceipt', ['Sheet1!B3'])).toMatchObject({
      value: { selection: 'Sheet1!A3' },
    });
  });

  it("simulates form responses in the linked form's sheet; a watch fills them when time moves on", () => {
    const workbook = firstFile();
    expect(workbook.state().sheets).toEqual(['Sheet1', FORM_SHEET]);
    const config = {
      sheetName: FORM_SHEET,
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 3 },
      output: { mode: 'primary' },
    };
    expect(workbook.rpc('createWatch', [{ kind: 'lookup', config, dailyCap: 5 }])).toMatchObject({
      status: 200,
    });

    expect(workbook.simulateFormResponse()).toEqual({ sheet: FORM_SHEET, row: 2 });
    expect(workbook.simulateFormResponse()).toEqual({ sheet: FORM_SHEET, row: 3 });
    workbook.selectSheet(FORM_SHEET);
    const row = (n: number) => ['B', 'C', 'D', 'E'].map((column) => shown(workbook, `${column}${n}`));
    expect([row(1), row(2)]).toEqual([
      ['Name', 'Company', 'Website', 'Status (Website from company name)'],
      ['Grace Hopper', 'Globex Corporation', '', ''],
    ]);
    expect(spent(workbook)).toBe(0);

    workbook.advance(60_000);
    expect([row(2), row(3)]).toEqual([
      ['Grace Hopper', 'Globex Corporation', 'globex.com', 'Found'],
      ['Alan Turing', 'Initech', 'initech.com', 'Found'],
    ]);
    expect(spent(workbook)).toBe(2 * PRICE.COMPANY_WEBSITE);
    expect(workbook.emu.triggerRuns.filter((run) => run.kind === 'form submit trigger')).toHaveLength(2);
  });

  it('undoes a Freeze with Ctrl+Z: the range formula is back, answering from the cache for free', () => {
    const workbook = firstFile();
    workbook.paste('A20', [['Globex'], ['Initech'], ['Hooli']]);
    workbook.setCell('B20', '=COMPANY_WEBSITE(A20:A22)');
    workbook.advance(60_000);
    expect(spent(workbook)).toBe(3 * PRICE.COMPANY_WEBSITE);
    workbook.select('B20');
    expect(workbook.runMenuItem('Freeze results as values').alerts).toEqual([
      { title: '', prompt: 'Froze 1 formula: 3 cells are now plain values.' },
    ]);
    expect(['B20', 'B21', 'B22'].map((a1) => input(workbook, a1))).toEqual([
      'globex.com',
      'initech.com',
      'hooli.com',
    ]);

    expect(workbook.undo()).toBe(true);
    workbook.advance(60_000);
    expect(input(workbook, 'B20')).toBe('=COMPANY_WEBSITE(A20:A22)');
    expect(['B20', 'B21', 'B22'].map((a1) => shown(workbook, a1))).toEqual([
      'globex.com',
      'initech.com',
      'hooli.com',
    ]);
    expect(workbook.state().cells.B22?.spill).toBe(true);
    expect(spent(workbook)).toBe(3 * PRICE.COMPANY_WEBSITE);
  });

  it('undoes edits, pastes and deletes one step at a time, leaving cells changed since', () => {
    const workbook = firstFile();
    workbook.setCell('C5', '00123');
    workbook.setCell('C5', "'00123");
    workbook.paste('D5', [['one', 'two']]);
    workbook.clear('C5:E5');
    expect(['C5', 'D5', 'E5'].map((a1) => input(workbook, a1))).toEqual(['', '', '']);

    expect(workbook.undo()).toBe(true);
    expect(['C5', 'D5', 'E5'].map((a1) => input(workbook, a1))).toEqual(["'00123", 'one', 'two']);
    // A script writes over D5 meanwhile: undoing the paste leaves what it wrote.
    workbook.emu.spreadsheet.getSheetByName('Sheet1')!.getRange('D5').setValue('by a script');
    expect(workbook.undo()).toBe(true);
    expect(['C5', 'D5', 'E5'].map((a1) => input(workbook, a1))).toEqual(["'00123", 'by a script', '']);
    expect(workbook.undo()).toBe(true);
    expect(shown(workbook, 'C5')).toBe('123');
    expect(workbook.undo()).toBe(true);
    expect(input(workbook, 'C5')).toBe('');
    expect(workbook.undo()).toBe(false);
    // The demo's own inputs were there before any step.
    expect(shown(workbook, 'A3')).toBe('Acme Corporation');
  });
});

describe('the playground workbook changed as Sheets lets a user change it', () => {
  const changeRuns = (workbook: Workbook) =>
    workbook.emu.triggerRuns.filter((run) => run.kind === 'change trigger').length;
  /** A watch on the form's sheet installs the add-on's Change trigger. */
  function watched(): Workbook {
    const workbook = firstFile();
    const config = {
      sheetName: FORM_SHEET,
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 3 },
      output: { mode: 'primary' },
    };
    workbook.rpc('createWatch', [{ kind: 'lookup', config, dailyCap: 5 }]);
    return workbook;
  }

  it('inserts and deletes rows and columns at the selection, firing Change and never Edit', () => {
    const workbook = watched();
    const edits = editTriggerRuns(workbook);
    workbook.select('A3');
    workbook.structure.insertRows('above');
    expect([shown(workbook, 'A3'), shown(workbook, 'A4')]).toEqual(['', 'Acme Corporation']);
    workbook.select('A4:A5');
    workbook.structure.insertRows('below');
    expect([shown(workbook, 'A5'), shown(workbook, 'A6'), shown(workbook, 'A8')]).toEqual([
      'https://www.pronet.com/company/acme',
      '',
      '',
    ]);
    workbook.select('A6:B7');
    workbook.structure.deleteRows();
    expect(shown(workbook, 'A5')).toBe('https://www.pronet.com/company/acme');
    workbook.select('B1');
    workbook.structure.insertColumns('left');
    expect([shown(workbook, 'B1'), shown(workbook, 'C1')]).toEqual([
      '',
      'Results: select a cell, type a formula, press Enter',
    ]);
    workbook.structure.insertColumns('right');
    workbook.select('B1:C1');
    workbook.structure.deleteColumns();
    expect(shown(workbook, 'B1')).toBe('Results: select a cell, type a formula, press Enter');
    expect(changeRuns(workbook)).toBe(6);
    expect(editTriggerRuns(workbook)).toBe(edits);
  });

  it("adds, renames, hides, shows and deletes sheets, the add-on's hidden ones included", () => {
    const workbook = watched();
    // The watch buys the response's website and keeps its answer in the hidden sheet.
    workbook.simulateFormResponse();
    workbook.advance(60_000);
    expect(workbook.state().hiddenSheets).toEqual(['_enrich_cache']);
    const runs = changeRuns(workbook);

    expect(workbook.structure.addSheet()).toBe('Sheet2');
    expect(workbook.state()).toMatchObject({
      sheets: ['Sheet1', FORM_SHEET, 'Sheet2'],
      activeSheet: 'Sheet2',
    });
    workbook.structure.renameSheet('Sheet2', 'Notes');
    workbook.structure.hideSheet('Notes');
    expect(workbook.state()).toMatchObject({
      sheets: ['Sheet1', FORM_SHEET],
      hiddenSheets: ['_enrich_cache', 'Notes'],
      activeSheet: 'Sheet1',
    });
    workbook.structure.showSheet('_enrich_cache');
    expect(workbook.state()).toMatchObject({
      sheets: ['Sheet1', FORM_SHEET, '_enrich_cache'],
      activeSheet: '_enrich_cache',
    });
    expect(shown(workbook, 'A1')).not.toBe('');
    workbook.structure.deleteSheet('Notes');
    workbook.structure.deleteSheet('Sheet1');
    expect(workbook.state()).toMatchObject({
      sheets: [FORM_SHEET, '_enrich_cache'],
      activeSheet: '_enrich_cache',
    });
    // INSERT_GRID, OTHER for the rename, the hide and the show, REMOVE_GRID twice.
    expect(changeRuns(workbook) - runs).toBe(6);
    expect(() => workbook.structure.renameSheet(FORM_SHEET, '_enrich_cache')).toThrow();
  });

  it('takes an empty argument in a formula, as Sheets does: the list with any seniority', () => {
    const workbook = firstFile();
    workbook.setCell('B3', '=COMPANY_EMPLOYEES(A3, "Sales", , 10)');
    workbook.advance(120_000);
    expect(shown(workbook, 'B3')).toBe("10 employees -> sheet 'Employees - Acme Corporation (Sales)'");
    // 0.5 credit an employee (the spec's per_employee price).
    expect(spent(workbook)).toBe(5);
  });
});
