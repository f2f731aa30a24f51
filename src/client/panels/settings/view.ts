// The Credit settings panel's view: one number field per setting, the price tables, and marking
// the field a server message names. Everything from the server is set as text.

import { settingCaption } from '../../../core/billing/settings';
import { priceLabel } from '../../../core/operations/pricing';
import { paceWords, SETTINGS_TEXTS } from '../../../core/text/catalogue/sidebar/settings';
import type { PaceSummary, Settings } from '../../../shared/rpc';
import { $, breakdown, buttonRow, el, field, hint, numberInput } from '../../dom';
import { operationGroups } from '../../operation-groups';

/**
 * Each setting's hint under its field, in the panel's order. Keyed by the settings' type, so a new
 * setting in src/shared/rpc.ts is a compile error here until its field has a hint.
 */
const HINTS: Record<keyof Settings, string> = {
  formulaDailyCap: SETTINGS_TEXTS.formulaDailyCap.text,
  confirmAbove: SETTINGS_TEXTS.confirmAbove.text,
  runHardCap: SETTINGS_TEXTS.runHardCap.text,
  requestsPerSecond: SETTINGS_TEXTS.requestsPerSecond.text,
};

const NAMES = Object.keys(HINTS) as (keyof Settings)[];

const inputId = (name: keyof Settings) => `setting-${name}`;

function fieldRow(name: keyof Settings): HTMLElement {
  const id = inputId(name);
  return field(
    settingCaption(name),
    numberInput(id, '0', 'any', {
      name,
      inputmode: 'decimal',
      required: true,
      'aria-describedby': `${id}-hint`,
    }),
    el('p', { id: `${id}-hint`, class: 'hint' }, HINTS[name]),
  );
}

/** Prices from the operations table, one small table per group. */
function priceTables(): HTMLElement {
  return el(
    'details',
    { class: 'prices', id: 'prices' },
    el('summary', {}, SETTINGS_TEXTS.prices.text),
    ...operationGroups().map(({ name, operations }) =>
      breakdown(
        name,
        operations.map((op) => [op.label, priceLabel(op)]),
      ),
    ),
    hint(SETTINGS_TEXTS.pricesHint.text),
  );
}

type SettingsElements = ReturnType<typeof buildSettingsBody>;

/** Fills the panel's body in sidebar.html: the form, then the prices. */
export function buildSettingsBody() {
  const save = el('button', { type: 'submit', id: 'settings-save', class: 'action' }, 'Save');
  const message = el('p', { id: 'settings-message', class: 'message', role: 'status' });
  const pace = el('p', { id: 'settings-pace', class: 'hint' });
  const form = el(
    'form',
    { id: 'settings-form', novalidate: true },
    ...NAMES.map(fieldRow),
    pace,
    buttonRow(save),
    message,
  );
  $('settings-body').replaceChildren(form, priceTables());
  return { note: $('settings-note'), pace, form, save, message };
}

const input = (name: keyof Settings) => $(inputId(name)) as HTMLInputElement;

export function showSettings(ui: SettingsElements, settings: Settings): void {
  for (const name of NAMES) input(name).value = String(settings[name]);
  clearInvalid();
  ui.note.textContent = `${settings.formulaDailyCap.toLocaleString('en-US')}/day for formulas`;
}

export function clearInvalid(): void {
  for (const name of NAMES) input(name).removeAttribute('aria-invalid');
}

/** Every field as typed, trimmed: the server parses and validates. */
export function readChange(): Partial<Record<keyof Settings, unknown>> {
  return Object.fromEntries(NAMES.map((name) => [name, input(name).value.trim()]));
}

/** Marks and focuses the field a server message is about: messages start with the setting's caption. */
export function markInvalid(messageText: string): void {
  const bad = NAMES.find((name) => messageText.startsWith(settingCaption(name)));
  if (!bad) return;
  input(bad).setAttribute('aria-invalid', 'true');
  input(bad).focus();
}

/** The pace learned so far: "API pace now: 1.0 a second, learned 5 minutes ago (…)". */
export function showPace(ui: SettingsElements, pace: PaceSummary | null): void {
  ui.pace.textContent = pace ? SETTINGS_TEXTS.pace.say(paceWords(pace), pace.refusalsToday) : '';
}
