// A second spreadsheet in the playground, in a real browser (issue 33): File > New spreadsheet
// opens "Leads Q4" of the same user, with its own sheets and sidebar, on the same demo account.
// Runs against dist/ with Debian's chromium.
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { cell, fakeAccount, openAddonSidebar, usePlayground } from './session';

jest.setTimeout(60_000);

/** Flat prices from the spec's operation table. */
const WEBSITE_PRICE = 1;
const EMAIL_PRICE = 10;
/** The fake API's email for the demo's profile in A2. */
const ADA_EMAIL = 'ada.lovelace@ironworks.com';
/** Google Forms' name for the sheet of the lead form linked to Leads Q3. */
const FORM_SHEET = 'Form Responses 1';

const session = usePlayground({ opened: true });
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const settled = () => page.waitForSelector('body:not([data-busy])', { state: 'attached' });
const shown = async (a1: string) => (await page.textContent(cell(a1))) ?? '';
const tabs = () => page.locator('#tabs button').allTextContents();

async function enter(a1: string, text: string): Promise<void> {
  await page.click(cell(a1));
  await page.fill('#formula-input', text);
  await page.press('#formula-input', 'Enter');
  await settled();
}

/** File > the item named `caption`, then the file it shows. */
async function fileMenu(caption: string, opens: string): Promise<void> {
  await page.click('#file-button');
  await page.click(`#file-menu button:has-text("${caption}")`);
  await page.waitForSelector(`#doc-name:text-is("${opens}")`);
  await settled();
}

describe('a second spreadsheet', () => {
  it('opens Leads Q4 from the File menu: its own sheets and sidebar, the same account', async () => {
    expect(await page.textContent('#doc-name')).toBe('Leads Q3');
    expect(await tabs()).toEqual(['Sheet1', FORM_SHEET]);

    await fileMenu('New spreadsheet', 'Leads Q4');
    expect(await page.title()).toBe('Leads Q4: Enrich for Sheets playground');
    // The demo's inputs; the lead form is Leads Q3's.
    expect(await tabs()).toEqual(['Sheet1']);
    expect(await shown('A3')).toBe('Acme Corporation');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    expect(await shown('B3')).toBe('acme.com');
    const paid = {
      startingCredits: DEMO_CREDITS,
      balance: DEMO_CREDITS - WEBSITE_PRICE,
      spent: WEBSITE_PRICE,
    };
    expect(await fakeAccount(playground)).toEqual(paid);
    expect(await page.textContent('#balance')).toBe('999');
    // The add-on's menu was built as the file opened; the saved key followed the user.
    await openAddonSidebar(page);

    await fileMenu('Leads Q3', 'Leads Q3');
    expect(await tabs()).toEqual(['Sheet1', FORM_SHEET]);
    expect(await shown('B3')).toBe('');
    expect(await page.isHidden('#sidebar-panel')).toBe(true);
    expect(await page.textContent('#balance')).toBe('999');

    await fileMenu('Leads Q4', 'Leads Q4');
    expect(await shown('B3')).toBe('acme.com');
    // Its sidebar, left open, is back.
    await page.frameLocator('#sidebar-frame').locator('#key-status:has-text("Saved")').waitFor();
    expect(await fakeAccount(playground)).toEqual(paid);
  });

  it('shows in Leads Q4 the email Leads Q3 bought, without spending a credit again', async () => {
    await enter('B2', '=PRONET_EMAIL(A2)');
    expect(await shown('B2')).toBe(ADA_EMAIL);
    const paid = { startingCredits: DEMO_CREDITS, balance: DEMO_CREDITS - EMAIL_PRICE, spent: EMAIL_PRICE };
    expect(await fakeAccount(playground)).toEqual(paid);

    await fileMenu('New spreadsheet', 'Leads Q4');
    await enter('B2', '=PRONET_EMAIL(A2)');
    expect(await shown('B2')).toBe(ADA_EMAIL);
    expect(await fakeAccount(playground)).toEqual(paid);
    expect(await page.textContent('#balance')).toBe('990');
  });

  it('clears here and the shared memory, as its question says, and leaves Leads Q3 its own results', async () => {
    // Leads Q3 buys an email and a website (11 credits); Leads Q4 a phone of its own (1 credit).
    await enter('B2', '=PRONET_EMAIL(A2)');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await fileMenu('New spreadsheet', 'Leads Q4');
    await enter('C3', '=COMPANY_PHONE(A3)');
    const spent = EMAIL_PRICE + 2 * WEBSITE_PRICE;
    expect(await fakeAccount(playground)).toMatchObject({ spent });
    const sidebar = await openAddonSidebar(page);
    const text = async (selector: string) => ((await sidebar.locator(selector).textContent()) ?? '').trim();
    await sidebar.locator('#cache-panel > summary').click();
    await sidebar.locator('#cache-entries:has-text("1")').waitFor();
    expect(await text('#cache-everywhere')).toBe('3 from 2 spreadsheets');

    await sidebar.locator('#cache-clear-everywhere').click();
    // Here: its phone, and Leads Q3's email and website it would take from the memory.
    expect(await text('#cache-confirm-text')).toBe(
      'Clear 1 saved result here and 3 in the memory your spreadsheets share? Here, formulas and ' +
        'bulk runs that need them again will pay again: up to 12 credits to re-run them all. Your ' +
        'other spreadsheets keep the results saved in them, and pay again only for what they would ' +
        'have taken from the memory.',
    );
    await sidebar.locator('#cache-confirm').click();
    await sidebar
      .locator('#cache-message:has-text("Cleared 1 saved result here and 3 from the shared memory.")')
      .waitFor();
    expect(await text('#cache-entries')).toBe('0');
    expect(await text('#cache-everywhere')).toBe('0 from 0 spreadsheets');
    // What Leads Q4 took from the memory, it pays for again.
    await enter('D2', '=PRONET_EMAIL(A2)');
    expect(await fakeAccount(playground)).toMatchObject({ spent: spent + EMAIL_PRICE });

    // Leads Q3 keeps its own two results, and serves them free.
    await fileMenu('Leads Q3', 'Leads Q3');
    const q3 = await openAddonSidebar(page);
    await q3.locator('#cache-panel > summary').click();
    await q3.locator('#cache-entries:has-text("2")').waitFor();
    await enter('D3', '=COMPANY_WEBSITE(A3)');
    expect(await shown('D3')).toBe('acme.com');
    expect(await fakeAccount(playground)).toMatchObject({ spent: spent + EMAIL_PRICE });
  });
});
