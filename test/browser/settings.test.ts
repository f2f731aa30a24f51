// The sidebar's settings in a real browser, through the playground: the API key, the credit
// settings, the Spending, Jobs and Saved results panels. What the fake API charged is the truth
// every number is checked against. Runs against dist/ with Debian's chromium.
import type { FrameLocator, Page } from 'playwright-core';
import { VirtualClock } from '../../tools/emulator/clock';
import { FakeApi } from '../../tools/fake-api/fake-api';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { cell, fakeAccount, screenshotPath, usePlayground, VIEWPORT } from './session';

/** The playground's demo account is the first its fake API opens: the same key as this one's. */
const DEMO_KEY = new FakeApi({ clock: new VirtualClock() }).createAccount();

jest.setTimeout(60_000);

/** Prices from the spec's operation table, and the names the sidebar gives the operations. */
const WEBSITE = { price: 1, label: 'Website from company name' }; // COMPANY_WEBSITE
const EMAIL = { price: 10, label: 'Email from profile' }; // PRONET_EMAIL
const PHONE = { price: 1 }; // COMPANY_PHONE
const PROFILE_INFO = { price: 10, label: 'Full profile' }; // PRONET_PROFILE
/** What a cell shows while its full profile is being looked up. */
// The demo key was saved through the sidebar, so the Edit trigger follows the user.
const PROCESSING = 'Processing… the result will appear here within a minute or two.';

/** As the sidebar writes an amount: "1 credit", "1,000 credits". */
const credits = (n: number) => `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;

const session = usePlayground();
let playground: RunningPlayground;
let page: Page;
let sidebar: FrameLocator;
/** The names of the sidebar's server calls, in the order sent. */
let rpcCalls: string[];
/** Each collectJobsFromSidebar call, as sent, with the delay its answer asked for. */
let collectorCalls: { nextCheckInMs?: number | null }[];

beforeEach(async () => {
  ({ playground, page } = session);
  rpcCalls = [];
  collectorCalls = [];
  const sent = new Map<object, { nextCheckInMs?: number | null }>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/rpc')) return;
    const name = (JSON.parse(request.postData() ?? '{}') as { name: string }).name;
    rpcCalls.push(name);
    if (name !== 'collectJobsFromSidebar') return;
    const call: { nextCheckInMs?: number | null } = {};
    sent.set(request, call);
    collectorCalls.push(call);
  });
  page.on('response', async (response) => {
    const call = sent.get(response.request());
    if (!call) return;
    const answered = (await response.json()) as { value: { nextCheckInMs: number | null } };
    call.nextCheckInMs = answered.value.nextCheckInMs;
  });
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  sidebar = page.frameLocator('#sidebar-frame');
});

async function enter(a1: string, text: string): Promise<void> {
  await page.click(cell(a1));
  await page.fill('#formula-input', text);
  await page.press('#formula-input', 'Enter');
  await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
}

async function shown(a1: string): Promise<string> {
  return (await page.textContent(cell(a1))) ?? '';
}

async function account(): Promise<{ balance: number; spent: number }> {
  return fakeAccount(playground);
}

async function openSidebar(): Promise<void> {
  await page.click('#extensions-button');
  await page.click('#addon-button');
  await page.click('#addon-menu button:has-text("Open sidebar")');
  await sidebar.locator('#key-status:has-text("Saved")').waitFor();
}

/** Opens a collapsible section of the sidebar by its heading, with the keyboard. */
async function openSection(id: string): Promise<void> {
  const details = sidebar.locator(`#${id}`);
  if ((await details.getAttribute('open')) !== null) return;
  const heading = sidebar.locator(`#${id} > summary`);
  await heading.focus();
  await heading.press('Enter');
  await sidebar.locator(`#${id}[open]`).waitFor();
}

async function closeSection(id: string): Promise<void> {
  const details = sidebar.locator(`#${id}`);
  if ((await details.getAttribute('open')) === null) return;
  await sidebar.locator(`#${id} > summary`).click();
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const text = async (selector: string) => ((await sidebar.locator(selector).textContent()) ?? '').trim();

describe('the API key', () => {
  it('links "account dashboard" to the dashboard a release build names', async () => {
    // The build setting reaches the sidebar in getSidebarState; stand in for a release build's.
    await page.route('**/rpc', async (route) => {
      if ((route.request().postDataJSON() as { name?: string }).name !== 'getSidebarState')
        return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { value: Record<string, unknown> };
      body.value.dashboardUrl = 'https://vendor.test/settings/api-key';
      return route.fulfill({ response, json: body });
    });
    await openSidebar();
    const link = sidebar.locator('a#dashboard-link');
    expect(await link.getAttribute('href')).toBe('https://vendor.test/settings/api-key');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.textContent()).toBe('account dashboard');
  });

  it('is removed, pasted, saved masked, and tested for the stated cost, which is what the account is charged', async () => {
    await openSidebar();
    const demo = `${DEMO_KEY.slice(0, 4)}…${DEMO_KEY.slice(-4)}`;
    // Remove asks first, saying what it stops; keeping it changes nothing.
    await sidebar.locator('#clear-key').click();
    await sidebar.locator('#key-remove').waitFor();
    expect((await text('#key-remove-text')).replace(/\s+/g, ' ')).toBe(
      'Remove the saved key? Formulas, bulk runs and watches send nothing until a key is saved again. Saved answers stay: the same key saved again finds them.',
    );
    expect(await text('#key-status')).toBe(
      `Saved: ${demo} (only you: editors' formulas buy nothing with it)`,
    );
    await sidebar.locator('#key-remove-keep').click();
    expect(await sidebar.locator('#key-remove').isHidden()).toBe(true);
    expect(await text('#key-status')).toBe(
      `Saved: ${demo} (only you: editors' formulas buy nothing with it)`,
    );
    expect(rpcCalls).not.toContain('clearApiKey');
    await sidebar.locator('#clear-key').click();
    await sidebar.locator('#key-remove-confirm').click();
    await sidebar.locator('#key-status:has-text("No API key saved yet.")').waitFor();
    expect(await text('#key-message')).toBe('Key removed.');
    expect(await sidebar.locator('#key-remove').isHidden()).toBe(true);
    expect(await sidebar.locator('#test-key').isDisabled()).toBe(true);
    // The offline build names no dashboard: the words say where to look, with no guessed link.
    expect(await sidebar.locator('#dashboard-link').evaluate((node) => node.tagName)).toBe('SPAN');

    // Sharing says plainly what it means before anything is saved.
    await sidebar.locator('input[name="scope"][value="document"]').check();
    expect(await text('#scope-warning')).toMatch(/spend your credits/);
    await sidebar.locator('input[name="scope"][value="user"]').check();
    expect(await sidebar.locator('#scope-warning').isHidden()).toBe(true);

    await sidebar.locator('#key-input').fill(DEMO_KEY);
    await sidebar.locator('#save-key').click();
    await sidebar.locator('#key-message:has-text("Key saved.")').waitFor();
    const masked = `${DEMO_KEY.slice(0, 4)}…${DEMO_KEY.slice(-4)}`;
    expect(await text('#key-status')).toBe(
      `Saved: ${masked} (only you: editors' formulas buy nothing with it)`,
    );
    expect(await sidebar.locator('#key-input').inputValue()).toBe('');
    expect(await sidebar.locator('body').textContent()).not.toContain(DEMO_KEY);

    const testCost = WEBSITE.price;
    expect(await text('#test-cost')).toBe(`Test makes one real lookup, which costs ${credits(testCost)}.`);
    expect(await account()).toMatchObject({ spent: 0 });
    await sidebar.locator('#test-key').click();
    await sidebar.locator('#key-message.ok:has-text("The key works")').waitFor();
    expect(await account()).toEqual(
      expect.objectContaining({ spent: testCost, balance: DEMO_CREDITS - testCost }),
    );
    // The spending panel counts it too, on a line of its own, so it matches the account.
    await openSection('spending-panel');
    await sidebar.locator(`#ledger-key-tests:has-text("${credits(testCost)}")`).waitFor();
    expect(await text('#ledger-month')).toBe(credits(testCost));
    expect(await text('#ledger-formulas')).toBe(credits(0));
  });

  it('tests a new key before it replaces the saved one, keeps the saved one when the API refuses it, and never offers to save a refused key untested', async () => {
    const wrongKey = 'fk_test_not_a_real_account_0000';
    const demo = `${DEMO_KEY.slice(0, 4)}…${DEMO_KEY.slice(-4)}`;
    await openSidebar();
    expect(await text('#replace-cost')).toBe(
      'Replace tests the new key first with one real lookup, which costs 1 credit on its account; the saved key stays if the test fails.',
    );
    expect(await sidebar.locator('#key-untested').isHidden()).toBe(true);

    await sidebar.locator('#key-input').fill(wrongKey);
    await sidebar.locator('#save-key').click();
    await sidebar.locator('#key-message.error').waitFor();
    expect(await text('#key-message')).toBe(
      `The new key was not saved: the API refused it (HTTP 401). The saved key ${demo} stays.`,
    );
    expect(await text('#key-status')).toBe(
      `Saved: ${demo} (only you: editors' formulas buy nothing with it)`,
    );
    // The API said the key is wrong: no "Save it untested" is offered.
    expect(await sidebar.locator('#key-untested').isHidden()).toBe(true);
    expect(await account()).toMatchObject({ spent: 0 }); // a refused key is charged nothing
    const everything = (await sidebar.locator('body').textContent()) ?? '';
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain(DEMO_KEY);
  });
});

describe('the credit settings', () => {
  it('refuses a bad value with the server message, then a formula over the new daily cap', async () => {
    await openSidebar();
    await closeSection('key-panel');
    await openSection('credit-settings-panel');
    const cap = sidebar.locator('#setting-formulaDailyCap');
    // The playground's demo may spend its 1,000 credits on formulas in a day (real users: 100).
    expect(await cap.inputValue()).toBe(String(DEMO_CREDITS));
    expect(await sidebar.locator('#setting-confirmAbove').inputValue()).toBe('25');
    // Each field says its unit once.
    expect(await sidebar.locator('#credit-settings-panel label').allTextContents()).toEqual([
      'Daily formula budget (credits a day)',
      'Confirm runs above (credits)',
      'Per-run cap (credits)',
      "Most requests a second (your plan's figure)",
    ]);
    // The pace learned so far, under its ceiling: a new account starts at the documented 1 a second.
    await sidebar.locator('#settings-pace:has-text("API pace now")').waitFor();
    expect(await text('#settings-pace')).toMatch(
      /^API pace now: 1\.0 a second, (as the API's documentation asks, until its answers show more|learned [^(]+) \(at most 50, your plan's figure, as Most requests a second says\)\. Refused as too fast today: 0\.$/,
    );

    await cap.fill('-5');
    await sidebar.locator('#settings-save').click();
    await sidebar.locator('#settings-message.error').waitFor();
    expect(await text('#settings-message')).toBe(
      'Daily formula budget (credits a day) must be a number from 0 to 1000000.',
    );
    expect(await cap.getAttribute('aria-invalid')).toBe('true');

    await cap.fill('5');
    await sidebar.locator('#setting-confirmAbove').fill('40');
    await sidebar.locator('#setting-runHardCap').fill('300');
    await sidebar.locator('#setting-runHardCap').press('Enter'); // the form submits from the keyboard
    await sidebar.locator('#settings-message:has-text("Settings saved.")').waitFor();
    expect(await cap.getAttribute('aria-invalid')).toBeNull();

    // A profile email costs 10, over the new cap of 5: the message names both.
    await enter('B2', '=PRONET_EMAIL(A2)');
    expect(await shown('B2')).toBe('#ERROR!');
    expect(await page.getAttribute(cell('B2'), 'title')).toContain(
      'Daily formula budget of 5 credits: 5 credits left today, and this lookup costs 10 credits',
    );
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    expect(await shown('B3')).toBe('acme.com');
    expect(await account()).toMatchObject({ spent: WEBSITE.price });

    // Reopened, the sidebar shows what was saved.
    await page.click('#sidebar-close');
    await openSidebar();
    await openSection('credit-settings-panel');
    await sidebar.locator('#settings-note:has-text("5/day for formulas")').waitFor();
    expect(await sidebar.locator('#setting-formulaDailyCap').inputValue()).toBe('5');
    expect(await sidebar.locator('#setting-confirmAbove').inputValue()).toBe('40');
    expect(await sidebar.locator('#setting-runHardCap').inputValue()).toBe('300');
  });

  it('lists the price of every operation, grouped', async () => {
    await openSidebar();
    await openSection('credit-settings-panel');
    await sidebar.locator('#prices > summary').click();
    const captions = await sidebar.locator('#prices caption').allTextContents();
    expect(captions).toEqual(['People', 'Companies', 'Social']);
    const row = sidebar.locator('#prices tr', { hasText: EMAIL.label });
    expect(await row.locator('td').textContent()).toBe('10 credits');
  });
});

describe('the Spending and Saved results panels', () => {
  it('show what formulas spent and what is saved; clearing says what re-running costs, and it does', async () => {
    const total = EMAIL.price + WEBSITE.price;
    await enter('B2', '=PRONET_EMAIL(A2)');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await openSidebar();
    await openSection('spending-panel');
    await sidebar.locator(`#ledger-today:has-text("${credits(total)}")`).waitFor();
    expect(await text('#ledger-note')).toBe(`${credits(total)} today`);
    expect(await text('#ledger-month')).toBe(credits(total));
    expect(await text('#ledger-formulas')).toBe(credits(total));
    expect(await text('#ledger-bulk')).toBe(credits(0));
    expect(await sidebar.locator('#ledger-key-tests').count()).toBe(0); // shown only once there are some
    expect(await text('#ledger-cap-left')).toBe(`${DEMO_CREDITS - total} of ${credits(DEMO_CREDITS)}`);
    expect(await sidebar.locator('#ledger-operations tr').allTextContents()).toEqual([
      `${EMAIL.label}${credits(EMAIL.price)}`,
      `${WEBSITE.label}${credits(WEBSITE.price)}`,
    ]);

    await openSection('cache-panel');
    await sidebar.locator('#cache-entries:has-text("2")').waitFor();
    expect(await text('#cache-rebuy')).toBe(credits(total));
    // In the spreadsheet's time zone (America/New_York), as receipts and the report: 04:00 there.
    expect(await text('#cache-oldest')).toMatch(/^2025-01-06 04:0\d$/);

    await sidebar.locator('#cache-clear').click();
    expect(await text('#cache-confirm-text')).toBe(
      `Clear 2 saved results? Formulas and bulk runs that need them again will pay again: up to ${credits(total)} to re-run them all.`,
    );
    await sidebar.locator('#cache-keep').click();
    expect(await sidebar.locator('#cache-confirmation').isHidden()).toBe(true);
    await sidebar.locator('#cache-clear').click();
    await sidebar.locator('#cache-confirm').click();
    await sidebar.locator('#cache-message:has-text("Cleared 2 saved results.")').waitFor();
    expect(await text('#cache-entries')).toBe('0');
    expect(await account()).toMatchObject({ spent: total });

    await enter('C2', '=PRONET_EMAIL(A2)');
    await enter('C3', '=COMPANY_WEBSITE(A3)');
    expect(await account()).toMatchObject({ spent: 2 * total });
    await sidebar.locator('#ledger-refresh').click();
    await sidebar.locator(`#ledger-today:has-text("${credits(2 * total)}")`).waitFor();
  });

  it('every open panel shows the new figures after an action, with no Refresh', async () => {
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await openSidebar();
    await openSection('spending-panel');
    await openSection('cache-panel');
    await openSection('receipt-panel');
    await sidebar.locator('#cache-entries:has-text("1")').waitFor();
    await page.click(cell('B3'));
    const kept = sidebar.locator('#receipt-lines dt:has-text("Kept") + dd');
    await kept.waitFor();
    expect(await kept.textContent()).toBe(
      'In document properties and the memory of all your spreadsheets, until you clear or refresh it (bought today)',
    );

    // Clear: the receipt of the cell still selected says where its answer is kept now.
    await sidebar.locator('#cache-clear').click();
    await sidebar.locator('#cache-confirm').click();
    await sidebar.locator('#cache-message:has-text("Cleared 1 saved result.")').waitFor();
    await sidebar
      .locator('#receipt-lines dd:has-text("Nowhere: a formula that shows it buys it again when it runs")')
      .waitFor();

    // Buy again: Spending and Saved results follow.
    await page.click('#advance-1');
    await page.waitForFunction(() => document.body.dataset.busy === undefined);
    await sidebar.locator('#receipt-buy-again').click();
    await sidebar.locator('#receipt-confirm').click();
    await sidebar.locator('#receipt-message:has-text("Bought")').waitFor();
    await sidebar.locator(`#ledger-today:has-text("${credits(2 * WEBSITE.price)}")`).waitFor();
    await sidebar.locator('#cache-entries:has-text("1")').waitFor();
    expect(await account()).toMatchObject({ spent: 2 * WEBSITE.price });

    // The answer is kept whatever its age: the receipt says how old it is, no end date.
    await sidebar
      .locator('#receipt-lines dd:has-text("until you clear or refresh it (bought today)")')
      .waitFor();
    expect(await sidebar.locator('#setting-cacheTtlDays').count()).toBe(0);
  });

  it('looks like docs/screenshots/settings.png: the settings and the ledger in the 300 px sidebar', async () => {
    await enter('B2', '=PRONET_EMAIL(A2)');
    await enter('B3', '=COMPANY_WEBSITE(A3)');
    await enter('C3', '=COMPANY_PHONE(A3)');
    await openSidebar();
    // Every other section folded, so the two shown fit the window.
    await sidebar.locator('details[open]').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = false;
    });
    await openSection('spending-panel');
    await openSection('credit-settings-panel');
    const total = EMAIL.price + WEBSITE.price + PHONE.price;
    await sidebar.locator(`#ledger-today:has-text("${credits(total)}")`).waitFor();
    await sidebar.locator('#settings-note:has-text("1,000/day")').waitFor();
    await page.click(cell('D3'));
    expect((await page.locator('#sidebar-panel').boundingBox())?.width).toBe(300);
    const image = await page.screenshot({ path: screenshotPath('settings.png') });
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  });
});

describe('the out-of-credits notice', () => {
  it('is one banner at the top while the server says the API answered 402, and stays dismissed', async () => {
    // The demo account has 1,000 credits: the server's flag is set here, on its way to the sidebar.
    let outOfCredits = true;
    await page.route(`${playground.url}/rpc`, async (route) => {
      const { name } = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (name !== 'getLedger') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { value: { outOfCredits: boolean } };
      body.value.outOfCredits = outOfCredits;
      return route.fulfill({ response, json: body });
    });
    await openSidebar();
    const banner = sidebar.locator('#credits-alert');
    await banner.waitFor();
    expect(await sidebar.locator('[role="alert"]:has-text("out of credits")').count()).toBe(1);
    const top = await banner.boundingBox();
    const key = await sidebar.locator('#key-panel').boundingBox();
    expect(top!.y).toBeLessThan(key!.y);

    await sidebar.locator('#credits-alert-dismiss').click();
    expect(await banner.isHidden()).toBe(true);
    await openSection('spending-panel');
    await sidebar.locator('#ledger-refresh').click();
    await sidebar.locator('#ledger-refresh:enabled').waitFor();
    expect(await banner.isHidden()).toBe(true);

    // Credits came back, then ran out again: that is news again.
    outOfCredits = false;
    await sidebar.locator('#ledger-refresh').click();
    await sidebar.locator('#ledger-refresh:enabled').waitFor();
    outOfCredits = true;
    await sidebar.locator('#ledger-refresh').click();
    await banner.waitFor();
  });
});

describe('lookups sent twice after a network failure', () => {
  it('are said in Spending, with what they may have cost, only when there are some', async () => {
    // A blip cannot be made on the playground's loopback: the server's figure is set on its way.
    let resent = { lookups: 3, credits: 30 };
    await page.route(`${playground.url}/rpc`, async (route) => {
      const { name } = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (name !== 'getLedger') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { value: { possiblyChargedTwice: typeof resent } };
      body.value.possiblyChargedTwice = resent;
      return route.fulfill({ response, json: body });
    });
    await openSidebar();
    await openSection('spending-panel');
    await sidebar.locator('#ledger-resent:has-text("30 credits")').waitFor();
    expect(await sidebar.locator('#ledger-resent-why').textContent()).toBe(
      "This month 3 lookups were sent again after a network failure lost the answer; the API may have charged both sends. Compare with your account's usage.",
    );
    resent = { lookups: 0, credits: 0 };
    await sidebar.locator('#ledger-refresh').click();
    await sidebar.locator('#ledger-refresh:enabled').waitFor();
    expect(await sidebar.locator('#ledger-resent').count()).toBe(0);
  });
});

describe('a deleted record of purchases', () => {
  it('is said in Spending, only while the server says so', async () => {
    const LOST =
      'The record of purchases before 2025-01-06 05:00 was deleted with the hidden sheet "_enrich_ledger": the spend report lists fewer purchases than Spending\'s totals count.';
    let recordLost: string | null = LOST;
    await page.route(`${playground.url}/rpc`, async (route) => {
      const { name } = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (name !== 'getLedger') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { value: { recordLost: string | null } };
      body.value.recordLost = recordLost;
      return route.fulfill({ response, json: body });
    });
    await openSidebar();
    await openSection('spending-panel');
    await sidebar.locator('#ledger-record-lost').waitFor();
    expect(await sidebar.locator('#ledger-record-lost').textContent()).toBe(LOST);
    recordLost = null;
    await sidebar.locator('#ledger-refresh').click();
    await sidebar.locator('#ledger-refresh:enabled').waitFor();
    expect(await sidebar.locator('#ledger-record-lost').count()).toBe(0);
  });
});

describe('the Jobs panel', () => {
  it('drives the collector while a job is pending, shows background collection, and the job once collected', async () => {
    // The job stays pending until the test moves time on: a slow machine's wall time would
    // otherwise run it, and the Edit trigger collect it, before the pending state is read.
    playground.followWallTime(false);
    // The sidebar's timers, too, wait for the test: its clock stands still while it is read.
    await page.clock.install();
    await page.goto(playground.url);
    await page.waitForSelector('body[data-ready="true"]');
    await enter('B6', '=PRONET_PROFILE(A2)');
    expect(await shown('B6')).toBe(PROCESSING);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    await openSidebar();
    // Opened by itself: a job is pending.
    await sidebar.locator('#jobs-panel[open]').waitFor();
    await sidebar.locator('#jobs-summary:has-text("pending")').waitFor();
    expect(rpcCalls).toContain('collectJobsFromSidebar');
    await sidebar.locator('#jobs-background:has-text("Background collection: on, every minute.")').waitFor();
    expect(await text('#jobs-drivers')).toBe(
      'With the sidebar closed, jobs are collected on every edit of this spreadsheet and when it opens.',
    );
    const job = sidebar.locator('#jobs-list li.job').first();
    expect(await job.locator('.job-label').textContent()).toBe(PROFILE_INFO.label);
    // Pending, so its charge is an estimate.
    expect(await job.getAttribute('class')).not.toContain('job-collected');
    expect(await job.locator('.job-meta').textContent()).toContain(`about ${credits(PROFILE_INFO.price)}`);

    // The sidebar's timer calls again after the delay the server gave, with no click: not a
    // moment before, and at once when it has passed.
    expect(collectorCalls).toHaveLength(1);
    const [first] = collectorCalls;
    await waitUntil(() => first!.nextCheckInMs !== undefined, 10_000);
    const delay = first!.nextCheckInMs!;
    expect(delay).toBeGreaterThan(0);
    await page.clock.runFor(delay - 1);
    expect(collectorCalls).toHaveLength(1);
    await page.clock.runFor(1);
    await waitUntil(() => collectorCalls.length === 2, 10_000);
    await page.clock.resume();

    await page.click('#advance-1');
    await page.click('#advance-1');
    await page.waitForFunction(
      ([selector, waiting]) => document.querySelector(selector)?.textContent !== waiting,
      [cell('B6'), PROCESSING] as const,
    );
    await sidebar.locator('#jobs-refresh').click();
    await sidebar.locator('#jobs-list li.job-collected').waitFor();
    expect(await text('#jobs-background')).toBe('Background collection: off, nothing to collect.');
  });

  it('offers to run an expired job again, saying it is charged again and how much, and sends nothing until confirmed', async () => {
    // A job expires 10 minutes after it finishes unless collected; the playground collects it at
    // once, so the server's list is shown here with the job marked expired, as it would be.
    await page.route(`${playground.url}/rpc`, async (route) => {
      const { name } = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (name !== 'listJobs') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { value: { jobs: Record<string, unknown>[] } };
      for (const job of body.value.jobs)
        Object.assign(job, { state: 'expired', stateText: 'expired', canRetry: true });
      return route.fulfill({ response, json: body });
    });
    await enter('B6', '=PRONET_PROFILE(A2)');
    // The fake API charges a job when it completes: let it complete and be collected first, so that
    // its charge cannot land inside what this test measures.
    await page.click('#advance-1');
    await page.click('#advance-1');
    await page.waitForFunction(
      ([selector, waiting]) => document.querySelector(selector)?.textContent !== waiting,
      [cell('B6'), PROCESSING] as const,
    );
    await openSidebar();
    await openSection('jobs-panel');
    const job = sidebar.locator('#jobs-list li.job-expired').first();
    await job.locator('.job-retry').click();
    const question = await job.locator('.confirmation .warning').textContent();
    // The job was collected, so its charge is known: the question names it, not an estimate.
    expect(question).toContain(`charged again: ${credits(PROFILE_INFO.price)}.`);

    await job.locator('.job-retry-cancel').click();
    expect(await job.locator('.job-retry').isVisible()).toBe(true);
    expect(rpcCalls).not.toContain('retryExpiredJob');

    const before = await account();
    await job.locator('.job-retry').click();
    await job.locator('.job-retry-confirm').click();
    await sidebar.locator('#jobs-message:not(:empty)').waitFor();
    expect(rpcCalls.filter((name) => name === 'retryExpiredJob')).toHaveLength(1);
    // The server knows better: the job was not expired, so it refused and charged nothing more.
    expect(await text('#jobs-message')).toMatch(/Only an expired, lost or stalled job can be run again/);
    expect(await account()).toEqual(before);
  });
});
