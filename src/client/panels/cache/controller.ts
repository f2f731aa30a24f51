// The Saved results panel: how many paid answers are kept, how old they are, how much room they
// take, and clearing them, after a confirmation that says what buying them again would cost.
import { CACHE_TEXTS } from '../../../core/text/catalogue/sidebar/cache';
import type { CacheView } from '../../../shared/rpc';
import { announceChange, DATA_CHANGED } from '../../data-changed';
import { $, busyOnClick, reported, say } from '../../dom';
import { latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';
import { buildCacheBody, closeConfirmation, openConfirmation, results, showCache } from './view';

/** Read when opened, and again on every change while open. */
export function mountCachePanel(): void {
  const ui = buildCacheBody();
  let last: CacheView | null = null;
  let everywhere = false;

  const load = latestOnly(
    () => call('getCacheStats'),
    (view: CacheView) => {
      last = view;
      showCache(ui, view);
    },
  );

  ui.clear.addEventListener('click', () => {
    everywhere = false;
    if (last) openConfirmation(ui, last);
  });
  ui.clearEverywhere.addEventListener('click', () => {
    everywhere = true;
    if (last) openConfirmation(ui, last, true);
  });
  ui.keep.addEventListener('click', () => {
    closeConfirmation(ui);
    ui.clear.focus();
  });
  busyOnClick(ui.confirm, ui.message, async () => {
    const before = last;
    // Any reload still on its way was answered before the clear: it must not be shown after it.
    const view = await call('clearCache', everywhere ? 'everywhere' : 'here');
    load.show(view);
    closeConfirmation(ui);
    const here = results((before?.entries ?? 0) - view.entries);
    const shared = (before?.everywhere.entries ?? 0) - view.everywhere.entries;
    const cleared = everywhere
      ? CACHE_TEXTS.clearedEverywhere.say(here, shared)
      : CACHE_TEXTS.cleared.say(here);
    say(ui.message, cleared, 'ok');
    ui.clear.focus();
    // A receipt's "Kept" and Buy again's offer read the same answers: the other panels reload.
    announceChange();
  });

  busyOnClick(ui.goOn, ui.message, async () => {
    const sheetLost = last?.lostResults;
    load.show(await call('acceptLostResults'));
    // The memory's eviction only needed reading; a deleted hidden sheet is replaced by a new one.
    if (sheetLost) say(ui.message, CACHE_TEXTS.wentOn.text, 'ok');
  });

  const section = $('cache-panel') as HTMLDetailsElement;
  const reloadIfOpen = () => {
    if (section.open) void reported(ui.message, load);
  };
  section.addEventListener('toggle', reloadIfOpen);
  document.addEventListener(DATA_CHANGED, reloadIfOpen);
}
