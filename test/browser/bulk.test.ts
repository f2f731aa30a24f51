// A bulk run in a real browser, through the playground: a user fills a 300-row column of profile
// URLs (with blanks, typos, rows already filled and repeats), opens the sidebar, previews, runs, and
// watches the run stop once on the demo account's 402. Runs against dist/ with Debian's chromium.
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import {
  fakeAccount,
  openAddonSidebar,
  pasteInto,
  screenshotPath,
  typeInto,
  usePlayground,
  VIEWPORT,
} from './session';

/** pronet_profile_to_email, in the spec's operation table. */
const PRICE = 10;

jest.setTimeout(60_000);

// Every ten rows: a blank, a name where a URL belongs, a row already filled, a repeat.
type Kind = 'blank' | 'invalid' | 'filled' | 'duplicate' | 'lookup';
const kindOf = (i: number): Kind =>
  (({ 0: 'blank', 3: 'invalid', 5: 'filled', 8: 'duplicate' }) as Record<number, Kind>)[i % 10] ?? 'lookup';
const profileOf = (i: number): string => {
  const kind = kindOf(i);
  if (kind === 'blank') return '';
  if (kind === 'invalid') return `Ada Lovelace ${i}`;
  if (kind === 'duplicate') return profileOf(i - 2);
  return `https://www.pronet.com/in/person-${i}`;
};
const ROWS = 300;
const profiles = Array.from({ length: ROWS }, (_, i) => profileOf(i));
const count = (kind: Kind) => profiles.filter((_, i) => kindOf(i) === kind).length;
/** The fake API's email for each profile the run finds (the rows checked below). */
const EMAILS: Record<string, string> = {
  'https://www.pronet.com/in/person-1': 'person.tanaka@northforgegroup.com',
  'https://www.pronet.com/in/person-2': 'person.hopper@cloudstonelabs.com',
  'https://www.pronet.com/in/person-4': 'person.chen@silverworksanalytics.com',
  'https://www.pronet.com/in/person-6': 'person.lamarr@cloudwindanalytics.com',
  'https://www.pronet.com/in/person-7': 'person.borg@blueworkslabs.com',
  'https://www.pronet.com/in/person-9': 'person.wirth@greenwind.com',
  'https://www.pronet.com/in/person-11': 'person.okafor@ironpathlabs.com',
  'https://www.pronet.com/in/person-12': 'person.turing@bluepoint.com',
  'https://www.pronet.com/in/person-14': 'person.dijkstra@brightpathlabs.com',
  'https://www.pronet.com/in/person-16': 'person.martin@quantumworkspartners.com',
  'https://www.pronet.com/in/person-17': 'person.garcia@ironbridgegroup.com',
};
/** The demo account pays for this many lookups, then the API answers 402. */
const AFFORDED = DEMO_CREDITS / PRICE;

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

/** Types into a cell as the page's formula bar does (one request per cell). */
const type = (a1: string, input: string) => typeInto(playground, a1, input);

async function accountSpent(): Promise<number> {
  return (await fakeAccount(playground)).spent;
}

const openSidebar = () => openAddonSidebar(page);

/** The preview's figures by label. */
async function figures(sidebar: FrameLocator): Promise<Record<string, string>> {
  const rows = await sidebar.locator('.bulk-numbers .figure').allTextContents();
  const labels = await sidebar.locator('.bulk-numbers .figure > span').allTextContents();
  const values = await sidebar.locator('.bulk-numbers .figure > strong').allTextContents();
  expect(labels).toHaveLength(rows.length);
  return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
}

const cell = (a1: string) => page.textContent(`td[data-a1="${a1}"]`);

it('previews a 300-row column, runs it, and stops once on the 402 with the output column right (docs/screenshots/bulk-run.png)', async () => {
  // Pasted as one block, as a user fills 300 rows: blanks too (the playground starts with
  // examples in A2:A4), and an email already typed in the rows that have one.
  await pasteInto(playground, 'A1', [
    ['Profile', 'Email'],
    ...profiles.map((profile, i) => [profile, kindOf(i) === 'filled' ? 'typed@example.com' : '']),
  ]);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  // The bulk panel sits below the key panel: fold that one away, as a user would.
  await sidebar.locator('#key-panel > summary').click();

  await sidebar.locator('#bulk-op').selectOption('pronet_profile_to_email');
  expect(await sidebar.locator('#bulk-input').inputValue()).toBe('1'); // "A: Profile", guessed from the header
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  const distinct = count('lookup');
  expect(await figures(sidebar)).toEqual({
    Rows: String(ROWS),
    'Already filled (skipped)': String(count('filled')),
    'Duplicates (looked up once)': String(count('duplicate')),
    'Saved results (free)': '0',
    'Invalid input (not sent)': String(count('invalid')),
    Blank: String(count('blank')),
    'New lookups': String(distinct),
    'Estimated cost': `${(distinct * PRICE).toLocaleString('en-US')} credits`,
  });
  expect(await sidebar.locator('.bulk-invalid summary').textContent()).toBe(
    `Invalid rows (${count('invalid')})`,
  );
  expect(await accountSpent()).toBe(0);

  // Above the confirmation threshold: the run asks first, with the price.
  await sidebar.locator('#bulk-run').click();
  const confirmRun = sidebar.locator('#bulk-confirm-run');
  await confirmRun.waitFor();
  expect(await confirmRun.textContent()).toBe(
    `Run and spend about ${(distinct * PRICE).toLocaleString('en-US')} credits`,
  );
  // No per-run cap is set: the question says only what the balance, which the add-on cannot see, may do.
  expect(await sidebar.locator('#bulk-confirm-text').textContent()).toBe(
    `This run will spend about ${(distinct * PRICE).toLocaleString('en-US')} credits for ${distinct} new lookups. ` +
      "If your account's balance runs out first, the run stops there (the add-on cannot see your balance), and Resume goes on once you add credits. Run it?",
  );
  await confirmRun.click();

  await sidebar.locator('#bulk-progress-title:has-text("Stopped")').waitFor();
  const message = (await sidebar.locator('#bulk-message').textContent()) ?? '';
  expect(message).toMatch(/^Not enough credits \(HTTP 402\)\. .* Top up the account, then Resume\.$/);
  // One message for the run: nowhere else in the sidebar, and not in a single status cell.
  expect(await sidebar.locator('text=/HTTP 402/').count()).toBe(1);
  expect(await sidebar.locator('#bulk-resume').textContent()).toBe('Resume');
  expect(await accountSpent()).toBe(AFFORDED * PRICE);

  // The row of the first lookup the account could not pay for: nothing from it on was written.
  const lookups = profiles.flatMap((_, i) => (kindOf(i) === 'lookup' ? [i] : []));
  const stopRow = lookups[AFFORDED]! + 2;
  expect(message).toContain(`stopped at row ${stopRow}`);
  expect(await sidebar.locator('#bulk-progress-text').textContent()).toMatch(
    new RegExp(`^${stopRow - 2} of ${ROWS} rows done`),
  );
  await sidebar.locator('#bulk-counts').waitFor();
  expect(await sidebar.locator('#bulk-counts').textContent()).toContain(
    `${(AFFORDED * PRICE).toLocaleString('en-US')} credits spent`,
  );
  // Spending follows the run by itself: what the API charged, with no Refresh.
  await sidebar
    .locator(`#ledger-bulk:has-text("${(AFFORDED * PRICE).toLocaleString('en-US')} credits")`)
    .waitFor({ state: 'attached' });

  // The rows the page shows: results, statuses, the filled row kept, the invalid one explained.
  await page.waitForFunction(() => document.querySelector('td[data-a1="C1"]')?.textContent !== '');
  expect(await cell('C1')).toBe('Status (Email from profile)');
  for (let i = 0; i < 19; i++) {
    const [output, status] = [await cell(`B${i + 2}`), await cell(`C${i + 2}`)];
    const kind = kindOf(i);
    if (kind === 'blank') expect([i, output, status]).toEqual([i, '', '']);
    else if (kind === 'filled') expect([i, output, status]).toEqual([i, 'typed@example.com', '']);
    else if (kind === 'invalid')
      expect([i, output, status?.startsWith('Invalid input: ')]).toEqual([i, '', true]);
    else expect([i, output, status]).toEqual([i, EMAILS[profiles[i]!], 'Found']);
  }

  // Closing and reopening the sidebar offers to resume the unfinished run, with its message.
  await page.click('#sidebar-close');
  const reopened = await openSidebar();
  await reopened.locator('#bulk-progress-title:has-text("Stopped")').waitFor();
  expect(await reopened.locator('#bulk-message').textContent()).toBe(message);
  expect(await reopened.locator('#bulk-resume').textContent()).toBe('Resume');
  expect(await reopened.locator('#bulk-op').inputValue()).toBe('pronet_profile_to_email');
  await reopened.locator('#key-panel > summary').click();
  await reopened.locator('#bulk-panel').scrollIntoViewIfNeeded();
  const image = await page.screenshot({ path: screenshotPath('bulk-run.png') });
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  expect((await page.locator('#sidebar-panel').boundingBox())?.width).toBe(300);
});

it('looks up emails from name and company columns guessed from the headers, to the end', async () => {
  const people = [
    ['Lovelace, Ada', 'Analytical Engines'],
    ['Grace Hopper', 'Navy'],
    ['', ''],
    ['Alan Turing', 'Bletchley Park'],
  ];
  for (const [a1, text] of [
    ['A1', 'Name'],
    ['B1', 'Company'],
    ['C1', 'Email'],
  ] as const)
    await type(a1, text);
  for (const [i, [name, company]] of people.entries()) {
    await type(`A${i + 2}`, name!);
    await type(`B${i + 2}`, company!);
  }
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  await sidebar.locator('#bulk-op').selectOption('lead_full_name_to_email');
  expect(await sidebar.locator('#bulk-input').inputValue()).toBe('1');
  expect(await sidebar.locator('#bulk-company').inputValue()).toBe('2');
  expect(await sidebar.locator('#bulk-location').inputValue()).toBe('');

  // 21 credits is under the confirmation threshold: Run starts at once.
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect(await sidebar.locator('#bulk-message').textContent()).toBe(
    'Done: every row has its result or its status.',
  );
  expect(await accountSpent()).toBe(3 * 7); // lead_full_name_to_email costs 7 in the spec
  await page.waitForFunction(() => document.querySelector('td[data-a1="C2"]')?.textContent !== '');
  // The fake API's emails for "Ada Lovelace Analytical Engines" and "Alan Turing Bletchley Park".
  expect(await cell('C2')).toBe('ada.lovelace@analyticalengines.com');
  expect(await cell('C5')).toBe('alan.turing@bletchleypark.com');
  expect(await cell('D2')).toBe('Found');
});

it('defaults each column to the header that names it, never to column A whose header names something else', async () => {
  for (const [a1, text] of [
    ['A1', 'Timestamp'],
    ['B1', 'Full name'],
    ['C1', 'Company'],
    ['D1', 'Company email'],
    ['E1', 'Profile URL'],
    ['F1', 'Post URL'],
    ['A2', '2025-01-06 09:00'],
    ['B2', 'Ada Lovelace'],
    ['C2', 'Analytical Engines'],
  ] as const)
    await type(a1, text);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  const chosen = async (id: string) => sidebar.locator(`#${id} option:checked`).textContent();

  // The sheet is read while another lookup is chosen; the name lookups are chosen afterwards.
  for (const type of ['lead_full_name_to_email', 'lead_full_name_to_pronet_url']) {
    await sidebar.locator('#bulk-op').selectOption(type);
    expect(await chosen('bulk-input')).toBe('B: Full name');
    expect(await chosen('bulk-company')).toBe('C: Company');
    expect(await chosen('bulk-location')).toBe('(none)');
  }
  // Each other input takes the header that names it, or no column: a profile or a post is not a
  // company's page, a company's email not its name.
  for (const [type, column] of [
    ['pronet_profile_to_email', 'E: Profile URL'],
    ['pronet_post_to_reactions', 'F: Post URL'],
    ['company_name_to_website', 'C: Company'],
    ['pronet_company_to_pronet_info', '(choose a column)'],
  ]) {
    await sidebar.locator('#bulk-op').selectOption(type!);
    expect([type, await chosen('bulk-input')]).toEqual([type, column]);
  }
  // A recipe's slots, and so the watch made from this setup, take the same columns.
  await sidebar.locator('#bulk-recipe').selectOption('email-from-name');
  expect(await chosen('bulk-slot-fullName')).toBe('B: Full name');
  expect(await chosen('bulk-slot-company')).toBe('C: Company');
  await sidebar.locator('#bulk-recipe').selectOption('company-profile-from-name');
  expect(await chosen('bulk-slot-companyName')).toBe('C: Company');
  await sidebar.locator('#bulk-recipe').selectOption('');

  // Without a header that names the company, nothing is chosen for it, and nothing is bought.
  await type('C1', 'Notes');
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const again = await openSidebar();
  await again.locator('#bulk-op').selectOption('lead_full_name_to_email');
  expect(await again.locator('#bulk-company option:checked').textContent()).toBe('(choose a column)');
  await again.locator('#bulk-preview').click();
  await again.locator('#bulk-message:has-text("Choose")').waitFor();
  expect(await again.locator('#bulk-message').textContent()).toBe('Choose the Company column.');
  expect(await accountSpent()).toBe(0);
});
