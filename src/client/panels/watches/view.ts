// The Watches panel's view: the account's notice, each watch with its state, cap, spend, rows and
// last run, and today's share of the trigger runtime quota. Everything from the server is text.

import { TIMES_TEXTS } from '../../../core/text/catalogue/sidebar/times';
import { runtimeWords, WATCHES_TEXTS } from '../../../core/text/catalogue/sidebar/watches';
import { plural } from '../../../core/text/plural';
import type { WatchChange, WatchList, WatchView } from '../../../shared/watch-rpc';
import { $, buttonRow, el, field, hint, itemHead, numberInput, pushButton } from '../../dom';

export type WatchesElements = ReturnType<typeof buildWatchesBody>;

/** Fills the panel's body in sidebar.html. */
export function buildWatchesBody() {
  const notice = el('p', { id: 'watches-notice', class: 'alert', role: 'alert', hidden: true });
  const list = el('ul', { id: 'watches-list', class: 'jobs' });
  const runtime = el('p', { id: 'watches-runtime', class: 'hint' });
  const drivers = el('p', { id: 'watches-drivers', class: 'hint' });
  const times = el('p', { id: 'watches-times', class: 'hint', hidden: true });
  const message = el('p', { id: 'watches-message', class: 'message', role: 'alert' });
  $('watches-body').replaceChildren(notice, list, times, drivers, runtime, message);
  return { note: $('watches-note'), notice, list, runtime, drivers, times, message };
}

export interface WatchActions {
  toggle(watch: WatchView, button: HTMLButtonElement): void;
  setCap(watch: WatchView, cap: number, button: HTMLButtonElement): void;
  /** Its refresh as typed: null (off) while no credits are. */
  setRefresh(watch: WatchView, refresh: WatchChange['refresh'], button: HTMLButtonElement): void;
  remove(watch: WatchView, button: HTMLButtonElement): void;
}

/** Its scheduled refresh, off unless asked: an age, credits a month, and what it spent this month. */
function refreshFields(watch: WatchView, actions: WatchActions): HTMLElement {
  const id = `watch-refresh-${watch.id}`;
  const { refresh } = watch;
  const days = numberInput(`${id}-days`, '1', '1', { value: String(refresh?.days ?? 90) });
  const credits = numberInput(`${id}-credits`, '1', '1', {
    value: refresh ? String(refresh.monthlyCredits) : '',
  });
  const save = pushButton(WATCHES_TEXTS.saveRefresh.text, { class: 'watch-save-refresh' });
  save.addEventListener('click', () => {
    const off = credits.value.trim() === '';
    actions.setRefresh(
      watch,
      off ? null : { days: Number(days.value), monthlyCredits: Number(credits.value) },
      save,
    );
  });
  return el(
    'div',
    { class: 'watch-refresh' },
    field(WATCHES_TEXTS.refreshDaysLabel.text, days),
    field(WATCHES_TEXTS.refreshCreditsLabel.text, credits),
    refresh ? hint(WATCHES_TEXTS.refreshSpent.say(refresh.spentThisMonth, refresh.monthlyCredits)) : null,
    buttonRow(save),
  );
}

function watchItem(watch: WatchView, actions: WatchActions): HTMLElement {
  const toggle = pushButton(watch.on ? WATCHES_TEXTS.switchOff.text : WATCHES_TEXTS.switchOn.text, {
    class: 'watch-toggle',
  });
  const capId = `watch-cap-${watch.id}`;
  const cap = numberInput(capId, '0.5', '0.5', { value: String(watch.dailyCap) });
  const save = pushButton(WATCHES_TEXTS.saveCap.text, { class: 'watch-save-cap' });
  const remove = pushButton('Delete', { class: 'danger watch-delete' });
  toggle.addEventListener('click', () => actions.toggle(watch, toggle));
  save.addEventListener('click', () => actions.setCap(watch, Number(cap.value), save));
  remove.addEventListener('click', () => actions.remove(watch, remove));
  const today = WATCHES_TEXTS.today.say(watch.spentToday, watch.dailyCap);
  const rowsDone = plural(watch.rowsDone, WATCHES_TEXTS.rowDone.one, WATCHES_TEXTS.rowDone.many);
  return el(
    'li',
    { class: `watch watch-${watch.state}`, 'data-id': watch.id },
    itemHead(
      `${watch.label} on "${watch.sheetName}"`,
      WATCHES_TEXTS.states[watch.state].text,
      `watch-${watch.state}`,
    ),
    el('p', { class: 'hint job-meta' }, watch.columns),
    watch.refreshOnly ? el('p', { class: 'hint job-meta' }, WATCHES_TEXTS.refreshOnly.text) : null,
    el('p', { class: 'job-meta' }, `${today} · ${rowsDone} · ${WATCHES_TEXTS.lastRun.say(watch.lastRunAt)}`),
    watch.lastProblem ? el('p', { class: 'job-message warning' }, watch.lastProblem) : null,
    field(WATCHES_TEXTS.dailyCap.text, cap),
    buttonRow(toggle, save, remove),
    refreshFields(watch, actions),
  );
}

export function showWatches(ui: WatchesElements, list: WatchList, actions: WatchActions): void {
  ui.notice.hidden = list.notice === null;
  ui.notice.textContent = list.notice ?? '';
  const count = (wanted: (state: WatchView['state']) => boolean) =>
    list.watches.filter((watch) => wanted(watch.state)).length;
  ui.note.textContent = WATCHES_TEXTS.note.say(
    count((state) => state === 'on'),
    count((state) => state !== 'on' && state !== 'off'),
    count((state) => state === 'off'),
  );
  ui.list.replaceChildren(
    ...(list.watches.length === 0
      ? [el('li', { class: 'hint' }, WATCHES_TEXTS.none.text)]
      : list.watches.map((watch) => watchItem(watch, actions))),
  );
  ui.drivers.textContent =
    list.watches.length === 0
      ? ''
      : WATCHES_TEXTS.drivers.say(
          list.triggers,
          list.watches.some((watch) => watch.on),
        );
  ui.times.textContent = list.timeZone === '' ? '' : TIMES_TEXTS.note.say(list.timeZone);
  ui.times.hidden = list.timeZone === '';
  ui.runtime.textContent = runtimeWords(list);
}

export function showNoKey(ui: WatchesElements): void {
  ui.list.replaceChildren(el('li', { class: 'hint' }, WATCHES_TEXTS.noKey.text));
}
