// The Saved results panel: how many paid answers are kept, how old they are, how much room they
// take, and clearing them, after a confirmation that says what buying them again would cost.
import type { CacheView } from '../../../shared/rpc';
import { $, busy, el, errorText, formatCredits, say } from '../../dom';
import { latestOnly } from '../../latest-only';
import { call } from '../../rpc-client';

function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  return `${(bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
}

/** A date and time as the user reads them; the server's clock stamped it, so no "ago" is guessed here. */
function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const results = (n: number) => `${n.toLocaleString('en-US')} saved result${n === 1 ? '' : 's'}`;

function figure(label: string, value: string, id: string): HTMLElement {
  return el('div', { class: 'figure' }, el('span', {}, label), el('strong', { id }, value));
}

export interface CachePanel {
  refresh(): Promise<void>;
}

export function mountCachePanel(): CachePanel {
  const body = $('cache-body');
  const note = $('cache-note');
  const figures = el('div', { id: 'cache-figures' }, el('p', { class: 'hint' }, 'Loading…'));
  const clear = el('button', { type: 'button', id: 'cache-clear' }, 'Clear saved results…');
  const question = el('p', { id: 'cache-confirm-text', class: 'warning' });
  const confirm = el('button', { type: 'button', id: 'cache-confirm', class: 'danger' }, 'Clear them');
  const keep = el('button', { type: 'button', id: 'cache-keep' }, 'Keep them');
  const confirmation = el(
    'div',
    {
      id: 'cache-confirmation',
      class: 'confirmation',
      role: 'group',
      'aria-labelledby': 'cache-confirm-text',
    },
    question,
    el('div', { class: 'buttons' }, confirm, keep),
  );
  confirmation.hidden = true;
  const message = el('p', { id: 'cache-message', class: 'message', role: 'status' });
  body.replaceChildren(
    el(
      'p',
      { class: 'hint' },
      'Every paid answer is kept, so recalculating, reopening or moving rows costs nothing.',
    ),
    figures,
    el('div', { class: 'buttons' }, clear),
    confirmation,
    message,
  );
  let last: CacheView | null = null;

  const show = (view: CacheView) => {
    last = view;
    note.textContent = view.entries.toLocaleString('en-US');
    clear.disabled = view.entries === 0;
    figures.replaceChildren(
      figure('Saved results', view.entries.toLocaleString('en-US'), 'cache-entries'),
      figure('Oldest', view.oldestAt === null ? '–' : formatWhen(view.oldestAt), 'cache-oldest'),
      figure('Newest', view.newestAt === null ? '–' : formatWhen(view.newestAt), 'cache-newest'),
      figure('Room taken', formatBytes(view.bytes), 'cache-bytes'),
      figure('They cost', formatCredits(view.rebuyCredits), 'cache-rebuy'),
    );
  };
  const load = latestOnly(() => call('getCacheStats'), show);

  const closeConfirmation = () => {
    confirmation.hidden = true;
    clear.hidden = false;
  };
  clear.addEventListener('click', () => {
    if (!last) return;
    question.textContent =
      `Clear ${results(last.entries)}? Formulas and bulk runs that need them again will pay again: ` +
      `up to ${formatCredits(last.rebuyCredits)} to re-run them all.`;
    clear.hidden = true;
    confirmation.hidden = false;
    confirm.focus();
  });
  keep.addEventListener('click', () => {
    closeConfirmation();
    clear.focus();
  });
  confirm.addEventListener('click', () =>
    busy(confirm, message, async () => {
      const before = last?.entries ?? 0;
      // Any reload still on its way was answered before the clear: it must not be shown after it.
      const view = await call('clearCache');
      load.show(view);
      closeConfirmation();
      say(message, `Cleared ${results(before - view.entries)}.`, 'ok');
      clear.focus();
    }),
  );

  const refresh = async () => {
    try {
      await load();
    } catch (error) {
      say(message, errorText(error), 'error');
    }
  };
  return { refresh };
}
