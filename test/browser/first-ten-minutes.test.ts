// A newcomer's first ten minutes, step by step as the README tells them, in a real browser. The
// steps, which the README may quote as they are:
//
//   1. Open the playground (`npm start`, then http://127.0.0.1:8080): a spreadsheet, "Leads Q3",
//      with example inputs in column A and a demo account of 1,000 credits on a fake of the API.
//   2. Type a formula: select B3, type =COMPANY_WEBSITE(A3), press Enter. B3 shows acme.com, and
//      the demo account's balance drops by the price, 1 credit.
//   3. Run a column from the sidebar: Extensions > Enrich for Sheets > Open sidebar; in Bulk run,
//      pick the sheet's column and a lookup, press Preview (what it costs, before anything is
//      spent), then Run. The progress shows where the preview was; the results fill the column.
//   4. Open a receipt: select a cell the add-on filled and open "This cell" in the sidebar: what
//      was bought, when, for how much, and where it is kept.
//
// Credits are the fake API's ledger; company_name_to_website costs 1 credit in the spec, and the
// fake API puts "Globex Corporation" on globex.com and "Initech" on initech.com.
import { fakeAccount, openAddonSidebar, typeInto, usePlayground } from './session';

jest.setTimeout(60_000);

const session = usePlayground();

it("walks a newcomer's first ten minutes: open, type a formula, run a column, open a receipt", async () => {
  const { playground, page } = session;
  const shown = (a1: string) => page.textContent(`td[data-a1="${a1}"]`);
  // A column of companies to run, under a header, as a user would paste it beside the examples.
  await typeInto(playground, 'D1', 'Company');
  await typeInto(playground, 'D2', 'Globex Corporation');
  await typeInto(playground, 'D3', 'Initech');

  // 1. Open the playground.
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  expect(await page.textContent('#doc-name')).toBe('Leads Q3');
  expect(await page.textContent('#account-title')).toBe(
    'Demo account: 1,000 credits left (fake API, offline)',
  );
  expect(await shown('A3')).toBe('Acme Corporation');

  // 2. Type a formula: B3, =COMPANY_WEBSITE(A3), Enter.
  await page.click('td[data-a1="B3"]');
  await page.keyboard.type('=COMPANY_WEBSITE(A3)');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
  expect(await shown('B3')).toBe('acme.com');
  expect(await page.textContent('#balance')).toBe('999');

  // 3. Run a column from the sidebar: Bulk run, column D, "Website from company name", Preview, Run.
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-input').selectOption('4');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await sidebar.locator('#bulk-estimate').textContent()).toBe('2 credits');
  expect((await fakeAccount(playground)).spent).toBe(1);
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  await page.waitForFunction(() => document.querySelector('td[data-a1="E3"]')?.textContent === 'initech.com');
  expect([await shown('E1'), await shown('E2'), await shown('E3')]).toEqual([
    'Website',
    'globex.com',
    'initech.com',
  ]);
  expect((await fakeAccount(playground)).spent).toBe(3);

  // 4. Open a receipt: select E2, open "This cell".
  await page.click('td[data-a1="E2"]');
  await sidebar.locator('#receipt-panel > summary').click();
  await sidebar.locator('#receipt-note:has-text("Sheet1!E2")').waitFor();
  await sidebar.locator('#receipt-lines dt:text-is("Bought")').waitFor();
  const labels = await sidebar.locator('#receipt-lines dt').allTextContents();
  const texts = await sidebar.locator('#receipt-lines dd').allTextContents();
  const receipt = Object.fromEntries(labels.map((label, i) => [label, texts[i]!]));
  expect(receipt).toMatchObject({
    Lookup: 'Website from company name (COMPANY_WEBSITE)',
    'Input as sent': 'Globex Corporation',
    Answer: 'Found',
  });
  expect(receipt.Bought).toMatch(/^2025-01-06 04:0\d for 1 credit \(bulk run, Sheet1!E2(:F2)?\)$/);
});
