// "Enrich new rows automatically", under the Bulk run panel's form: the lookup or recipe set up
// there becomes a watch, with the daily credit cap it needs. The Watches panel lists it.
import { WATCHES_TEXTS } from '../../../core/text/catalogue/sidebar/watches';
import type { BulkPreview } from '../../../shared/bulk-rpc';
import type { RecipePreview } from '../../../shared/recipe-rpc';
import type { WatchDraft } from '../../../shared/watch-rpc';
import { announceChange, onScheduleListed } from '../../data-changed';
import { busy, el, field, say } from '../../dom';
import { call } from '../../rpc-client';

/** What a watch would keep running: the panel's lookup or recipe, as a draft without its cap. */
export type WatchSetup =
  | Omit<Extract<WatchDraft, { kind: 'lookup' }>, 'dailyCap'>
  | Omit<Extract<WatchDraft, { kind: 'recipe' }>, 'dailyCap'>;

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
  const cap = el('input', {
    id: 'watch-cap',
    type: 'number',
    min: '0.5',
    step: '0.5',
    inputmode: 'decimal',
    required: true,
    'aria-describedby': 'watch-cap-hint',
  });
  const button = el('button', { type: 'button', id: 'watch-create' }, WATCHES_TEXTS.offer.text);
  const message = el('p', { id: 'watch-offer-message', class: 'message', role: 'status' });
  const hint = el('p', { class: 'hint', id: 'watch-cap-hint' }, WATCHES_TEXTS.offerHint.say(null));
  onScheduleListed((clock) => {
    hint.textContent = WATCHES_TEXTS.offerHint.say(clock);
  });
  const preview = el('div', { class: 'watch-preview' });
  parent.append(
    el(
      'div',
      { class: 'watch-offer' },
      el('h3', {}, WATCHES_TEXTS.offer.text),
      hint,
      field(WATCHES_TEXTS.capRequired.text, cap),
      el('div', { class: 'buttons' }, button),
      preview,
      message,
    ),
  );
  button.addEventListener('click', () =>
    busy(button, message, async () => {
      const dailyCap = Number(cap.value);
      if (cap.value.trim() === '' || !(dailyCap > 0)) {
        cap.setAttribute('aria-invalid', 'true');
        throw new Error(WATCHES_TEXTS.capFirst.text);
      }
      cap.removeAttribute('aria-invalid');
      const draft = { ...setup(), dailyCap } as WatchDraft;
      preview.replaceChildren(
        previewed(shown(await call('previewWatch', draft), 'watch-preview'), draft, preview, message),
      );
    }),
  );
}

/** The preview, said first, and the button that turns the watch on as previewed (`draft`). */
function previewed(
  said: HTMLElement,
  draft: WatchDraft,
  preview: HTMLElement,
  message: HTMLElement,
): HTMLElement {
  const turnOn = el('button', { type: 'button', id: 'watch-confirm' }, WATCHES_TEXTS.turnOn.text);
  turnOn.addEventListener('click', () =>
    busy(turnOn, message, async () => {
      const list = await call('createWatch', draft);
      const made = list.watches[list.watches.length - 1];
      preview.replaceChildren();
      say(
        message,
        WATCHES_TEXTS.watching.say(made?.sheetName ?? '', draft.dailyCap, made?.columns ?? ''),
        'ok',
      );
      announceChange();
    }),
  );
  return el(
    'div',
    { id: 'watch-preview' },
    el('p', { class: 'hint' }, WATCHES_TEXTS.previewed.text),
    said,
    turnOn,
  );
}
