// A refresh from the Bulk run panel in a real browser, through the playground: over the rows the
// user selected in the grid (the preview says which), then kept going on a schedule. What the
// fake API charged is the truth every figure is checked against.
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { fakeAccount, openAddonSidebar, typeInto, usePlayground } from './session';

jest.setTimeout(60_000);

/** company_name_to_website: 1 credit a lookup in the spec's operation table. */
const COMPANIES = ['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5'];

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const spent = async () => (await fakeAccount(playground)).spent;

async function figures(sidebar: FrameLocator): Promise<Record<string, string>> {
  const labels = await sidebar.locator('.bulk-numbers .figure > span').allTextContents();
  const values = await sidebar.locator('.bulk-numbers .figure > strong').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
}

it('refreshes only the selected rows, then on a schedule', async () => {
  await typeInto(playground, 'A1', 'Company');
  await typeInto(playground, 'B1', 'Website');
  for (const [i, company] of COMPANIES.entries()) await typeInto(playground, `A${i + 2}`, company);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect(await spent()).toBe(5);

  await page.click('td[data-a1="B3"]');
  await page.click('td[data-a1="B4"]', { modifiers: ['Shift'] });
  await sidebar.locator('#bulk-refresh-on').check();
  await sidebar.locator('#bulk-refresh-days').fill('0');
  await sidebar.locator('#bulk-refresh-over').selectOption('selection');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await figures(sidebar)).toMatchObject({
    Rows: '2 (rows 3 to 4, selected)',
    'Estimated cost': '2 credits',
  });
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-message:has-text("Refresh done")').waitFor();
  expect(await sidebar.locator('#bulk-message').textContent()).toBe(
    'Refresh done: 0 changed, 2 the same, 0 now not found.',
  );
  expect(await spent()).toBe(7);
  // Spending names what the refresh spent beside its own Refresh button, each under its own id.
  await sidebar.locator('#spending-panel > summary').click();
  await sidebar.locator('#ledger-refreshes:has-text("2 credits")').waitFor();
  expect(
    await sidebar.locator('[id="ledger-refresh"]').evaluateAll((nodes) => nodes.map((n) => n.tagName)),
  ).toEqual(['BUTTON']);

  await sidebar.locator('#bulk-refresh-days').fill('30');
  await sidebar.locator('#bulk-refresh-budget').fill('3');
  await sidebar.locator('#bulk-refresh-schedule').click();
  // Said before it is on: the column and its rows, the schedule and its budget, oldest first, and
  // that nothing else is written. The answers are minutes old: none is due yet.
  const preview = sidebar.locator('#bulk-refresh-preview');
  await preview.locator('#bulk-refresh-confirm').waitFor();
  expect(await preview.locator('p').allTextContents()).toEqual([
    'Refreshes column B (Website), 5 rows answered, checked at least once an hour: it buys again those older than 30 days, the oldest first, at most 3 credits a month.',
    'Older than that now: 0 rows, 0 credits.',
    'It fills no new row and writes nowhere else: only these answers and their row status in column C.',
  ]);
  expect(await sidebar.locator('#bulk-refresh-message').textContent()).toBe('');
  await sidebar.locator('#watches-panel > summary').click();
  await sidebar.locator('#watches-list li.hint:has-text("No watch yet")').waitFor();
  await preview.locator('#bulk-refresh-confirm').click();
  // Once on, the playground's check (a script bound to its spreadsheet) is known: every minute.
  await sidebar.locator('#bulk-refresh-message:has-text("Refreshing")').waitFor();
  expect(await preview.count()).toBe(0);
  expect(await sidebar.locator('#bulk-refresh-message').textContent()).toBe(
    'Refreshing answers here older than 30 days (checked every minute), at most 3 credits a month. Watches lists it.',
  );
  expect(await spent()).toBe(7);
});

it('refreshes every bulk-run column of the sheet within one budget', async () => {
  await typeInto(playground, 'A1', 'Company');
  await typeInto(playground, 'B1', 'Website');
  for (const [i, company] of COMPANIES.slice(0, 3).entries())
    await typeInto(playground, `A${i + 2}`, company);
  for (const a1 of ['A5', 'A6']) await typeInto(playground, a1, '');
  await typeInto(playground, 'D1', 'Partner');
  for (const [i, company] of COMPANIES.slice(3).entries()) await typeInto(playground, `D${i + 2}`, company);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  for (const input of ['1', '4']) {
    await sidebar.locator('#bulk-input').selectOption(input);
    await sidebar.locator('#bulk-run').click();
    await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  }
  expect(await spent()).toBe(5);

  // Column A's three answers are the oldest: a budget of 4 takes them and one of column D's.
  await sidebar.locator('#bulk-refresh-on').check();
  await sidebar.locator('#bulk-refresh-days').fill('0');
  await sidebar.locator('#bulk-refresh-budget').fill('4');
  await sidebar.locator('#bulk-refresh-over').selectOption('sheet');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await figures(sidebar)).toMatchObject({ 'Estimated cost': '4 credits' });
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-message:has-text("Refresh done")').waitFor();
  expect(await sidebar.locator('#bulk-message').textContent()).toBe(
    'Refresh done: 0 changed, 4 the same, 0 now not found.',
  );
  expect(await spent()).toBe(9);
});
