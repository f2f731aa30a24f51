// The sidebar: one page of panels. Each panel owns its section of sidebar.html and its calls.

import { announceChange, DATA_CHANGED } from './data-changed';
import { $, reported } from './dom';
import { oneAtATime } from './latest-only';
import { mountBulkPanel } from './panels/bulk/controller';
import { mountCachePanel } from './panels/cache/controller';
import { mountJobsPanel } from './panels/jobs/controller';
import { mountKeyPanel } from './panels/key/controller';
import { mountLedgerPanel } from './panels/ledger/controller';
import { mountReceiptPanel } from './panels/receipt/controller';
import { mountSettingsPanel } from './panels/settings/controller';
import { mountWatchesPanel } from './panels/watches/controller';
import { call } from './rpc-client';

function start(follow: (mark: string) => void) {
  return reported($('key-message'), async () => {
    const state = await call('getSidebarState');
    follow(state.panelsMark);
    mountKeyPanel(state);
  });
}

/**
 * While the sidebar is shown, it asks this often whether what its panels show changed: triggers run
 * watches, deliver jobs and buy queued lookups meanwhile, and formulas spend, and no figure may stay
 * behind what the stores hold. The question is one small call; the panels reload only on a change.
 */
const FOLLOW_MS = 5_000;
/**
 * Times shown move on with no store changing (a job's "3 min ago", the pace "learned 5 minutes
 * ago", a new day's "today"): the panels read again at least this often while shown.
 */
const TIMES_MS = 60_000;

/**
 * Follows the stores from the mark the sidebar's first call read, asked before the panels load (no
 * call of its own, which opening would wait for): each later one that differs reloads them (after it
 * was read, so they show at least what it marks). Coming back to the sidebar asks at once. A reload
 * the panels make themselves leaves the mark behind: the next question reloads once more, safely.
 */
function followStores(): (mark: string) => void {
  let seen: string | null = null;
  let loadedAt = Date.now();
  document.addEventListener(DATA_CHANGED, () => {
    loadedAt = Date.now();
  });
  const ask = oneAtATime(async () => {
    // A question that fails changes nothing: the next one asks again.
    const mark = await call('getPanelsMark').catch(() => seen);
    const moved = seen !== null && mark !== seen;
    seen = mark;
    if (moved) announceChange();
  });
  window.addEventListener('focus', () => void ask());
  window.setInterval(() => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - loadedAt >= TIMES_MS) announceChange();
    else void ask();
  }, FOLLOW_MS);
  return (mark) => {
    seen ??= mark;
  };
}

void start(followStores());
mountReceiptPanel();
// Each panel loads itself (Saved results once opened).
mountLedgerPanel();
// Saved settings change figures in every panel (the budget left, how long results are kept):
// all reload, Spending with them.
mountSettingsPanel(announceChange);
mountJobsPanel();
mountCachePanel();
mountBulkPanel();
mountWatchesPanel();
