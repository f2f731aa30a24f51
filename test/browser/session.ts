// The hooks every browser test file needs: one Chromium for the file, and for each test a fresh
// playground (a new demo account, an untouched sheet) with a fresh page on it.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { type RunningPlayground, startPlayground } from '../../tools/playground/server';
import { assertDistIsFresh } from '../dist-freshness';
import { type LaunchedBrowser, launchChromium } from './chromium';

export const DIST = join(__dirname, '../../dist');
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * Where a test saves its screenshot: the README's own picture in docs/screenshots/ when
 * `UPDATE_SCREENSHOTS=1`, otherwise a scratch folder, so a test run leaves the tree unchanged.
 */
export function screenshotPath(name: string): string {
  const folder =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? join(__dirname, '../../docs/screenshots')
      : join(tmpdir(), 'enrich-for-sheets-screenshots');
  mkdirSync(folder, { recursive: true });
  return join(folder, name);
}

export interface Session {
  browser: LaunchedBrowser;
  playground: RunningPlayground;
  page: Page;
}

/**
 * Registers the hooks; the returned object's fields are set before each test runs. `opened`: the
 * page is on the playground, ready, when each test starts.
 */
export function usePlayground(options: { opened?: boolean } = {}): Session {
  const session = {} as Session;
  beforeAll(async () => {
    if (!existsSync(join(DIST, 'Code.js'))) throw new Error('dist/ is missing: run `npm run build` first.');
    assertDistIsFresh(DIST);
    session.browser = await launchChromium(VIEWPORT);
    // Installing chromium with apt-get, when it is missing, can take minutes.
  }, 600_000);
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.playground = await startPlayground({ port: 0, distDir: DIST });
    session.page = await session.browser.context.newPage();
    // Everything answers in well under a second; a stuck wait should fail the test, not the suite.
    session.page.setDefaultTimeout(10_000);
    if (!options.opened) return;
    await session.page.goto(session.playground.url);
    await session.page.waitForSelector('body[data-ready="true"]');
  });
  afterEach(async () => {
    await session.page?.close();
    await session.playground?.close();
  });
  return session;
}

/** Types into a cell of the playground's shown sheet as its formula bar does (one request per cell). */
export async function typeInto(playground: RunningPlayground, a1: string, input: string): Promise<void> {
  const response = await fetch(`${playground.url}/api/cell`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a1, input }),
  });
  if (!response.ok) throw new Error(`typing into ${a1} failed: HTTP ${response.status}`);
}

/** Pastes a block of rows at a cell of the shown sheet, as Ctrl+V does: one edit for the block. */
export async function pasteInto(playground: RunningPlayground, a1: string, rows: string[][]): Promise<void> {
  const response = await fetch(`${playground.url}/api/paste`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a1, rows }),
  });
  if (!response.ok) throw new Error(`pasting at ${a1} failed: HTTP ${response.status}`);
}

export interface FakeAccount {
  startingCredits: number;
  balance: number;
  spent: number;
}

/** The fake API's own ledger for the demo account: what the user really paid, as the API saw it. */
export async function fakeAccount(playground: RunningPlayground): Promise<FakeAccount> {
  const response = await fetch(`${playground.url}/api/state`);
  if (!response.ok) throw new Error(`reading the playground's state failed: HTTP ${response.status}`);
  return ((await response.json()) as { account: FakeAccount }).account;
}

/** Extensions > Enrich for Sheets > Open sidebar, once the sidebar says the demo key is saved. */
export async function openAddonSidebar(page: Page): Promise<FrameLocator> {
  await page.click('#extensions-button');
  await page.click('#addon-button');
  await page.click('#addon-menu button:has-text("Open sidebar")');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.locator('#key-status:has-text("Saved")').waitFor();
  return sidebar;
}

/** The selector of a cell of the page's grid. */
export const cell = (a1: string) => `td[data-a1="${a1}"]`;
