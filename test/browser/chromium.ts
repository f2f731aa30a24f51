// The browser for the browser tests: Debian's chromium, never one downloaded by Playwright.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const INSTALL = 'apt-get update && apt-get install -y --no-install-recommends chromium';

/** Flags for a quiet headless run in a container: no sandbox (root), no GPU, no calls home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Answers the path of Debian's chromium, installing it with apt-get when running as root. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The browser tests need Debian's chromium at ${CHROMIUM_PATH}. Install it as root: ${INSTALL}`,
    );
  }
  execFileSync('sh', ['-c', INSTALL], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get ran, but ${CHROMIUM_PATH} is still missing.`);
  return CHROMIUM_PATH;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh profile, removed on close. */
export async function launchChromium(viewport: { width: number; height: number }): Promise<LaunchedBrowser> {
  const executablePath = ensureChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'enrich-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
