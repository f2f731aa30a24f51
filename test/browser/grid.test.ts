// The playground's grid as a spreadsheet one can work in, in a real browser: 1,000 rows by 26
// columns to scroll and move through, typing over and double-click editing as in Sheets, a
// selection the add-on sees as its active range, paste of tab-separated rows, fill-down that
// enters each formula on its own row, notes on hover, long texts in the formula bar, and the demo
// key restored after it was removed. Runs against dist/ with Debian's chromium.
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { cell, fakeAccount, openAddonSidebar, typeInto, usePlayground } from './session';

jest.setTimeout(90_000);

/** company_name_to_website costs 1 credit in the spec's operation table. */
const WEBSITE_PRICE = 1;
const SALES_SHEET = 'Employees - Acme Corporation (Sales)';

const session = usePlayground({ opened: true });
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const settled = () => page.waitForSelector('body:not([data-busy])', { state: 'attached' });

async function shown(a1: string): Promise<string> {
  return (await page.textContent(cell(a1))) ?? '';
}

/** What the server holds for a cell of the shown sheet, wherever the page is scrolled. */
async function held(a1: string): Promise<{ display: string; input: string } | undefined> {
  const row = Number(/\d+$/.exec(a1)![0]);
  const response = await fetch(`${playground.url}/api/state?top=${row}&rows=1`);
  const state = (await response.json()) as { cells: Record<string, { display: string; input: string }> };
  return state.cells[a1];
}

/** Selects a cell, types into the formula bar, presses Enter, and waits for the sheet's answer. */
async function enter(a1: string, text: string): Promise<void> {
  await page.click(cell(a1));
  await page.fill('#formula-input', text);
  await page.press('#formula-input', 'Enter');
  await settled();
}

async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function menuItem(caption: string): Promise<void> {
  await page.click('#extensions-button');
  await page.click('#addon-button');
  await page.click(`#addon-menu button:has-text("${caption}")`);
  await settled();
}

describe('the playground grid', () => {
  it('scrolls 1,000 rows with its headers in view, and takes typing at row 200 in column K', async () => {
    const scroller = page.locator('#grid-scroll');
    // Every row is there to scroll to; only those on screen (and a few more) are drawn.
    const height = await scroller.evaluate((element) => element.scrollHeight);
    expect(height).toBeGreaterThan(1000 * 24);
    expect(await page.locator('#grid tr[data-row]').count()).toBeLessThan(80);
    expect(await page.locator('#grid th.column-header').allTextContents()).toHaveLength(26);

    await page.click(cell('A1'));
    await press('ArrowDown', 199);
    await press('ArrowRight', 10);
    expect(await page.textContent('#name-box')).toBe('K200');
    await page.keyboard.type('Initech');
    await press('Enter');
    await settled();
    expect(await page.textContent('#name-box')).toBe('K201');
    await page.keyboard.type('=COMPANY_WEBSITE(K200)');
    await press('Enter');
    await settled();
    expect([await shown('K200'), await shown('K201')]).toEqual(['Initech', 'initech.com']);
    expect(await held('K201')).toMatchObject({ display: 'initech.com', input: '=COMPANY_WEBSITE(K200)' });
    expect((await fakeAccount(playground)).spent).toBe(WEBSITE_PRICE);

    // Scrolled far down and right, the column letters stay at the top and row numbers at the left.
    const box = (await scroller.boundingBox())!;
    const letter = (await page.locator('#grid th.column-header', { hasText: /^K$/ }).boundingBox())!;
    const number = (await page.locator('#grid th.row-header', { hasText: /^200$/ }).boundingBox())!;
    expect(Math.round(letter.y)).toBe(Math.round(box.y));
    expect(Math.round(number.x)).toBe(Math.round(box.x));
    expect(await page.locator('#grid tr[data-row]').count()).toBeLessThan(80);
  });

  it('edits on double-click (the text stays) and replaces on typing over a selected cell', async () => {
    await page.dblclick(cell('A3'));
    expect(await page.inputValue('#cell-editor')).toBe('Acme Corporation');
    await page.keyboard.type(' Ltd');
    await press('Enter');
    await settled();
    expect(await shown('A3')).toBe('Acme Corporation Ltd');

    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await page.dblclick(cell('B3'));
    // The formula itself is edited, not its value: Escape leaves it as it was.
    expect(await page.inputValue('#cell-editor')).toBe('=COMPANY_WEBSITE(A3)');
    expect(await page.inputValue('#formula-input')).toBe('=COMPANY_WEBSITE(A3)');
    await press('Escape');
    expect(await page.isHidden('#cell-editor')).toBe(true);

    await page.click(cell('A3'));
    await page.keyboard.type('Globex');
    await press('Enter');
    await settled();
    expect(await shown('A3')).toBe('Globex');
    expect(await shown('B3')).toBe('globex.com');
  });

  it('freezes the formula of the selected B14, and of a range selected with Shift+arrows', async () => {
    await typeInto(playground, 'B14', '=COMPANY_WEBSITE(A3)');
    await typeInto(playground, 'C15', '=COMPANY_WEBSITE(A3)');
    await typeInto(playground, 'C16', '=COMPANY_PHONE(A3)');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click(cell('B14'));
    await menuItem('Freeze results as values');
    await page.waitForSelector('#toast:has-text("Froze 1 formula")');
    expect(await held('B14')).toMatchObject({ display: 'acme.com', input: 'acme.com' });
    expect(await page.inputValue('#formula-input')).toBe('acme.com');

    await page.click(cell('C15'));
    await page.keyboard.press('Shift+ArrowDown');
    expect(await page.textContent('#name-box')).toBe('C15:C16');
    await menuItem('Freeze results as values');
    await page.waitForSelector('#toast:has-text("Froze 2 formulas")');
    expect((await held('C15'))?.input).toBe('acme.com');
    // Text that would be a formula if typed again keeps the apostrophe that makes it text.
    expect(await held('C16')).toMatchObject({ display: '+1 404 555 0170', input: "'+1 404 555 0170" });
  });

  it('pastes a block of tab-separated rows at the selection, each formula running', async () => {
    await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: playground.url,
    });
    const block = [
      'Globex\t=COMPANY_WEBSITE(A6)',
      'Initech\t=COMPANY_WEBSITE(A7)',
      'Hooli\t=COMPANY_WEBSITE(A8)',
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), block);
    await page.click(cell('A6'));
    await page.keyboard.press('Control+V');
    await settled();
    expect(await page.textContent('#name-box')).toBe('A6:B8');
    expect(await page.locator('#grid td.in-range').count()).toBe(6);
    expect([await shown('A6'), await shown('A7'), await shown('A8')]).toEqual(['Globex', 'Initech', 'Hooli']);
    expect([await shown('B6'), await shown('B7'), await shown('B8')]).toEqual([
      'globex.com',
      'initech.com',
      'hooli.com',
    ]);
    expect(await fakeAccount(playground)).toMatchObject({ spent: 3 * WEBSITE_PRICE });

    // Ctrl+C copies what the selected block shows; pasted elsewhere, those are plain values.
    await page.keyboard.press('Control+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Globex\tglobex.com\nInitech\tinitech.com\nHooli\thooli.com',
    );
    await page.click(cell('D6'));
    await page.keyboard.press('Control+V');
    await settled();
    expect(await page.textContent('#name-box')).toBe('D6:E8');
    expect(await held('E7')).toMatchObject({ display: 'initech.com', input: 'initech.com' });
    expect(await fakeAccount(playground)).toMatchObject({ spent: 3 * WEBSITE_PRICE });
  });

  it('fills a formula down with Ctrl+D: each cell entered on its own row, each evaluated', async () => {
    for (const [i, company] of ['Globex', 'Initech', 'Hooli', 'Umbrella'].entries())
      await typeInto(playground, `A${i + 6}`, company);
    await typeInto(playground, 'B6', '=COMPANY_WEBSITE(A6)');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    // Dragged from B6 to B9, as a user selects a range with the mouse.
    await page.hover(cell('B6'));
    await page.mouse.down();
    await page.hover(cell('B8'));
    await page.hover(cell('B9'));
    await page.mouse.up();
    expect(await page.textContent('#name-box')).toBe('B6:B9');
    await page.keyboard.press('Control+D');
    await settled();
    expect([await shown('B7'), await shown('B8'), await shown('B9')]).toEqual([
      'initech.com',
      'hooli.com',
      'umbrella.com',
    ]);
    expect((await held('B9'))?.input).toBe('=COMPANY_WEBSITE(A9)');
    expect(await fakeAccount(playground)).toMatchObject({ spent: 4 * WEBSITE_PRICE });

    // One row selected: Ctrl+D copies the row above, as in Sheets.
    await typeInto(playground, 'A10', 'Stark Industries');
    await page.click(cell('B10'));
    await page.keyboard.press('Control+D');
    await settled();
    expect(await shown('B10')).toBe('starkindustries.com');
  });

  it("shows a sheet's note on hover and a long text whole in the formula bar", async () => {
    await typeInto(playground, 'B12', '=COMPANY_EMPLOYEES(A3, "Sales")');
    await page.click('#advance-1');
    const tab = page.locator(`#tabs [data-sheet="${SALES_SHEET}"]`);
    await tab.waitFor();
    await tab.click();
    await page.waitForSelector(`#tabs [data-sheet="${SALES_SHEET}"][aria-selected="true"]`);
    await page.hover(cell('A1'));
    const note = (await page.textContent('#note-popup')) ?? '';
    expect(await page.isVisible('#note-popup')).toBe(true);
    expect(note).toContain('COMPANY_EMPLOYEES("Acme Corporation", department "Sales")');
    expect(note).toContain('11 employees, 5.5 credits');

    await page.click('#tabs [data-sheet="Sheet1"]');
    await page.waitForSelector('#tabs [data-sheet="Sheet1"][aria-selected="true"]');
    const long = `A note typed in a cell, long enough to need several lines: ${'lorem ipsum '.repeat(40)}end.`;
    await enter('A20', long);
    await page.click(cell('A19'));
    await page.click(cell('A20'));
    await page.hover('#formula-input');
    const bar = page.locator('#formula-input');
    expect(await bar.inputValue()).toBe(long);
    const fits = await bar.evaluate((box) => ({ high: box.clientHeight, needed: box.scrollHeight }));
    expect(fits.high).toBeGreaterThan(60);
    expect(fits.needed).toBeLessThanOrEqual(fits.high + 1);
  });

  it('gets the demo key back after it was removed in the sidebar, with "Use the demo key"', async () => {
    expect(await page.textContent('#demo-key-status')).toBe('The add-on uses the demo key.');
    expect(await page.isHidden('#use-demo-key')).toBe(true);
    const sidebar = await openAddonSidebar(page);
    await sidebar.locator('#clear-key').click();
    await sidebar.locator('#key-remove-confirm').click(); // Remove asks first
    await page.waitForSelector('#use-demo-key:not([hidden])');
    expect(await page.textContent('#demo-key-status')).toBe(
      "The add-on's key is not the demo key: formulas and runs will not reach the demo account.",
    );

    await page.click('#use-demo-key');
    await settled();
    expect(await page.textContent('#demo-key-status')).toBe('The add-on uses the demo key.');
    expect(await page.isHidden('#use-demo-key')).toBe(true);
    // The open sidebar loads again and shows the key saved.
    await page
      .frameLocator('#sidebar-frame')
      .locator('#key-status', { hasText: /^Saved: / })
      .waitFor();
    await typeInto(playground, 'B3', '=COMPANY_WEBSITE(A3)');
    expect(await fakeAccount(playground)).toEqual({
      startingCredits: DEMO_CREDITS,
      balance: DEMO_CREDITS - WEBSITE_PRICE,
      spent: WEBSITE_PRICE,
    });
  });
});
