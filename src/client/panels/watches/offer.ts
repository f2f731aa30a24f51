// "Enrich new rows automatically", under the Bulk run panel's form: the lookup or recipe set up
// there becomes a watch, with the daily credit cap it needs. The Watches panel lists it.
import { creditsText } from '../../../core/text/credits';
import type { WatchDraft } from '../../../shared/watch-rpc';
import { announceChange } from '../../data-changed';
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
  const button = el('button', { type: 'button', id: 'watch-create' }, 'Enrich new rows automatically');
  const message = el('p', { id: 'watch-offer-message', class: 'message', role: 'status' });
  parent.append(
    el(
      'div',
      { class: 'watch-offer' },
      el('h3', {}, 'Enrich new rows automatically'),
      el(
        'p',
        { class: 'hint', id: 'watch-cap-hint' },
        'Keeps this running on rows as they arrive: typed, pasted, inserted, sent by a Google Form, or written by other tools (checked every hour). Empty rows already there are included. It never spends more than its daily cap.',
      ),
      el('div', { class: 'field' }, el('label', { for: 'watch-cap' }, 'Daily credit cap (required)'), cap),
      el('div', { class: 'buttons' }, button),
      message,
    ),
  );
  button.addEventListener('click', () =>
    busy(button, message, async () => {
      const dailyCap = Number(cap.value);
      if (cap.value.trim() === '' || !(dailyCap > 0)) {
        cap.setAttribute('aria-invalid', 'true');
        throw new Error('Set a daily credit cap first: how many credits it may spend a day.');
      }
      cap.removeAttribute('aria-invalid');
      const list = await call('createWatch', { ...setup(), dailyCap } as WatchDraft);
      const made = list.watches[list.watches.length - 1];
      say(
        message,
        `Watching: new rows of "${made?.sheetName ?? ''}" are enriched as they arrive, up to ${creditsText(dailyCap)} a day. See Watches below.`,
        'ok',
      );
      announceChange();
    }),
  );
}
