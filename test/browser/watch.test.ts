// A watch in a real browser, through the playground: the user sets up a lookup in the Bulk run
// panel on the sheet a lead form fills, turns "Enrich new rows automatically" on with a daily cap,
// and each form response the page simulates is filled in once time moves on, by the watch's
// Form-submit trigger in the emulator. Credits are the fake API's ledger; company_name_to_website
// costs 1 credit in the spec, and the fake API puts "Globex Corporation" on globex.com.
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { fakeAccount, openAddonSidebar, screenshotPath, usePlayground, VIEWPORT } from './session';

jest.setTimeout(60_000);

const FORM_SHEET = 'Form Responses 1';
const STATUS = 'Status (Website from company name)';

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const shown = (a1: string) => page.textContent(`td[data-a1="${a1}"]`);
const row = async (n: number) => Promise.all(['B', 'C', 'D', 'E'].map((column) => shown(`${column}${n}`)));
const spent = async () => (await fakeAccount(playground)).spent;

async function simulateResponse(expectedRow: number): Promise<void> {
  await page.click('#simulate-form');
  await page.waitForSelector(`td[data-a1="C${expectedRow}"]:not(:empty)`);
  // The page says so once it has shown the response's sheet, a moment after drawing the row.
  const said = `A form response arrived in row ${expectedRow}: a watch on this sheet fills it when time moves on.`;
  await page.waitForFunction((text) => document.getElementById('status')?.textContent === text, said);
  expect(await page.textContent('#status')).toBe(said);
}

it('fills each simulated form response once time moves on, within its daily cap (docs/screenshots/watch.png)', async () => {
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click(`#tabs [data-sheet="${FORM_SHEET}"]`);
  await page.waitForSelector(`#tabs [data-sheet="${FORM_SHEET}"][aria-selected="true"]`);
  expect(await row(1)).toEqual(['Name', 'Company', '', '']);

  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  expect(await sidebar.locator('#bulk-input').inputValue()).toBe('3'); // "C: Company", from the header
  // No watch yet: how often the check may run is not known before its trigger is made.
  expect(await sidebar.locator('#watch-cap-hint').textContent()).toContain('checked at least once an hour');
  await sidebar.locator('#watch-cap').fill('5');
  await sidebar.locator('#watch-create').click();
  // Said before it is on: where its results and status go, what it skips, what the rows there cost.
  const preview = sidebar.locator('#watch-preview');
  await preview.locator('#watch-confirm').waitFor();
  expect(await preview.textContent()).toContain(
    'Results go to column D (Website, new); row status to column E (new).',
  );
  expect(await preview.locator('.bulk-cost strong').textContent()).toBe('0 credits');
  expect(await shown('D1')).toBe('');
  await sidebar.locator('#watch-confirm').click();
  await sidebar.locator('#watch-offer-message:has-text("Watching")').waitFor();
  expect(await sidebar.locator('#watch-preview').count()).toBe(0);
  // Then one schedule for rows other tools write, as the Watches panel says it: the playground runs
  // the add-on as a script bound to its spreadsheet, whose clock trigger may run every minute.
  await sidebar.locator('#watch-cap-hint:has-text("checked every minute")').waitFor();
  expect(await sidebar.locator('#watch-offer-message').textContent()).toBe(
    // Where it writes, said first: the columns it makes, beside the form's.
    `Watching: new rows of "${FORM_SHEET}" are enriched as they arrive, up to 5 credits a day: Company (C) -> Website (D), ${STATUS} (E). Rows whose result is already filled are skipped. See Watches below.`,
  );
  // The watch's columns, made as a run's would be.
  await page.waitForFunction(() => document.querySelector('td[data-a1="D1"]')?.textContent === 'Website');
  expect(await shown('E1')).toBe(STATUS);

  await simulateResponse(2);
  await simulateResponse(3);
  expect(await row(2)).toEqual(['Grace Hopper', 'Globex Corporation', '', '']);
  expect(await row(3)).toEqual(['Alan Turing', 'Initech', '', '']);
  expect(await spent()).toBe(0);

  await page.click('#advance-1');
  await page.waitForFunction(() => document.querySelector('td[data-a1="D3"]')?.textContent !== '');
  expect(await row(2)).toEqual(['Grace Hopper', 'Globex Corporation', 'globex.com', 'Found']);
  expect(await row(3)).toEqual(['Alan Turing', 'Initech', 'initech.com', 'Found']);
  expect(await spent()).toBe(2);

  // A third response, then time again: filled, one more credit, and nothing bought twice.
  await simulateResponse(4);
  await page.click('#advance-1');
  await page.waitForFunction(() => document.querySelector('td[data-a1="D4"]')?.textContent !== '');
  expect(await row(4)).toEqual(['Katherine Johnson', 'Umbrella Corp', 'umbrella.com', 'Found']);
  expect(await spent()).toBe(3);

  // The Watches panel, opened again, counts what the watch did.
  await page.click('#sidebar-close');
  const reopened = await openAddonSidebar(page);
  await reopened.locator('#key-panel > summary').click();
  await reopened.locator('#watches-panel > summary').click();
  const item = reopened.locator('#watches-list li.watch');
  await item.waitFor();
  expect(await item.locator('.job-label').textContent()).toBe(`Website from company name on "${FORM_SHEET}"`);
  expect(await item.locator('.job-meta').nth(1).textContent()).toMatch(
    /^Today 3 credits of 5 credits · 3 rows done · Last run Jan 6, 04:0\d$/,
  );
  expect(await reopened.locator('#watches-drivers').textContent()).toContain(
    'every minute for rows other tools write',
  );
  await reopened.locator('#watches-panel').scrollIntoViewIfNeeded();
  const image = await page.screenshot({ path: screenshotPath('watch.png') });
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
});

/**
 * On a clock the test moves: the form's sheet watched for its website, within a daily cap of `cap`
 * credits, with the Watches panel open.
 */
async function watchFormSheet(cap: string): Promise<FrameLocator> {
  await page.clock.install();
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click(`#tabs [data-sheet="${FORM_SHEET}"]`);
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#watch-cap').fill(cap);
  await sidebar.locator('#watch-create').click();
  await sidebar.locator('#watch-confirm').click();
  await sidebar.locator('#watch-offer-message:has-text("Watching")').waitFor();
  await sidebar.locator('#watches-panel > summary').click();
  return sidebar;
}

it('keeps the open Watches and Spending panels true: what a run spent, and whether the watch is on', async () => {
  const sidebar = await watchFormSheet('5');
  const item = sidebar.locator('#watches-list li.watch');
  const meta = item.locator('.job-meta').nth(1);
  await meta.waitFor();
  expect(await meta.textContent()).toBe('Today 0 credits of 5 credits · 0 rows done · Not run yet');
  expect(await sidebar.locator('#watches-note').textContent()).toBe('1 on');
  expect(await sidebar.locator('#ledger-note').textContent()).toBe('0 credits today');

  // The watch runs from its trigger while the sidebar stays open: the panel follows within a minute.
  await simulateResponse(2);
  await page.click('#advance-1');
  await page.waitForFunction(() => document.querySelector('td[data-a1="D2"]')?.textContent !== '');
  expect(await spent()).toBe(1);
  await page.clock.fastForward(60_000);
  await sidebar.locator('#watches-list .job-meta:has-text("Today 1 credit of 5 credits")').waitFor();
  expect(await meta.textContent()).toMatch(
    /^Today 1 credit of 5 credits · 1 row done · Last run Jan 6, \d\d:\d\d$/,
  );
  // Spending says what the API charged.
  expect(await sidebar.locator('#ledger-note').textContent()).toBe('1 credit today');

  await item.locator('.watch-toggle').click();
  await sidebar.locator('#watches-message:has-text("is off")').waitFor();
  expect(await sidebar.locator('#watches-note').textContent()).toBe('1 off');
});

it('says the watch is paused, not on, once its daily cap stops it', async () => {
  const sidebar = await watchFormSheet('1');
  await sidebar.locator('#watches-list li.watch').waitFor();
  expect(await sidebar.locator('#watches-note').textContent()).toBe('1 on');

  // Two responses at 1 credit each: the cap of 1 credit buys the first and pauses the watch.
  await simulateResponse(2);
  await simulateResponse(3);
  await page.click('#advance-1');
  await page.waitForFunction(() => document.querySelector('td[data-a1="E3"]')?.textContent !== '');
  expect(await row(2)).toEqual(['Grace Hopper', 'Globex Corporation', 'globex.com', 'Found']);
  expect(await spent()).toBe(1);
  await page.clock.fastForward(60_000);
  await sidebar.locator('#watches-note:has-text("paused")').waitFor();
  expect(await sidebar.locator('#watches-note').textContent()).toBe('1 paused');
  expect(await sidebar.locator('#watches-list .job-message').textContent()).toBe(
    'Daily cap of 1 credit reached: the rows not done say so, and go on tomorrow (or raise the cap).',
  );
});

/** The ids given to more than one element of the sidebar, each once. */
async function repeatedIds(sidebar: FrameLocator): Promise<string[]> {
  const ids = await sidebar.locator('[id]').evaluateAll((nodes) => nodes.map((node) => node.id));
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

it('gives no two elements of the sidebar one id, with every panel open and both previews shown', async () => {
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click(`#tabs [data-sheet="${FORM_SHEET}"]`);
  const sidebar = await openAddonSidebar(page);
  // Every panel open, the nested ones too (one opened may show more).
  const closed = sidebar.locator('details:not([open]) > summary:visible');
  for (let opened = 0; (await closed.count()) > 0 && opened < 30; opened++) await closed.first().click();
  expect(await closed.count()).toBe(0);

  // One lookup: its scheduled refresh's preview, the run's, and the watch's beside them.
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-refresh-budget').fill('3');
  await sidebar.locator('#bulk-refresh-schedule').click();
  await sidebar.locator('#bulk-refresh-preview #bulk-refresh-confirm').waitFor();
  await bothPreviews(sidebar, '.bulk-cost');
  expect(await sidebar.locator('#bulk-refresh-preview').count()).toBe(1);
  expect(await sidebar.locator('.bulk-cost strong').allTextContents()).toEqual(['0 credits', '0 credits']);
  expect(await repeatedIds(sidebar)).toEqual([]);

  // A recipe: both previews again, step by step.
  await sidebar.locator('#bulk-recipe').selectOption('email-from-name');
  await bothPreviews(sidebar, '.bulk-recipe-table');
  expect(await sidebar.locator('.bulk-recipe-table').count()).toBe(2);
  expect(await repeatedIds(sidebar)).toEqual([]);
});

/**
 * The bulk run's preview, then the watch's: the cap is the watch's, not the run's setup, so typing
 * it leaves the run's preview where it is (and the button under the pointer).
 */
async function bothPreviews(sidebar: FrameLocator, shown: string): Promise<void> {
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator(`#bulk-summary ${shown}`).waitFor();
  await sidebar.locator('#watch-cap').fill('5');
  await sidebar.locator('#watch-create').click();
  await sidebar.locator(`#watch-preview ${shown}`).waitFor();
}

it("words a refusal the server sends as a code: a cap above a watch's most", async () => {
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click(`#tabs [data-sheet="${FORM_SHEET}"]`);
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#watch-cap').fill('100001');
  await sidebar.locator('#watch-create').click();
  await sidebar.locator('#watch-confirm').click();
  const message = sidebar.locator('#watch-offer-message');
  await sidebar.locator('#watch-offer-message:not(:empty)').waitFor();
  expect(await message.textContent()).toBe("A watch's daily cap is at most 100000 credits.");
  expect(await sidebar.locator('#watches-note').textContent()).not.toContain('on');
  expect(await spent()).toBe(0);
});
