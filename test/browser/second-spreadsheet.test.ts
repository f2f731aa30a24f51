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
});
