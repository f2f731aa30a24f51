// The Watches panel: the watches of this spreadsheet, switched off and on, their caps changed,
// deleted. It reloads when another panel says the account may have changed (a new watch, a key
// test, a bulk run).
import { WATCHES_TEXTS } from '../../../core/text/catalogue/sidebar/watches';
import type { BackgroundCollection } from '../../../shared/jobs-rpc';
import type { WatchChange, WatchList, WatchView } from '../../../shared/watch-rpc';
import { DATA_CHANGED, WATCHES_LISTED } from '../../data-changed';
import { busy, reported, say } from '../../dom';
import { type Latest, latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';
import { buildWatchesBody, showNoKey, showWatches, type WatchActions, type WatchesElements } from './view';

export function mountWatchesPanel(): void {
  const ui = buildWatchesBody();
  const panel = new WatchesController(ui);
  void panel.refresh();
  document.addEventListener(DATA_CHANGED, () => void panel.refresh());
}

class WatchesController implements WatchActions {
  private readonly reload: Latest<WatchList>;
  /** The clock check's schedule as last listed, which a refresh's words name. */
  private clock: BackgroundCollection = 'off';

  constructor(private readonly ui: WatchesElements) {
    this.reload = latestOnly(
      () => call('listWatches'),
      (list) => this.show(list),
    );
  }

  refresh(): Promise<void> {
    return reported(this.ui.message, this.reload);
  }

  private show(list: WatchList): void {
    // The offer under Bulk run says the same schedule for rows other tools write.
    document.dispatchEvent(new CustomEvent(WATCHES_LISTED, { detail: list.clock }));
    this.clock = list.clock;
    if (!list.keyConfigured && list.watches.length === 0) {
      showNoKey(this.ui);
      return;
    }
    showWatches(this.ui, list, this);
  }

  private change(button: HTMLButtonElement, work: () => Promise<WatchList>, done: string): void {
    void busy(button, this.ui.message, async () => {
      this.reload.show(await work());
      say(this.ui.message, done, 'ok');
    });
  }

  toggle(watch: WatchView, button: HTMLButtonElement): void {
    const on = !watch.on;
    this.change(
      button,
      () => call('updateWatch', watch.id, { on }),
      on ? WATCHES_TEXTS.onAgain.say(watch.label) : WATCHES_TEXTS.off.say(watch.label),
    );
  }

  setCap(watch: WatchView, dailyCap: number, button: HTMLButtonElement): void {
    this.change(
      button,
      () => call('updateWatch', watch.id, { dailyCap }),
      WATCHES_TEXTS.capSet.say(watch.label, dailyCap),
    );
  }

  setRefresh(watch: WatchView, refresh: WatchChange['refresh'], button: HTMLButtonElement): void {
    this.change(
      button,
      () => call('updateWatch', watch.id, { refresh }),
      refresh
        ? WATCHES_TEXTS.refreshSet.say(watch.label, refresh.days, refresh.monthlyCredits, this.clock)
        : WATCHES_TEXTS.refreshOff.say(watch.label),
    );
  }

  remove(watch: WatchView, button: HTMLButtonElement): void {
    this.change(button, () => call('deleteWatch', watch.id), WATCHES_TEXTS.deleted.say(watch.label));
  }
}
