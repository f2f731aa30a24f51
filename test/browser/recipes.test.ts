// A recipe in a real browser: a user with names and companies opens the sidebar, picks "Email
// from name", previews its cost as a range, runs it, and gets emails, with the fallback steps
// used only where the first one found nothing (docs/screenshots/recipe.png).
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { fakeAccount, openAddonSidebar, screenshotPath, typeInto, usePlayground } from './session';

jest.setTimeout(60_000);

/** The fake API finds every name but those with "nobody" in them (charged as a miss). */
const PEOPLE = [
  ['Ada Lovelace', 'Analytical Engines'],
  ['Grace Hopper', 'Navy Labs'],
  ['Alan Turing', 'Bletchley'],
  ['Nobody Special', 'Acme Corporation'],
  ['Katherine Johnson', 'Langley'],
];
/** The spec's prices: email from name 7, profile URL from name 1, email from profile 10. */
const EXPECTED_SPENT = PEOPLE.length * 7 + 1;

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const type = (a1: string, input: string) => typeInto(playground, a1, input);

const openSidebar = () => openAddonSidebar(page);

it('runs "Email from name" from the sidebar, the fallback only for the name not found (docs/screenshots/recipe.png)', async () => {
  await type('A1', 'Full name');
  await type('B1', 'Company');
  for (const [i, [name, company]] of PEOPLE.entries()) {
    await type(`A${i + 2}`, name!);
    await type(`B${i + 2}`, company!);
  }
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  await sidebar.locator('#key-panel > summary').click();

  await sidebar.locator('#bulk-recipe').selectOption('email-from-name');
  expect(await sidebar.locator('#bulk-recipe-steps li').allTextContents()).toEqual([
    'Email from name (7 credits)',
    'If not found: Profile URL from name (1 credit)',
    'If not found: Email from profile (10 credits)',
  ]);
  expect(await sidebar.locator('#bulk-slot-fullName').inputValue()).toBe('1');
  expect(await sidebar.locator('#bulk-slot-company').inputValue()).toBe('2');
  await sidebar.locator('#bulk-preview').click();
  const total = sidebar.locator('#bulk-recipe-total');
  await total.waitFor();
  // Least: every email found (5 x 7); most: every fallback runs too (5 x 1 and 5 x 10 more).
  expect(await total.textContent()).toBe(
    '5 rows. Between 35 and 90 credits: the least if every first step finds, the most if every fallback runs.',
  );
  // Each step says where it writes: the fallback's email goes where the first step's does.
  expect(await sidebar.locator('.bulk-recipe-detail').allTextContents()).toEqual([
    'repeats 0 · invalid 0Results go to column C (Email, new); row status to column D (new).',
    'repeats 0 · invalid 0Results go to column E (Pronet URL, new); row status to column F (new).',
    'repeats 0 · invalid 0Results go to column C (Email); row status to column G (new).',
  ]);

  await sidebar.locator('#bulk-run').click();
  const confirm = sidebar.locator('#bulk-confirm-run');
  await confirm.waitFor();
  expect(await confirm.textContent()).toBe('Run, up to 90 credits');
  await confirm.click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect(await sidebar.locator('#bulk-progress-title').textContent()).toBe(
    'Done: Email from name, step 3 of 3: Email from profile on Sheet1',
  );
  await page.waitForSelector('td[data-a1="C2"]:has-text("@")');
  expect(await page.textContent('td[data-a1="C2"]')).toBe('ada.lovelace@analyticalengines.com');
  expect((await fakeAccount(playground)).spent).toBe(EXPECTED_SPENT);
  await page.screenshot({ path: screenshotPath('recipe.png') });
});

it('builds a recipe of its own in the sidebar, saves it with the spreadsheet, and previews it', async () => {
  await type('A1', 'Full name');
  await type('B1', 'Company');
  await type('A2', 'Ada Lovelace');
  await type('B2', 'Analytical Engines');
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  await sidebar.locator('#key-panel > summary').click();

  await sidebar.locator('#bulk-recipe').selectOption('__new');
  await sidebar.locator('#recipe-name').fill('Profile, then its email');
  const steps = sidebar.locator('#recipe-steps li');
  await steps.nth(0).locator('.recipe-step-type').selectOption('lead_full_name_to_pronet_url');
  await steps.nth(1).locator('.recipe-step-type').selectOption('pronet_profile_to_email');
  await steps.nth(1).locator('.recipe-step-from').selectOption('0');
  await sidebar.locator('#recipe-save').click();

  await sidebar.locator('#bulk-message:has-text("Saved")').waitFor();
  expect(await sidebar.locator('#bulk-recipe option:checked').textContent()).toBe(
    'Profile, then its email (yours)',
  );
  expect(await sidebar.locator('#bulk-recipe-steps li').allTextContents()).toEqual([
    'Profile URL from name (1 credit)',
    'Email from profile (10 credits)',
  ]);
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-recipe-total').waitFor();
  expect(await sidebar.locator('#bulk-recipe-total').textContent()).toBe(
    // Ada, and the playground's example "Acme Corporation" read as a name; its page URL is not one.
    '3 rows. Between 2 and 22 credits: the least if every first step finds, the most if every fallback runs.',
  );
});

it('says one cost when the least and the most are equal, asks for it, and clears the Done box for the next recipe', async () => {
  // "Contact from profile URL" has no fallback: every row runs both steps, whatever they find.
  await type('A1', 'Profile');
  await type('A2', 'https://www.pronet.com/in/ada-lovelace');
  await type('A3', 'https://www.pronet.com/in/grace-hopper');
  await type('A4', ''); // the playground's example company page: not a profile
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  await sidebar.locator('#key-panel > summary').click();

  await sidebar.locator('#bulk-recipe').selectOption('contact-from-profile');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-recipe-total').waitFor();
  // Two profiles, each an email (10) and a phone (50), in the spec's table.
  expect(await sidebar.locator('#bulk-recipe-total').textContent()).toBe(
    '2 rows. 120 credits, whatever the steps find.',
  );
  await sidebar.locator('#bulk-run').click();
  await sidebar.locator('#bulk-confirm-run').waitFor();
  expect(await sidebar.locator('#bulk-confirm-text').textContent()).toBe(
    'This recipe will spend 120 credits. Run it?',
  );
  expect(await sidebar.locator('#bulk-confirm-run').textContent()).toBe('Run and spend 120 credits');
  await sidebar.locator('#bulk-confirm-run').click();
  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect((await fakeAccount(playground)).spent).toBe(120);

  // Setting up the next run: the last one's Done box and message go.
  await sidebar.locator('#bulk-recipe').selectOption('email-from-name');
  await sidebar.locator('#bulk-progress-box').waitFor({ state: 'hidden' });
  expect(await sidebar.locator('#bulk-message').textContent()).toBe('');
});

it('refuses to save a recipe whose steps cannot run, with the reason, before asking the server', async () => {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rpc') && request.postData()?.includes('"saveRecipe"'))
      saves.push('saveRecipe');
  });
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openSidebar();
  await sidebar.locator('#key-panel > summary').click();

  await sidebar.locator('#bulk-recipe').selectOption('__new');
  await sidebar.locator('#recipe-name').fill('Profile twice');
  const steps = sidebar.locator('#recipe-steps li');
  await steps.nth(0).locator('.recipe-step-type').selectOption('lead_full_name_to_pronet_url');
  await steps.nth(1).locator('.recipe-step-type').selectOption('lead_full_name_to_pronet_url');
  // A longer recipe: the builder's Save is far below the top of the panel.
  for (let i = 0; i < 3; i++) await sidebar.locator('#recipe-add-step').click();
  await steps.nth(2).locator('.recipe-step-type').selectOption('lead_full_name_to_email');
  await steps.nth(3).locator('.recipe-step-type').selectOption('company_name_to_website');
  await steps.nth(4).locator('.recipe-step-type').selectOption('company_name_to_phone');
  await sidebar.locator('#recipe-save').click();

  // The reason shows under Save, where the user is looking, scrolled into view.
  const error = sidebar.locator('#recipe-builder-message');
  await sidebar.locator('#recipe-builder-message.error').waitFor();
  expect(await error.textContent()).toBe(
    'Step 2 repeats step 1: "Profile URL from name" of the same input finds nothing new. Choose another lookup, or have it read something else.',
  );
  const inView = () =>
    error.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    });
  expect(await inView()).toBe(true);
  expect(await sidebar.locator('#bulk-message').textContent()).toBe('');
  // Reading what step 1 found only where it found nothing: it would never run.
  await steps.nth(1).locator('.recipe-step-type').selectOption('pronet_profile_to_email');
  await steps.nth(1).locator('.recipe-step-from').selectOption('0');
  await steps.nth(1).locator('.recipe-step-fallback').selectOption('0');
  await sidebar.locator('body').evaluate(() => window.scrollTo(0, 0)); // the user scrolled back up
  await sidebar.locator('#recipe-save').click();
  await sidebar.locator('#recipe-builder-message:has-text("never run")').waitFor();
  expect(await error.textContent()).toBe(
    'Step 2 reads what step 1 finds, but runs only where step 1 found nothing: it would never run.',
  );
  expect(await inView()).toBe(true);
  expect(saves).toEqual([]);
  expect(await sidebar.locator('#bulk-recipe option', { hasText: '(yours)' }).count()).toBe(0);
});
