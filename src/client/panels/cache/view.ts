// The Saved results panel's view: the figures, the Clear button and its confirmation. Everything from
// the server is set as text.

import { CACHE_TEXTS } from '../../../core/text/catalogue/sidebar/cache';
import { TIMES_TEXTS } from '../../../core/text/catalogue/sidebar/times';
import { creditsText } from '../../../core/text/credits';
import type { CacheView } from '../../../shared/rpc';
import { $, buttonRow, confirmationBox, el, figure, hint, pushButton } from '../../dom';

function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  return `${(bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
}

export const results = (n: number) => `${n.toLocaleString('en-US')} saved result${n === 1 ? '' : 's'}`;

export type CacheElements = ReturnType<typeof buildCacheBody>;

/**
 * Shown only when the hidden sheet of saved answers was deleted: what it held, and that nothing is
 * bought again until the user goes on without it.
 */
function buildLost() {
  const lostText = el('p', { id: 'cache-lost-text', class: 'warning' });
  const goOn = pushButton(CACHE_TEXTS.goOn.text, { id: 'cache-go-on' });
  const lost = el(
    'div',
    { id: 'cache-lost', role: 'alert', hidden: true },
    lostText,
    hint(CACHE_TEXTS.lostHint.text),
    buttonRow(goOn),
  );
  return { lost, lostText, goOn };
}

/**
 * Fills the panel's body in sidebar.html. The confirmation starts hidden: Clear opens it, with what
 * buying the results again would cost; Clear everywhere clears the account's answers in all the
 * user's spreadsheets.
 */
export function buildCacheBody() {
  const figures = el('div', { id: 'cache-figures' }, hint('Loading…'));
  const lostParts = buildLost();
  const clear = pushButton(CACHE_TEXTS.clear.text, { id: 'cache-clear' });
  const clearEverywhere = pushButton(CACHE_TEXTS.clearEverywhere.text, { id: 'cache-clear-everywhere' });
  const parts = confirmationBox('cache', CACHE_TEXTS.clearThem.text, 'danger', CACHE_TEXTS.keepThem.text);
  const message = el('p', { id: 'cache-message', class: 'message', role: 'status' });
  $('cache-body').replaceChildren(
    hint(CACHE_TEXTS.kept.text),
    lostParts.lost,
    figures,
    buttonRow(clear, clearEverywhere),
    parts.confirmation,
    message,
  );
  return { note: $('cache-note'), ...lostParts, figures, clear, clearEverywhere, ...parts, message };
}

export function showCache(ui: CacheElements, view: CacheView): void {
  ui.note.textContent = view.entries.toLocaleString('en-US');
  // What a deleted hidden sheet lost, and what the shared memory let go for room: read, then gone on from.
  const lost = [view.lostResults, view.memoryEvicted].filter((text) => text !== null);
  ui.lost.hidden = lost.length === 0;
  ui.lostText.textContent = lost.join(' ');
  ui.clear.disabled = view.entries === 0;
  ui.clearEverywhere.disabled = view.everywhere.entries === 0;
  const { everywhere } = view;
  ui.figures.replaceChildren(
    figure(CACHE_TEXTS.savedResults.text, view.entries.toLocaleString('en-US'), 'cache-entries'),
    // Written by the server in the spreadsheet's time zone, as every time the add-on shows.
    figure('Oldest', view.oldest ?? '–', 'cache-oldest'),
    figure('Newest', view.newest ?? '–', 'cache-newest'),
    figure(CACHE_TEXTS.roomTaken.text, formatBytes(view.bytes), 'cache-bytes'),
    figure(CACHE_TEXTS.theyCost.text, creditsText(view.rebuyCredits), 'cache-rebuy'),
    figure(
      CACHE_TEXTS.everywhere.text,
      `${everywhere.entries.toLocaleString('en-US')} from ${everywhere.spreadsheets} spreadsheet${everywhere.spreadsheets === 1 ? '' : 's'}`,
      'cache-everywhere',
    ),
    ...(view.oldest === null ? [] : [hint(TIMES_TEXTS.note.say(view.timeZone), { id: 'cache-times' })]),
  );
}

/** Clear gives way to the question, its Clear them button focused. */
export function openConfirmation(ui: CacheElements, view: CacheView, everywhere = false): void {
  ui.question.textContent = everywhere
    ? CACHE_TEXTS.clearEverywhereQuestion.say(
        results(view.entries),
        view.everywhere.entries,
        view.everywhere.rebuyCredits,
      )
    : CACHE_TEXTS.clearQuestion.say(results(view.entries), view.rebuyCredits);
  ui.clear.hidden = true;
  ui.clearEverywhere.hidden = true;
  ui.confirmation.hidden = false;
  ui.confirm.focus();
}

export function closeConfirmation(ui: CacheElements): void {
  ui.confirmation.hidden = true;
  ui.clear.hidden = false;
  ui.clearEverywhere.hidden = false;
}
