// Ctrl+Z in the playground, in a real browser: a Freeze undone brings the range formula back,
// which answers from the add-on's cache, so the fake account's balance does not move. Runs
// against dist/ with Debian's chromium.
import type { Page } from 'playwright-core';
import type { RunningPlayground } from '../../tools/playground/server';
import { DEMO_CREDITS } from '../../tools/playground/workbook';
import { cell, fakeAccount, usePlayground } from './session';

jest.setTimeout(90_000);

/** company_name_to_website costs 1 credit in the spec's operation table. */
const WEBSITE_PRICE = 1;

const session = usePlayground({ opened: true });
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

const settled = () => page.waitForSelector('body:not([data-busy])', { state: 'attached' });

async function shown(a1: string): Promise<string> {
  return (await page.textContent(cell(a1))) ?? '';
}

/** Selects a cell, types into the formula bar, presses Enter, and waits for the sheet's answer. */
async function enter(a1: string, text: string): Promise<void> {
  await page.click(cell(a1));
  await page.fill('#formula-input', text);
  await page.press('#formula-input', 'Enter');
  await settled();
}

async function menuItem(caption: string): Promise<void> {
  await page.click('#extensions-button');
  await page.click('#addon-button');
  await page.click(`#addon-menu button:has-text("${caption}")`);
  await settled();
}

const columnB = () => Promise.all(['B6', 'B7', 'B8'].map(shown));

describe('Ctrl+Z', () => {
  it('undoes a Freeze: the range formula comes back and answers without spending a credit', async () => {
    await enter('A6', 'Globex');
    await enter('A7', 'Initech');
    await enter('A8', 'Hooli');
    await enter('B6', '=COMPANY_WEBSITE(A6:A8)');
    expect(await columnB()).toEqual(['globex.com', 'initech.com', 'hooli.com']);
    const paid = { startingCredits: DEMO_CREDITS, balance: DEMO_CREDITS - 3 * WEBSITE_PRICE, spent: 3 };
    expect(await fakeAccount(playground)).toEqual(paid);

    await page.click(cell('B6'));
    await menuItem('Freeze results as values');
    await page.waitForSelector('#toast:has-text("Froze 1 formula: 3 cells are now plain values.")');
    expect(await page.inputValue('#formula-input')).toBe('globex.com');
    await page.click(cell('B8'));
    expect(await page.inputValue('#formula-input')).toBe('hooli.com');

    await page.keyboard.press('Control+Z');
    await settled();
    expect(await columnB()).toEqual(['globex.com', 'initech.com', 'hooli.com']);
    await page.click(cell('B6'));
    expect(await page.inputValue('#formula-input')).toBe('=COMPANY_WEBSITE(A6:A8)');
    expect(await fakeAccount(playground)).toEqual(paid);

    // Each Ctrl+Z undoes one more step: the formula typed in B6, then Hooli typed in A8.
    await page.keyboard.press('Control+Z');
    await settled();
    expect(await columnB()).toEqual(['', '', '']);
    await page.keyboard.press('Control+Z');
    await settled();
    expect(await shown('A8')).toBe('');
    expect(await fakeAccount(playground)).toEqual(paid);
  });

  it('says when there is nothing to undo', async () => {
    await page.click(cell('C3'));
    await page.keyboard.press('Control+Z');
    await page.waitForSelector('#toast:has-text("Nothing to undo.")');
    expect(await shown('A3')).toBe('Acme Corporation');
  });
});
