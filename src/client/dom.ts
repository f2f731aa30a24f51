// Small DOM helpers for the sidebar panels. Text from the server is always set as text, never as
// HTML: `el` has no way to insert markup.

type Attributes = Record<string, string | boolean | undefined>;
type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  appendChildren(node, children);
  return node;
}

/** `undefined` and `false` leave an attribute out; `true` sets it empty, as HTML spells it. */
function setAttributes(node: HTMLElement, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') node.className = String(value);
    else node.setAttribute(name, value === true ? '' : value);
  }
}

/** Strings become text nodes; empty children let callers write `cond ? el(...) : null`. */
function appendChildren(node: HTMLElement, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A button of type "button" (a push button: it submits nothing), saying `text`. */
export function pushButton(text: string, attributes: Attributes = {}): HTMLButtonElement {
  return el('button', { type: 'button', ...attributes }, text);
}

/** A number field: the least it takes and its step; `more` adds attributes (its value, a hint). */
export function numberInput(id: string, min: string, step: string, more: Attributes = {}): HTMLInputElement {
  return el('input', { id, type: 'number', min, step, ...more });
}

/** A hint: a line of grey words under what it explains. */
export function hint(text: string, attributes: Attributes = {}): HTMLElement {
  return el('p', { class: 'hint', ...attributes }, text);
}

/** A row of buttons. */
export function buttonRow(...buttons: Child[]): HTMLElement {
  return el('div', { class: 'buttons' }, ...buttons);
}

/** A labelled field: its label names `input` by its id; `more` follows the input (a hint). */
export function field(label: string, input: HTMLElement, ...more: Child[]): HTMLElement {
  return el('div', { class: 'field' }, el('label', { for: input.id }, label), input, ...more);
}

/** A figure's line: its label, then its value in bold (`id`: the value's, when it has one). */
export function figure(label: string, value: string, id?: string): HTMLElement {
  return el('div', { class: 'figure' }, el('span', {}, label), el('strong', { id }, value));
}

/** The head of a list item (a job, a watch): its label, and a badge of its state (styled `badge-<kind>`). */
export function itemHead(label: string, badge: string, kind: string): HTMLElement {
  return el(
    'div',
    { class: 'job-head' },
    el('span', { class: 'job-label' }, label),
    el('span', { class: `badge badge-${kind}` }, badge),
  );
}

/** A table of labels and their values (a breakdown), under its caption. */
export function breakdown(caption: string, rows: [string, string][], id?: string): HTMLElement {
  const tr = ([label, value]: [string, string]) =>
    el('tr', {}, el('th', { scope: 'row' }, label), el('td', {}, value));
  return el(
    'table',
    { class: 'breakdown', id },
    el('caption', {}, caption),
    el('tbody', {}, ...rows.map(tr)),
  );
}

/** A question and its two buttons (`<prefix>-confirm`, `<prefix>-keep`), hidden until asked. */
export function confirmationBox(prefix: string, yes: string, yesClass: string, no: string) {
  const question = el('p', { id: `${prefix}-confirm-text`, class: 'warning' });
  const confirm = pushButton(yes, { id: `${prefix}-confirm`, class: yesClass });
  const keep = pushButton(no, { id: `${prefix}-keep` });
  const confirmation = el(
    'div',
    {
      id: `${prefix}-confirmation`,
      class: 'confirmation',
      role: 'group',
      'aria-labelledby': `${prefix}-confirm-text`,
      hidden: true,
    },
    question,
    buttonRow(confirm, keep),
  );
  return { question, confirm, keep, confirmation };
}

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shows a message in a status line: kind '' clears the colour. */
export function say(target: HTMLElement, text: string, kind: 'ok' | 'error' | '' = ''): void {
  target.textContent = text;
  target.className = `message ${kind}`;
}

/** Runs `work`, saying its failure in `status`: no call of a panel fails unseen. */
export async function reported(status: HTMLElement, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    say(status, errorText(error), 'error');
  }
}

/**
 * Runs `work` with the button disabled, reporting a failure in `status`. The sidebar's calls are
 * slow round trips: a second click must not send a second one.
 */
export async function busy(button: HTMLButtonElement, status: HTMLElement, work: () => Promise<unknown>) {
  button.disabled = true;
  await reported(status, work);
  button.disabled = false;
}

/** Each click on `button` runs `work` as busy() does. */
export function busyOnClick(
  button: HTMLButtonElement,
  status: HTMLElement,
  work: () => Promise<unknown>,
): void {
  button.addEventListener('click', () => busy(button, status, work));
}
