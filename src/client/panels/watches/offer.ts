// "Enrich new rows automatically", under the Bulk run panel's form: the lookup or recipe set up
// there becomes a watch, with the daily credit cap it needs. The Watches panel lists it.
import { WATCHES_TEXTS } from '../../../core/text/catalogue/sidebar/watches';
import type { BackgroundCollection } from '../../../shared/jobs-rpc';
import type { WatchDraft } from '../../../shared/watch-rpc';
import { announceChange, WATCHES_LISTED } from '../../data-changed';
import { busy, el, say } from '../../dom';
import { call } from '../../rpc-client';

/** What a watch would keep running: the panel's lookup or recipe, as a draft without its cap. */
export type WatchSetup =
  | Omit<Extract<WatchDraft, { kind: 'lookup' }>, 'dailyCap'>
  | Omit<Extract<WatchDraft, { kind: 'recipe' }>, 'dailyCap'>;

/** Builds the offer into `parent`; `setup` reads the panel's setup when the button is pressed. */
export function mountWatchOffer(parent: HTMLElement, setup: () => WatchSetup): void {
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
  document.addEventListener(WATCHES_LISTED, (event) => {
    const clock = (event as CustomEvent<BackgroundCollection>).detail;
    hint.textContent = WATCHES_TEXTS.offerHint.say(clock === 'off' ? null : clock);
  });
  parent.append(
    el(
      'div',
      { class: 'watch-offer' },
      el('h3', {}, WATCHES_TEXTS.offer.text),
      hint,
      el('div', { class: 'field' }, el('label', { for: 'watch-cap' }, WATCHES_TEXTS.capRequired.text), cap),
      el('div', { class: 'buttons' }, button),
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
      const list = await call('createWatch', { ...setup(), dailyCap } as WatchDraft);
      const made = list.watches[list.watches.length - 1];
      say(message, WATCHES_TEXTS.watching.say(made?.sheetName ?? '', dailyCap, made?.columns ?? ''), 'ok');
      announceChange();
    }),
  );
}
