// Receipts, Buy again and the spend report in a real browser, through the playground: the user
// selects a formula's cell, reads its receipt in the sidebar's "This cell" panel, buys its answer
// again (the price stated first), and opens the spend report from Spending. What the fake API
// charged is the truth: company_name_to_website costs 1 credit in the spec. Times are the virtual
// clock's in the spreadsheet's time zone (America/New_York): the playground starts at 04:00 on
// 2025-01-06, and this test is over well within its first two minutes.
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { fakeAccount, openAddonSidebar, screenshotPath, typeInto, usePlayground, VIEWPORT } from './session';

jest.setTimeout(60_000);

const REPORT_SHEET = 'Enrich spend report';

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const spent = async () => (await fakeAccount(playground)).spent;
const shown = (a1: string) => page.textContent(`td[data-a1="${a1}"]`);

/** The receipt's lines, by label. */
async function receipt(sidebar: FrameLocator): Promise<Record<string, string>> {
  const labels = await sidebar.locator('#receipt-lines dt').allTextContents();
  const texts = await sidebar.locator('#receipt-lines dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, texts[i]!]));
}

async function screenshot(name: string): Promise<void> {
  const image = await page.screenshot({ path: screenshotPath(name) });
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
}

it('shows the selected cell its receipt, buys it again at the stated price, and opens the report (docs/screenshots/receipt.png, spend-report.png)', async () => {
  // A3 holds "Acme Corporation" in the demo sheet.
  await typeInto(playground, 'B3', '=COMPANY_WEBSITE(A3)');
  expect(await spent()).toBe(1);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  expect(await shown('B3')).toBe('acme.com');

  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#receipt-panel > summary').click();
  // A1 is selected: a typed header, which no lookup paid for.
  await sidebar.locator('#receipt-note:has-text("Sheet1!A1")').waitFor();
  expect(await sidebar.locator('#receipt-buy-again').isHidden()).toBe(true);

  // The panel follows the selection: it asks again every few seconds while it is open.
  await page.click('td[data-a1="B3"]');
  await sidebar.locator('#receipt-note:has-text("Sheet1!B3")').waitFor();
  expect(await receipt(sidebar)).toEqual({
    Lookup: 'Website from company name (COMPANY_WEBSITE)',
    'Input as sent': 'Acme Corporation',
    Bought: '2025-01-06 04:00 for 1 credit (formula, Sheet1!B3)',
    Answer: 'Found',
    // A formula keeps its answer in the document properties; a run or the sidebar moves it on later.
    Kept: 'In document properties and the memory of all your spreadsheets, until you clear or refresh it (bought today)',
    'Charged twice': 'No',
  });
  expect(await sidebar.locator('#receipt-times').textContent()).toBe(
    "Times are in the spreadsheet's time zone, America/New_York.",
  );
  expect(await sidebar.locator('#receipt-lines').textContent()).not.toContain(playground.demoKey);

  // A minute on: a formula's purchase holds its claim on the input until its execution's deadline
  // has passed (src/core/lookup/booking.ts, an exact settlement), and Buy again waits for it.
  await page.click('#advance-1');
  await page.waitForFunction(() => document.body.dataset.busy === undefined);

  // Buy again states its price, and spends nothing before the user confirms.
  const buyAgain = sidebar.locator('#receipt-buy-again');
  expect(await buyAgain.textContent()).toBe('Buy again (1 credit)…');
  await buyAgain.click();
  expect(await sidebar.locator('#receipt-confirm-text').textContent()).toBe(
    'Buy 1 lookup again for 1 credit? The saved answer is replaced and its formula is entered again. Nothing else is bought.',
  );
  // One lookup: "Buy it again", not "Buy them again".
  expect(await sidebar.locator('#receipt-confirm').textContent()).toBe('Buy it again');
  expect(await spent()).toBe(1);
  await screenshot('receipt.png');

  await sidebar.locator('#receipt-confirm').click();
  await sidebar.locator('#receipt-message:has-text("Bought")').waitFor();
  expect(await sidebar.locator('#receipt-message').textContent()).toBe(
    'Bought 1 lookup again for 1 credit; the formulas show the new answer.',
  );
  expect(await spent()).toBe(2);
  expect((await receipt(sidebar)).Bought).toBe('2025-01-06 04:01 for 1 credit (buy again, Sheet1!B3)');
  expect(await shown('B3')).toBe('acme.com');

  // Spending > Open the report: a sheet of today's purchases, in a tab of its own.
  await sidebar.locator('#receipt-panel > summary').click();
  await sidebar.locator('#spending-panel > summary').click();
  expect(await sidebar.locator('#ledger-report-period').inputValue()).toBe('month');
  await sidebar.locator('#ledger-report-period').selectOption('today');
  await sidebar.locator('#ledger-report').click();
  const tab = page.locator(`#tabs [data-sheet="${REPORT_SHEET}"]`);
  await tab.waitFor();
  await tab.click();
  await page.waitForSelector(`#tabs [data-sheet="${REPORT_SHEET}"][aria-selected="true"]`);
  const cells = async (row: number) =>
    Promise.all(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((column) => shown(`${column}${row}`)));
  expect([await shown('A1'), await shown('A2'), await shown('A3'), await shown('A4')]).toEqual([
    "Enrich for Sheets: spend report of 'Leads Q3'",
    'Today: 2025-01-06',
    'Total: 2 credits over 2 purchases (as Spending counts them)',
    'Possibly charged twice: none',
  ]);
  expect(await cells(6)).toEqual([
    'Date and time (America/New_York)',
    'Source',
    'Operation',
    'Input',
    'Credits',
    'Outcome',
    'Cell or run served',
  ]);
  // The time has seconds, which follow the wall clock here; the rest is literal.
  const [formulaRow, buyAgainRow] = [await cells(7), await cells(8)];
  expect(formulaRow[0]).toMatch(/^2025-01-06 04:00:\d\d$/);
  expect(formulaRow.slice(1)).toEqual([
    'Formula',
    'Website from company name',
    'Acme Corporation',
    '1',
    'Found',
    'Sheet1!B3',
  ]);
  expect(buyAgainRow[0]).toMatch(/^2025-01-06 04:01:\d\d$/);
  expect(buyAgainRow.slice(1)).toEqual([
    'Buy again',
    'Website from company name',
    'Acme Corporation',
    '1',
    'Found',
    'Sheet1!B3',
  ]);
  // Nothing else: the report's grid ends with its last purchase.
  expect(await page.locator('td[data-a1="A9"]').count()).toBe(0);
  await sidebar.locator('#spending-panel').scrollIntoViewIfNeeded();
  await screenshot('spend-report.png');
});
