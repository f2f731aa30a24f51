// The playground as real as Sheets for what the add-on touches, in a real browser: rows, columns
// and sheets a user inserts, deletes, hides and shows (the add-on's hidden sheets included),
// formulas with an empty argument, text running over its neighbours that stays under the row
// numbers, the "Try" chips typing at the selection, the demo account's real balance and its top-up,
// and how wide a row-of-fields answer will be.
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { cell, fakeAccount, usePlayground } from './session';

jest.setTimeout(60_000);

const session = usePlayground({ opened: true });
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const idle = () => page.waitForSelector('body:not([data-busy])', { state: 'attached' });
const shown = async (a1: string) => (await page.textContent(cell(a1))) ?? '';
const tabs = () => page.locator('#tabs .tab').allTextContents();

/** Opens a menu of the menu bar and clicks one of its items. */
async function menu(name: string, item: string): Promise<void> {
  await page.click(`.menubar button:text-is("${name}")`);
  await page.click(`.menu:visible button:has-text("${item}")`);
  await idle();
}

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${playground.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
}

describe('the playground changed as Sheets lets a user change it', () => {
  it('inserts and deletes rows and columns from the Insert and Edit menus', async () => {
    await page.click(cell('A3'));
    await menu('Insert', 'Insert 1 row above');
    expect([await shown('A3'), await shown('A4')]).toEqual(['', 'Acme Corporation']);
    await page.click(cell('A3'));
    await menu('Edit', 'Delete row 3');
    expect(await shown('A3')).toBe('Acme Corporation');
    await page.click(cell('B1'));
    await menu('Insert', 'Insert 1 column left');
    expect(await shown('C1')).toBe('Results: select a cell, type a formula, press Enter');
    await page.click(cell('B1'));
    await menu('Edit', 'Delete column B');
    expect(await shown('B1')).toBe('Results: select a cell, type a formula, press Enter');
  });

  it("adds, renames and hides a sheet, and shows the add-on's hidden sheet from View > Hidden sheets", async () => {
    // A watch on the form's sheet buys a response's website: its answer goes to _enrich_cache.
    const config = {
      sheetName: 'Form Responses 1',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 3 },
      output: { mode: 'primary' },
    };
    await post('/rpc', { name: 'createWatch', args: [{ kind: 'lookup', config, dailyCap: 5 }] });
    await post('/api/form-response', {});
    await post('/api/advance', { minutes: 1 });

    await page.click('#add-sheet');
    await idle();
    expect(await tabs()).toEqual(['Sheet1', 'Form Responses 1', 'Sheet2']);
    await page.click('#tabs .tab:text-is("Sheet2")', { button: 'right' });
    await page.click('#tab-menu button:text-is("Rename")');
    await page.fill('#tab-rename', 'Notes');
    await page.press('#tab-rename', 'Enter');
    await idle();
    expect(await tabs()).toEqual(['Sheet1', 'Form Responses 1', 'Notes']);
    await page.click('#tabs .tab:text-is("Notes")', { button: 'right' });
    await page.click('#tab-menu button:text-is("Hide sheet")');
    await idle();
    expect(await tabs()).toEqual(['Sheet1', 'Form Responses 1']);

    await page.click('.menubar button:text-is("View")');
    expect(await page.locator('#view-menu button').allTextContents()).toEqual(['_enrich_cache', 'Notes']);
    await page.click('#view-menu button:text-is("_enrich_cache")');
    await idle();
    expect(await tabs()).toEqual(['Sheet1', 'Form Responses 1', '_enrich_cache']);
    expect(await page.textContent('#tabs .tab.active')).toBe('_enrich_cache');
    // The saved answer is there, in its row: the key, then what was bought.
    const texts = await page.locator('#grid td').allTextContents();
    expect(texts.filter((text) => text.includes('"r":"globex.com"'))).toHaveLength(1);

    await page.click('#tabs .tab:text-is("_enrich_cache")', { button: 'right' });
    await page.click('#tab-menu button:text-is("Delete")');
    await idle();
    expect(await tabs()).toEqual(['Sheet1', 'Form Responses 1']);
  });

  it('takes a formula with an empty argument, as Sheets does', async () => {
    await page.click(cell('B10'));
    await page.fill('#formula-input', '=COMPANY_EMPLOYEES(A3, "Sales", , 10)');
    await page.press('#formula-input', 'Enter');
    await idle();
    expect(await shown('B10')).toBe(
      '10 employees found; writing them to a new sheet within a minute or two.',
    );
  });
});

describe('the playground around the grid', () => {
  it('keeps text that runs over its neighbours under the row numbers when the grid scrolls sideways', async () => {
    // B1's header runs over C1 and D1; scrolled by 300 px, it starts under the row numbers.
    await page.evaluate(() => document.getElementById('grid-scroll')!.scrollTo(300, 0));
    const onTop = await page.evaluate(() => {
      const text = document.querySelector<HTMLElement>('td[data-a1="B1"] .content')!;
      // The text lets clicks through to the cells it runs over; for this look it must not.
      text.style.pointerEvents = 'auto';
      const header = document.querySelector<HTMLElement>('th[data-row="1"]')!.getBoundingClientRect();
      return document.elementFromPoint(header.left + header.width / 2, header.top + header.height / 2)
        ?.tagName;
    });
    expect(onTop).toBe('TH');
  });

  it('types a "Try" chip at the selected cell and enters it', async () => {
    await page.click(cell('D7'));
    await page.click('#examples .chip:text-is("=COMPANY_WEBSITE(A3)")');
    await idle();
    expect(await shown('D7')).toBe('acme.com');
    await page.click(cell('D7'));
    expect(await page.inputValue('#formula-input')).toBe('=COMPANY_WEBSITE(A3)');
  });

  it('says how wide a row-of-fields answer will be before it is entered', async () => {
    const title = await page.getAttribute('#examples .chip:text-is("=PRONET_PROFILE(A2)")', 'title');
    // The spec's profile fields, side by side: full_name, headline, job_title, company, location, connections.
    expect(title).toContain('fills 6 cells of its row');
  });

  it("shows the demo account's real balance, and tops it up", async () => {
    await page.click(cell('B2'));
    await page.fill('#formula-input', '=PRONET_EMAIL(A2)');
    await page.press('#formula-input', 'Enter');
    await idle();
    // PRONET_EMAIL costs 10 credits (the spec).
    expect(await page.textContent('#account-title')).toBe(
      'Demo account: 990 credits left (fake API, offline)',
    );
    await page.click('#top-up');
    await idle();
    expect(await page.textContent('#account-title')).toBe(
      'Demo account: 1,990 credits left (fake API, offline)',
    );
    expect(await fakeAccount(playground)).toMatchObject({ balance: 1990, spent: 10 });
  });
});
