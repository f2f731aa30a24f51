// The sidebar: one page of panels. Each panel owns its section of sidebar.html and its calls.

import { announceChange, DATA_CHANGED } from './data-changed';
import { $, errorText, say } from './dom';
import { mountBulkPanel } from './panels/bulk/controller';
import { mountCachePanel } from './panels/cache/controller';
import { mountJobsPanel } from './panels/jobs/controller';
import { mountKeyPanel } from './panels/key/controller';
import { mountLedgerPanel } from './panels/ledger/controller';
import { mountReceiptPanel } from './panels/receipt/controller';
import { mountSettingsPanel, type SettingsPanel } from './panels/settings/controller';
import { mountWatchesPanel } from './panels/watches/controller';
import { call } from './rpc-client';

async function start() {
  try {
    const state = await call('getSidebarState');
    mountKeyPanel(state);
  } catch (error) {
    say($('key-message'), errorText(error), 'error');
  }
}

/** Coming back to the sidebar after working in the sheet reloads at most this often. */
const FOCUS_RELOAD_MS = 5_000;
/**
 * While the sidebar is shown, its panels reload this often: triggers run watches, deliver jobs and
 * buy queued lookups meanwhile, and no figure may stay behind what the stores hold.
 */
const FOLLOW_MS = 30_000;

/** Credit settings, spending, jobs and saved results: each loads itself; the cache when opened. */
function mountAccountPanels(): void {
  let settings: SettingsPanel | null = null;
  const ledger = mountLedgerPanel(() => settings?.current()?.formulaDailyCap ?? null);
  // Saved settings change figures in every panel (the budget left, how long results are kept):
  // all reload, Spending with them.
  settings = mountSettingsPanel((_saved, bySave) => (bySave ? announceChange() : ledger.rerender()));
  mountJobsPanel();
  const cache = mountCachePanel();
  const cacheSection = $('cache-panel') as HTMLDetailsElement;
  const reloadCacheIfOpen = () => {
    if (cacheSection.open) void cache.refresh();
  };
  cacheSection.addEventListener('toggle', reloadCacheIfOpen);
  document.addEventListener(DATA_CHANGED, reloadCacheIfOpen);
  // Formulas typed meanwhile may have spent credits or started jobs.
  let reloadedAt = Date.now();
  window.addEventListener('focus', () => {
    if (Date.now() - reloadedAt < FOCUS_RELOAD_MS) return;
    reloadedAt = Date.now();
    announceChange();
  });
  window.setInterval(() => {
    if (document.visibilityState !== 'visible' || Date.now() - reloadedAt < FOLLOW_MS / 2) return;
    reloadedAt = Date.now();
    announceChange();
  }, FOLLOW_MS);
}

void start();
mountReceiptPanel();
mountAccountPanels();
mountBulkPanel();
mountWatchesPanel();
