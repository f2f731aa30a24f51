// The Marketplace listing's screenshots, taken from the playground at the listing's size (1280 x
// 800): formulas answering in cells, a bulk run's priced preview in the sidebar, and an employee
// list in the sheet the add-on made for it. `UPDATE_SCREENSHOTS=1 npm test` saves them in
// docs/screenshots/, where `npm run marketplace` takes them for the kit.
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { openAddonSidebar, screenshotPath, typeInto, usePlayground, VIEWPORT } from './session';

jest.setTimeout(60_000);

const SALES_SHEET = 'Employees - Acme Corporation (Sales)';
const COMPANIES = ['Acme Corporation', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries'];

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(async () => {
  ({ playground, page } = session);
});

/** Width and height from a PNG's header. */
function pngSize(image: Buffer): { width: number; height: number } {
  return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
}

const type = (a1: string, input: string) => typeInto(playground, a1, input);

async function load(): Promise<void> {
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
}

const openSidebar = () => openAddonSidebar(page);

async function shoot(name: string): Promise<void> {
  const image = await page.screenshot({ path: screenshotPath(name) });
  expect(pngSize(image)).toEqual(VIEWPORT);
}

it('shows formulas answering in cells (docs/screenshots/marketplace-1-formulas.png)', async () => {
  await type('B2', '=PRONET_EMAIL(A2)');
  await type('B3', '=COMPANY_WEBSITE(A3)');
  await type('C3', '=COMPANY_PHONE(A3)');
  await type('B4', '=PRONET_COMPANY(A4)');
  await load();
  expect(await page.textContent('td[data-a1="B2"]')).toBe('ada.lovelace@ironworks.com');
  await page.click('td[data-a1="B3"]');
  await shoot('marketplace-1-formulas.png');
});

it("shows a bulk run's priced preview in the sidebar (docs/screenshots/marketplace-2-bulk-preview.png)", async () => {
  await type('A1', 'Company');
  await type('B1', 'Website');
  for (const [i, company] of COMPANIES.entries()) await type(`A${i + 2}`, company);
  await load();
  const sidebar = await openSidebar();
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await sidebar.locator('#bulk-estimate').textContent()).toContain('6 credits');
  await shoot('marketplace-2-bulk-preview.png');
});

it('shows an employee list in the sheet the add-on made for it (docs/screenshots/marketplace-3-employee-list.png)', async () => {
  await type('B6', '=COMPANY_EMPLOYEES(A3, "Sales")');
  await load();
  await page.click('#advance-1');
  const tab = page.locator(`#tabs [data-sheet="${SALES_SHEET}"]`);
  await tab.waitFor();
  await tab.click();
  await page.waitForSelector(`#tabs [data-sheet="${SALES_SHEET}"][aria-selected="true"]`);
  expect(await page.textContent('td[data-a1="A2"]')).toBe('Anita Smith');
  await shoot('marketplace-3-employee-list.png');
});
