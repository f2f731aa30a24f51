// Small helpers every part of the page uses: elements by id, the status line and the toast.
// Everything that comes from the add-on or the API is shown with textContent, never parsed as HTML.

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
};

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function status(text: string): void {
  $('status').textContent = text;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** A message at the bottom left for a few seconds, as Sheets shows one. */
export function toast(text: string): void {
  const shown = $('toast');
  shown.textContent = text;
  shown.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    shown.hidden = true;
  }, 6000);
}

/** Sets an element's text only when it differs: the page's poll repaints every few seconds, and
 * writing the same text again still makes the browser lay the page out and paint it. */
export function setText(id: string, text: string): void {
  const shown = $(id);
  if (shown.textContent !== text) shown.textContent = text;
}

// One formatter for every amount: toLocaleString builds a new one on each call.
const CREDITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const formatCredits = (n: number) => CREDITS.format(n);
