// The playground in a real browser: a user types formulas into the grid, opens the add-on's
// sidebar from the Extensions menu, and watches the demo account's balance. Runs against dist/
// (`npm test` builds it first) with Debian's chromium.
import type { Page, Request } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { cell, fakeAccount, screenshotPath, usePlayground, VIEWPORT } from './session';

jest.setTimeout(60_000);

/** Flat prices from the spec's operation table. */
const PRICE = { PRONET_EMAIL: 10, COMPANY_WEBSITE: 1 } as const;
/** What a cell shows while its full profile is being looked up. */
// The demo key was saved through the sidebar, so the Edit trigger follows the user.
const PROCESSING = 'Processing… the result will appear here within a minute or two.';

const SALES_SHEET = 'Employees - Acme Corporation (Sales)';
const credits = (n: number) => n.toLocaleString('en-US');

const session = usePlayground({ opened: true });
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

/** Selects a cell, types into the formula bar, presses Enter, and waits for the sheet's answer. */
async function enter(a1: string, text: string): Promise<void> {
  await page.click(cell(a1));
  await page.fill('#formula-input', text);
  await page.press('#formula-input', 'Enter');
  await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
}

async function shown(a1: string): Promise<string> {
  return (await page.textContent(cell(a1))) ?? '';
}

async function balance(): Promise<string> {
  return (await page.textContent('#balance')) ?? '';
}

async function openSidebar(): Promise<void> {
  await page.click('#extensions-button');
  await page.click('#addon-button');
  await page.click('#addon-menu button:has-text("Open sidebar")');
  await page.frameLocator('#sidebar-frame').locator('#key-status:has-text("Saved")').waitFor();
}

async function postRpc(name: string, args: unknown[]): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${playground.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, args }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the playground page', () => {
  it('shows the email the fake API has for the profile in A2 when =PRONET_EMAIL(A2) is typed in B2', async () => {
    await enter('B2', '=PRONET_EMAIL(A2)');
    expect(await shown('B2')).toBe('ada.lovelace@ironworks.com');
    await page.click(cell('B2'));
    expect(await page.inputValue('#formula-input')).toBe('=PRONET_EMAIL(A2)');
    expect(await page.textContent('#name-box')).toBe('B2');
  });

  it('edits a selected cell by typing on it, and moves down on Enter, as in Sheets', async () => {
    await page.click(cell('A6'));
    await page.keyboard.type('Initech');
    expect(await page.inputValue('#formula-input')).toBe('Initech');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
    expect(await shown('A6')).toBe('Initech');
    expect(await page.textContent('#name-box')).toBe('A7');
    await page.keyboard.type('=COMPANY_WEBSITE(A6)');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
    expect(await shown('A7')).toBe('initech.com');
  });

  it("keeps one clock: the toolbar's time is the spreadsheet's, as in the receipts, and names its zone", async () => {
    // The virtual clock starts at 09:00 UTC on 2025-01-06: 04:00 in the sheet's America/New_York.
    expect(await page.textContent('#clock')).toMatch(/^04:0\d:\d\d$/);
    expect(await page.textContent('#clock-zone')).toBe("(America/New_York, the spreadsheet's time zone)");
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await openSidebar();
    const sidebar = page.frameLocator('#sidebar-frame');
    await sidebar.locator('#key-panel > summary').click();
    await sidebar.locator('#cache-panel > summary').click();
    await sidebar.locator('#cache-entries:has-text("1")').waitFor();
    expect(await sidebar.locator('#cache-oldest').textContent()).toMatch(/^2025-01-06 04:0\d$/);
    expect(await sidebar.locator('#cache-times').textContent()).toBe(
      "Times are in the spreadsheet's time zone, America/New_York.",
    );
  });

  it('shows Help in a dialog it fits, listing every ENRICH type with its price', async () => {
    await page.click('#extensions-button');
    await page.click('#addon-button');
    await page.click('#addon-menu button:has-text("Help: functions and prices")');
    const help = page.frameLocator('#dialog-frame');
    await help.locator('#enrich-types').waitFor();
    // Nothing wider than the dialog: no sideways scroll in its 720 px.
    const widths = await help
      .locator('html')
      .evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
    expect(widths.client).toBeGreaterThan(600);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const types = await help.locator('#enrich-types ~ table tr').allTextContents();
    expect(types).toHaveLength(1 + 19);
    expect(types).toContain('company_name_to_employees0.5 credit per employeeCOMPANY_EMPLOYEES');
    expect(types).toContain('pronet_profile_to_phone50 creditsPRONET_PHONE');
    await page.screenshot({ path: screenshotPath('help.png') });
  });

  it('shows the website of the company in A3 for =COMPANY_WEBSITE(A3)', async () => {
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    expect(await shown('B3')).toBe('acme.com');
  });

  it('shows #ERROR! in red with the reason on hover for a company name where a profile URL is needed', async () => {
    await enter('B5', '=PRONET_EMAIL(A3)');
    expect(await shown('B5')).toBe('#ERROR!');
    expect(await page.getAttribute(cell('B5'), 'class')).toContain('error');
    expect(await page.getAttribute(cell('B5'), 'title')).toContain('PRONET_EMAIL needs a person profile URL');
    const color = await page.$eval(cell('B5'), (td) => getComputedStyle(td).color);
    expect(color).toBe('rgb(217, 48, 37)');
    expect(await balance()).toBe(credits(DEMO_CREDITS));
  });

  it('charges the demo account exactly the listed prices, and nothing for a cached repeat', async () => {
    expect(await page.textContent('#account-title')).toBe(
      `Demo account: ${credits(DEMO_CREDITS)} credits left (fake API, offline)`,
    );
    await enter('B2', '=PRONET_EMAIL(A2)');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    const expected = DEMO_CREDITS - PRICE.PRONET_EMAIL - PRICE.COMPANY_WEBSITE;
    expect(await balance()).toBe(credits(expected));
    await enter('C2', '=PRONET_EMAIL(A2)');
    expect(await shown('C2')).toBe(await shown('B2'));
    expect(await balance()).toBe(credits(expected));
    expect(await fakeAccount(playground)).toEqual({
      startingCredits: DEMO_CREDITS,
      balance: expected,
      spent: DEMO_CREDITS - expected,
    });
  });

  it('re-runs a formula when the cell it reads changes, as Sheets does', async () => {
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    expect(await shown('B3')).toBe('acme.com');
    await enter('A3', 'Globex Industries');
    expect(await shown('A3')).toBe('Globex Industries');
    expect(await shown('B3')).toBe('globexindustries.com');
    expect(await balance()).toBe(credits(DEMO_CREDITS - 2 * PRICE.COMPANY_WEBSITE));
  });

  it('spills a record across the row, and shows an async profile once "+1 min" lets its job finish', async () => {
    await enter('B4', '=PRONET_COMPANY(A4)');
    expect([await shown('B4'), await shown('C4')]).toEqual(['Acme', 'Education']); // name, industry
    expect(await page.getAttribute(cell('C4'), 'class')).toContain('spill');

    await enter('B6', '=PRONET_PROFILE(A2)');
    expect(await shown('B6')).toBe(PROCESSING);
    await page.click('#advance-1');
    await page.waitForFunction(
      ([selector, waiting]) => document.querySelector(selector)?.textContent !== waiting,
      [cell('B6'), PROCESSING] as const,
    );
    // The profile's full name and headline in the fake API.
    expect([await shown('B6'), await shown('C6')]).toEqual(['Ada Lovelace', 'Product Manager at Ironworks']);
  });

  it('writes an employee list typed with the sidebar closed into a new tab once "+1 min" passes', async () => {
    await enter('B12', '=COMPANY_EMPLOYEES(A3, "Sales")');
    expect(await page.locator('#tabs [data-sheet]').allTextContents()).not.toContain(SALES_SHEET);

    await page.click('#advance-1');
    const tab = page.locator(`#tabs [data-sheet="${SALES_SHEET}"]`);
    await tab.waitFor();
    expect(await page.textContent(cell('B12'))).toBe(`11 employees -> sheet '${SALES_SHEET}'`);
    // The add-on's hidden sheet of saved results has no tab.
    expect(await page.locator('#tabs [data-sheet]').allTextContents()).toEqual([
      'Sheet1',
      'Form Responses 1',
      SALES_SHEET,
    ]);

    await tab.click();
    await page.waitForSelector(`#tabs [data-sheet="${SALES_SHEET}"][aria-selected="true"]`);
    // The fake API's first Sales employees of Acme, under the list's header.
    expect([await shown('A1'), await shown('A2'), await shown('A3')]).toEqual([
      'Full name',
      'Anita Smith',
      'Hedy Backus',
    ]);
    await page.click('#tabs [data-sheet="Sheet1"]');
    await page.waitForSelector('#tabs [data-sheet="Sheet1"][aria-selected="true"]');
    expect(await shown('A3')).toBe('Acme Corporation');
  });

  it('opens the real sidebar in a 300 px panel from Extensions > Enrich for Sheets, showing the saved key masked', async () => {
    await openSidebar();
    const sidebar = page.frameLocator('#sidebar-frame');
    expect(await sidebar.locator('#key-status').textContent()).toMatch(
      /^Saved: \S{4}…\S{4} \(only you: editors' formulas buy nothing with it\)$/,
    );
    expect((await page.locator('#sidebar-panel').boundingBox())?.width).toBe(300);

    // A server error reaches the sidebar's failure handler with its message, as in Apps Script.
    await sidebar.locator('#save-key').click();
    await sidebar.locator('#key-message:has-text("Paste your API key first")').waitFor();

    await page.click('#sidebar-close');
    expect(await page.isHidden('#sidebar-panel')).toBe(true);
  });

  it("asks for the sheet's state one request at a time while the sidebar's opening calls end", async () => {
    // Opening the sidebar makes about a dozen calls at once, and each tells the page when it ends.
    const inFlight = { state: 0, rpc: 0 };
    let most = 0;
    const kind = (request: Request) => {
      const path = new URL(request.url()).pathname;
      return path === '/api/state' ? 'state' : path === '/rpc' ? 'rpc' : null;
    };
    page.on('request', (request) => {
      const which = kind(request);
      if (which) inFlight[which]++;
      most = Math.max(most, inFlight.state);
    });
    const ended = (request: Request) => {
      const which = kind(request);
      if (which) inFlight[which]--;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);

    await openSidebar();
    // Until the calls have all answered and the page has read the state after them.
    for (let round = 0; round < 200 && inFlight.rpc + inFlight.state > 0; round++)
      await page.evaluate(() => 0);

    expect(inFlight).toEqual({ state: 0, rpc: 0 });
    expect(most).toBe(1);
  });

  it('lets google.script.run call only public top-level functions of the bundle', async () => {
    expect((await postRpc('getSidebarState', [])).status).toBe(200);
    expect(await postRpc('readApiKey_', [])).toEqual({
      status: 404,
      body: { message: 'Script function not found: readApiKey_' },
    });
    expect((await postRpc('noSuchFunction', [])).status).toBe(404);
    expect((await postRpc('toString', [])).status).toBe(404);
  });

  it('looks like a small spreadsheet with results and the sidebar open (docs/screenshots/playground.png)', async () => {
    await enter('B2', '=PRONET_EMAIL(A2)');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await enter('C3', '=COMPANY_PHONE(A3)');
    await enter('B4', '=PRONET_COMPANY(A4)');
    await enter('B5', '=PRONET_EMAIL(A3)');
    await openSidebar();
    await page.click(cell('B2'));
    expect(await shown('B5')).toBe('#ERROR!');
    const image = await page.screenshot({ path: screenshotPath('playground.png') });
    // PNG header: width and height as big-endian integers at bytes 16 and 20.
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  });
});
