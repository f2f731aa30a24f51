// A newcomer's first ten minutes, in a real browser, from the README's own words: the test reads
// the numbered steps of "Your first ten minutes" in README.md and walks each one with the cells,
// formula, typed inputs, lookup and column the README names, so the two cannot drift. What each
// step promises is asserted with literals: credits from the spec (company_name_to_website costs 1)
// as the fake API's ledger counts them, answers from the fake's fixtures ("Acme Corporation" on
// acme.com, "Globex Corporation" on globex.com, "Initech" on initech.com), and the panels' texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { fakeAccount, openAddonSidebar, type Session, usePlayground } from './session';

jest.setTimeout(60_000);

const session = usePlayground();

/** The README's "Your first ten minutes": each numbered step's bold title and its whole text. */
function readmeSteps(): { title: string; text: string }[] {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const section = readme.split('## Your first ten minutes')[1]!.split('\n## ')[0]!;
  return section
    .split(/\n(?=\d+\. )/)
    .filter((part) => /^\d+\. /.test(part))
    .map((part) => ({ title: /^\d+\. \*\*(.+?)\.?\*\*/.exec(part)![1]!, text: part.replace(/\s+/g, ' ') }));
}

/** The one match of `pattern`'s groups in a step's text; fails the test when the README lacks it. */
function quoted(text: string, pattern: RegExp): string[] {
  const match = pattern.exec(text);
  if (!match) throw new Error(`The README's step no longer says ${pattern}: ${text}`);
  return match.slice(1);
}

/** Types into the selected grid cell as a user does, then waits for the add-on to settle. */
async function typeAt(page: Page, a1: string, input: string): Promise<void> {
  await page.click(`td[data-a1="${a1}"]`);
  await page.keyboard.type(input);
  await page.keyboard.press('Enter');
  await page.waitForSelector('body:not([data-busy])', { state: 'attached' });
}

/** Whether the element is wholly inside the sidebar's visible part. */
function inView(sidebar: FrameLocator, selector: string): Promise<boolean> {
  return sidebar.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

type Walk = (text: string, session: Session) => Promise<void>;

const shown = (page: Page, a1: string) => page.textContent(`td[data-a1="${a1}"]`);
let sidebar: FrameLocator;

const WALKS: Record<string, Walk> = {
  'Open the playground': async (text, { playground, page }) => {
    expect(text).toContain('"Leads Q3"');
    expect(text).toContain('1,000 credits');
    await page.goto(playground.url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('#doc-name')).toBe('Leads Q3');
    expect(await page.textContent('#account-title')).toBe(
      'Demo account: 1,000 credits left (fake API, offline)',
    );
    expect(await shown(page, 'A3')).toBe('Acme Corporation');
  },
  'Type a formula': async (text, { playground, page }) => {
    const [cell, formula, answer] = quoted(text, /Select (\w+), type `(=[^`]+)` .*? shows `([^`]+)`/);
    expect(answer).toBe('acme.com');
    await typeAt(page, cell!, formula!);
    expect(await shown(page, cell!)).toBe('acme.com');
    expect(await page.textContent('#balance')).toBe('999');
    expect((await fakeAccount(playground)).spent).toBe(1);
    // "The same formula in another cell answers free."
    const [other] = quoted(text, /The same formula in (\w+) answers free/);
    await typeAt(page, other!, formula!);
    expect(await shown(page, other!)).toBe('acme.com');
    expect((await fakeAccount(playground)).spent).toBe(1);
  },
  'Run a column': async (text, { playground, page }) => {
    const typed = [...text.matchAll(/`([^`=][^`]*)` in ([A-Z]+\d+)/g)].map((m) => [m[2]!, m[1]!]);
    expect(typed).toEqual([
      ['A5', 'Globex Corporation'],
      ['A6', 'Initech'],
    ]);
    for (const [a1, input] of typed) await typeAt(page, a1!, input!);
    const [lookup, column] = quoted(text, /pick \*\*(.+?)\*\* and \*\*(.+?)\*\*/);
    sidebar = await openAddonSidebar(page);
    await sidebar.locator('#bulk-op').selectOption({ label: `${lookup} (1 credit)` });
    await sidebar.locator('#bulk-input').selectOption({ label: column! });
    await sidebar.locator('#bulk-preview').click();
    await sidebar.locator('#bulk-estimate').waitFor();
    // Before anything is spent: the cost, the free row, the skipped rows and why, the destination.
    expect(text).toContain('the cost (2 credits)');
    expect(await sidebar.locator('#bulk-estimate').textContent()).toBe('2 credits');
    expect(await sidebar.locator('#bulk-saved').textContent()).toBe(
      '1 saved result, free: no new lookup for it.',
    );
    const summary = await sidebar.locator('#bulk-summary').innerText();
    expect(summary).toContain('Results go to column D (Website, new); row status to column E (new).');
    expect(await sidebar.locator('#bulk-summary details summary').textContent()).toBe('Invalid rows (2)');
    const skipped = await sidebar.locator('#bulk-summary details li').allTextContents();
    expect(skipped.map((line) => line.split(';')[0])).toEqual([
      'Row 2: This is a person profile URL',
      'Row 4: This is a company page URL',
    ]);
    expect((await fakeAccount(playground)).spent).toBe(1);

    await sidebar.locator('#bulk-run').click();
    await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
    // The progress shows where the preview was: in view, right below the Run button.
    expect(await inView(sidebar, '#bulk-progress-box')).toBe(true);
    expect(await sidebar.locator('#bulk-summary').textContent()).toBe('');
    await page.waitForFunction(
      () => document.querySelector('td[data-a1="D6"]')?.textContent === 'initech.com',
    );
    const results = await Promise.all(['D1', 'D3', 'D5', 'D6'].map((a1) => shown(page, a1)));
    expect(results).toEqual(['Website', 'acme.com', 'globex.com', 'initech.com']);
    expect((await fakeAccount(playground)).spent).toBe(3);
  },
  'Open a receipt': async (text, { playground, page }) => {
    const [cell] = quoted(text, /Select (\w+) and open \*\*This cell\*\*/);
    await page.click(`td[data-a1="${cell}"]`);
    await sidebar.locator('#receipt-panel > summary').click();
    await sidebar.locator(`#receipt-note:has-text("Sheet1!${cell}")`).waitFor();
    await sidebar.locator('#receipt-lines dt:text-is("Bought")').waitFor();
    const labels = await sidebar.locator('#receipt-lines dt').allTextContents();
    const texts = await sidebar.locator('#receipt-lines dd').allTextContents();
    expect(Object.fromEntries(labels.map((label, i) => [label, texts[i]!]))).toMatchObject({
      Lookup: 'Website from company name (COMPANY_WEBSITE)',
      'Input as sent': 'Acme Corporation',
      Bought: '2025-01-06 04:00 for 1 credit (formula, Sheet1!B3)',
      Answer: 'Found',
      Kept: 'In document properties, the hidden sheet and the memory of all your spreadsheets, until you clear or refresh it (bought today)',
    });
    // Buy again states its price before it buys: nothing is charged until the user confirms.
    expect(await sidebar.locator('#receipt-buy-again').textContent()).toBe('Buy again (1 credit)…');
    await sidebar.locator('#receipt-buy-again').click();
    await sidebar.locator('#receipt-panel :text("Buy 1 lookup again for 1 credit?")').waitFor();
    expect((await fakeAccount(playground)).spent).toBe(3);
  },
};

it("walks a newcomer's first ten minutes from the README's own words: open, type a formula, run a column, open a receipt", async () => {
  const steps = readmeSteps();
  expect(steps.map((step) => step.title)).toEqual(Object.keys(WALKS));
  for (const step of steps) await WALKS[step.title]!(step.text, session);
});
