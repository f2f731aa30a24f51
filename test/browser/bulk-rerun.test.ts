// A bulk run's second time in a real browser, through the playground: a re-run after the user
// cleared the output column refills it from the saved results for nothing; headers typed while
// the sidebar is open show by name; a Resume with no credits left, and a Cancel, say what they
// did. What the fake API charged is the truth every figure is checked against.
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { fakeAccount, openAddonSidebar, typeInto, usePlayground } from './session';

jest.setTimeout(60_000);

/** company_name_to_website and pronet_profile_to_phone, in the spec's operation table. */
const WEBSITE_PRICE = 1;
const PHONE_PRICE = 50;
/** The fake API's websites: a name's words without legal ones ("Company"), joined, on .com. */
const COMPANIES = ['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5'];
const WEBSITES = ['1.com', '2.com', '3.com', '4.com', '5.com'];

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const type = (a1: string, input: string) => typeInto(playground, a1, input);
const spent = async () => (await fakeAccount(playground)).spent;

/** What the sheet shows in these cells, as the playground's server reports them. */
async function shown(cells: readonly string[]): Promise<string[]> {
  const response = await fetch(`${playground.url}/api/state`);
  const state = (await response.json()) as { cells: Record<string, { display: string }> };
  return cells.map((a1) => state.cells[a1]?.display ?? '');
}

async function openPage(): Promise<FrameLocator> {
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#key-panel > summary').click();
  return sidebar;
}

/** The preview's figures by label. */
async function figures(sidebar: FrameLocator): Promise<Record<string, string>> {
  const labels = await sidebar.locator('.bulk-numbers .figure > span').allTextContents();
  const values = await sidebar.locator('.bulk-numbers .figure > strong').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
}

it('refills an output column cleared since the last run from the saved results, at 0 credits', async () => {
  await type('A1', 'Company');
  await type('B1', 'Website');
  for (const [i, company] of COMPANIES.entries()) await type(`A${i + 2}`, company);
  const sidebar = await openPage();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-run').click(); // 5 credits: under the threshold, no question
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect(await spent()).toBe(COMPANIES.length * WEBSITE_PRICE);
  const outputs = COMPANIES.map((_, i) => `B${i + 2}`);
  expect(await shown(outputs)).toEqual(WEBSITES);

  // The user clears the results but one, and keeps the status column (C: "Found").
  for (const a1 of outputs.slice(1)) await type(a1, '');
  expect(await shown(['C2', 'C3', 'C4', 'C5', 'C6'])).toEqual(Array(5).fill('Found'));
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await figures(sidebar)).toMatchObject({
    Rows: '5',
    'Already filled (skipped)': '1',
    'Saved results (free)': '4',
    'New lookups': '0',
    'Estimated cost': '0 credits',
  });
  expect(await sidebar.locator('#bulk-saved').textContent()).toBe(
    '4 saved results, free: no new lookup for them.',
  );

  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-counts:has-text("Found 4")').waitFor();
  expect(await shown(outputs)).toEqual(WEBSITES);
  expect(await spent()).toBe(COMPANIES.length * WEBSITE_PRICE); // nothing bought again

  // Switching to a recipe to set up the next run: the Done box of this one goes.
  await sidebar.locator('#bulk-recipe').selectOption('contact-from-profile');
  await sidebar.locator('#bulk-progress-box').waitFor({ state: 'hidden' });
});

it('writes a run on another column of companies to columns of its own, and the preview says why', async () => {
  // Over the playground's examples: a header for the results, and one company.
  await type('A1', 'Company');
  await type('B1', 'Website');
  await type('A2', 'Company 1');
  for (const a1 of ['A3', 'A4']) await type(a1, '');
  await type('D1', 'Employer');
  await type('D2', 'Company 2');
  const sidebar = await openPage();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-input').selectOption('1');
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  // Its status column goes to the right of the data, past Employer.
  expect(await shown(['B1', 'E1', 'B2', 'E2'])).toEqual([
    'Website',
    'Status (Website from company name)',
    '1.com',
    'Found',
  ]);

  // The same lookup on column D: B and E hold column A's answers, so it gets columns of its own.
  await sidebar.locator('#bulk-input').selectOption('4');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  expect(await figures(sidebar)).toMatchObject({ 'Already filled (skipped)': '0', 'New lookups': '1' });
  expect(await sidebar.locator('.bulk-conflict').allTextContents()).toEqual([
    'Columns B (Website) and E (Status (Website from company name)) hold the answers of a bulk run on column A (Company): this run writes to new columns F (Website (Employer)) and G (Status (Website from company name, Employer)) instead.',
  ]);
  await sidebar.locator('#bulk-run').click();
  await page.waitForFunction(() => document.querySelector('td[data-a1="G2"]')?.textContent === 'Found');
  expect(await shown(['F1', 'G1', 'F2', 'G2', 'B2'])).toEqual([
    'Website (Employer)',
    'Status (Website from company name, Employer)',
    '2.com',
    'Found',
    '1.com',
  ]);
  expect(await spent()).toBe(2 * WEBSITE_PRICE);
});

it('lists a header typed while the sidebar is open by its name once the user is back in the sidebar', async () => {
  await type('C2', 'Acme Corporation'); // a column of data, no header yet
  const sidebar = await openPage();
  const options = () => sidebar.locator('#bulk-input option').allTextContents();
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  // The sheet's columns load while the page settles: wait for them, as for the header below.
  await sidebar.locator('#bulk-input option', { hasText: 'C: (no header)' }).waitFor({ state: 'attached' });
  expect(await options()).toContain('C: (no header)');

  // In the grid: a header over the column. Then back to the sidebar.
  await page.locator('#extensions-button').focus();
  await type('C1', 'Company');
  await sidebar.locator('#bulk-details .hint').first().click();

  await sidebar.locator('#bulk-input option', { hasText: 'C: Company' }).waitFor({ state: 'attached' });
  expect(await options()).not.toContain('C: (no header)');
});

it('says a Resume with no credits left stopped again at once, and a Cancel leaves no Resume to ask for', async () => {
  // 21 phones at 50 credits: the demo's 1,000 credits pay for 20, then the API answers 402.
  await type('A1', 'Profile');
  for (let i = 0; i < 21; i++) await type(`A${i + 2}`, `https://www.pronet.com/in/person-${i}`);
  const sidebar = await openPage();
  await sidebar.locator('#bulk-op').selectOption('pronet_profile_to_phone');
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-confirm-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Stopped")').waitFor();
  expect(await spent()).toBe(DEMO_CREDITS);
  const stop = (await sidebar.locator('#bulk-message').textContent()) ?? '';
  expect(stop).toBe(
    // One next step: the API's "then run again" is the run's Resume.
    'Not enough credits (HTTP 402). The run stopped at row 22; nothing from there on was sent. Top up the account, then Resume.',
  );

  await sidebar.locator('#bulk-resume').click();
  await sidebar.locator('#bulk-message:has-text("Resumed")').waitFor();
  expect(await sidebar.locator('#bulk-message').textContent()).toBe(
    `Resumed, and stopped again before any row was done. ${stop}`,
  );
  expect(await spent()).toBe(DEMO_CREDITS);

  await sidebar.locator('#bulk-cancel').click();
  await sidebar.locator('#bulk-progress-title:has-text("Cancelled")').waitFor();
  expect(await sidebar.locator('#bulk-message').textContent()).toBe(
    'Cancelled: the rows written keep their results; a new run skips them.',
  );
  expect(await sidebar.locator('#bulk-resume').isHidden()).toBe(true);
  expect(await sidebar.locator('text=/Resume once/').count()).toBe(0);
});

it('lets the demo spend past 100 credits on formulas: its daily formula budget is its 1,000 credits', async () => {
  // Three phones at 50 credits: 150, over the default budget of 100 that real users keep.
  const profiles = ['ada-lovelace', 'grace-hopper', 'alan-turing'];
  for (const [i, slug] of profiles.entries()) await type(`D${i + 2}`, `https://www.pronet.com/in/${slug}`);
  for (const i of profiles.keys()) await type(`E${i + 2}`, `=PRONET_PHONE(D${i + 2})`);

  const phones = await shown(['E2', 'E3', 'E4']);
  expect(phones.every((phone) => /^\+\d[\d ]+$/.test(phone))).toBe(true);
  expect(await spent()).toBe(profiles.length * PHONE_PRICE);
  const sidebar = await openPage();
  await sidebar.locator('#credit-settings-panel > summary').click();
  expect(await sidebar.locator('#setting-formulaDailyCap').inputValue()).toBe(String(DEMO_CREDITS));
});
