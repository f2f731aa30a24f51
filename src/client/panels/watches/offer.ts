// "Enrich new rows automatically", under the Bulk run panel's form: the lookup or recipe set up
// there becomes a watch, with the daily credit cap it needs. The Watches panel lists it.
import { WATCHES_TEXTS } from '../../../core/text/catalogue/sidebar/watches';
import type { BulkPreview } from '../../../shared/bulk-rpc';
import type { RecipePreview } from '../../../shared/recipe-rpc';
import type { ServerApi } from '../../../shared/rpc';
import type { WatchDraft, WatchList } from '../../../shared/watch-rpc';
import { announceChange, onScheduleListed } from '../../data-changed';
import { busyOnClick, buttonRow, el, field, hint, numberInput, pushButton, say } from '../../dom';
import { call } from '../../rpc-client';

/** What a watch would keep running: the panel's lookup or recipe, as a draft without its cap. */
export type WatchSetup = Parameters<ServerApi['previewWatch']>[0];

/**
 * What the watch would do once on: the bulk run's or the recipe's preview, as the bulk panel shows
 * it, its elements' ids starting with `ids` (the panel's own preview may be shown beside it).
 */
export type PreviewShown = (preview: BulkPreview | RecipePreview, ids: string) => HTMLElement;

/**
 * Builds the offer into `parent`; `setup` reads the panel's setup when the button is pressed, and
 * its preview (`shown`) is confirmed before the watch is made.
 */
export function mountWatchOffer(parent: HTMLElement, setup: () => WatchSetup, shown: PreviewShown): void {
  const cap = numberInput('watch-cap', '0.5', '0.5', {
    inputmode: 'decimal',
    required: true,
    'aria-describedby': 'watch-cap-hint',
  });
  const button = pushButton(WATCHES_TEXTS.offer.text, { id: 'watch-create' });
  const message = el('p', { id: 'watch-offer-message', class: 'message', role: 'status' });
  const capHint = hint(WATCHES_TEXTS.offerHint.say(null), { id: 'watch-cap-hint' });
  onScheduleListed((clock) => {
    capHint.textContent = WATCHES_TEXTS.offerHint.say(clock);
  });
  const preview = el('div', { class: 'watch-preview' });
  parent.append(
    el(
      'div',
      { class: 'watch-offer' },
      el('h3', {}, WATCHES_TEXTS.offer.text),
      capHint,
      field(WATCHES_TEXTS.capRequired.text, cap),
      buttonRow(button),
      preview,
      message,
    ),
  );
  busyOnClick(button, message, async () => {
    const dailyCap = Number(cap.value);
    if (cap.value.trim() === '' || !(dailyCap > 0)) {
      cap.setAttribute('aria-invalid', 'true');
      throw new Error(WATCHES_TEXTS.capFirst.text);
    }
    cap.removeAttribute('aria-invalid');
    const draft = { ...setup(), dailyCap } as WatchDraft;
    // The preview, said first, and the button that turns the watch on as previewed.
    const said = shown(await call('previewWatch', draft), 'watch-preview');
    const turnOn = turnOnButton('watch-confirm', draft, preview, message, (list) => {
      const made = list.watches[list.watches.length - 1];
      return WATCHES_TEXTS.watching.say(made?.sheetName ?? '', dailyCap, made?.columns ?? '');
    });
    const previewed = hint(WATCHES_TEXTS.previewed.text);
    preview.replaceChildren(el('div', { id: 'watch-preview' }, previewed, said, turnOn));
  });
}

/**
 * Turn it on: makes the watch as previewed (`draft`), then clears the preview (`shown`) and says
 * what it made (`done`) in `message`.
 */
export function turnOnButton(
  id: string,
  draft: WatchDraft,
  shown: HTMLElement,
  message: HTMLElement,
  done: (list: WatchList) => string,
): HTMLButtonElement {
  const turnOn = pushButton(WATCHES_TEXTS.turnOn.text, { id });
  busyOnClick(turnOn, message, async () => {
    const list = await call('createWatch', draft);
    shown.replaceChildren();
    say(message, done(list), 'ok');
    announceChange();
  });
  return turnOn;
}
