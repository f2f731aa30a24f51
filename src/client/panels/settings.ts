// The Credit settings panel: the formula daily cap, when bulk runs ask for confirmation, the per-run
// hard cap, how long results are kept, and the price of each operation. The server validates:
// its message is shown as is, beside the field it names.

import { SETTING_LABELS } from '../../core/billing/settings';
import { priceLabel } from '../../core/operations/pricing';
import { OPERATIONS } from '../../core/operations/table';
import type { Group } from '../../core/operations/types';
import type { Settings } from '../../shared/rpc';
import { $, busy, el, errorText, say } from '../dom';
import { call } from '../rpc-client';

interface Field {
  name: keyof Settings;
  unit: string;
  hint: string;
}

const FIELDS: readonly Field[] = [
  {
    name: 'formulaDailyCap',
    unit: 'credits a day',
    hint: 'All formulas of this spreadsheet together. Past it, a formula says so instead of paying.',
  },
  {
    name: 'confirmAbove',
    unit: 'credits',
    hint: 'A bulk run estimated above this asks you first.',
  },
  {
    name: 'runHardCap',
    unit: 'credits',
    hint: 'A bulk run stops once it has spent this much. 0 means no cap.',
  },
  {
    name: 'requestsPerSecond',
    unit: 'per second',
    hint: 'From your API plan. Formulas and bulk runs keep to it; a 429 slows them down further.',
  },
  {
    name: 'cacheTtlDays',
    unit: 'days',
    hint: 'A paid answer is reused this long: recalculating costs nothing.',
  },
];

const GROUP_NAMES: Record<Group, string> = { people: 'People', companies: 'Companies', social: 'Social' };

const inputId = (name: keyof Settings) => `setting-${name}`;

function fieldRow(field: Field): HTMLElement {
  const id = inputId(field.name);
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id }, `${SETTING_LABELS[field.name]} (${field.unit})`),
    el('input', {
      id,
      name: field.name,
      type: 'number',
      inputmode: 'decimal',
      min: '0',
      step: 'any',
      required: true,
      'aria-describedby': `${id}-hint`,
    }),
    el('p', { id: `${id}-hint`, class: 'hint' }, field.hint),
  );
}

/** Prices from the operations table, one small table per group. */
function priceTables(): HTMLElement {
  const groups = [...new Set(OPERATIONS.map((op) => op.group))];
  return el(
    'details',
    { class: 'prices', id: 'prices' },
    el('summary', {}, 'Price of each lookup'),
    ...groups.map((group) =>
      el(
        'table',
        { class: 'breakdown' },
        el('caption', {}, GROUP_NAMES[group]),
        el(
          'tbody',
          {},
          ...OPERATIONS.filter((op) => op.group === group).map((op) =>
            el('tr', {}, el('th', { scope: 'row' }, op.label), el('td', {}, priceLabel(op))),
          ),
        ),
      ),
    ),
    el('p', { class: 'hint' }, 'A lookup that finds nothing is charged too. Saved results are free.'),
  );
}

/** The field a server message is about: messages start with the setting's label. */
function fieldNamed(text: string): keyof Settings | null {
  const match = FIELDS.find((field) => text.startsWith(SETTING_LABELS[field.name]));
  return match?.name ?? null;
}

export interface SettingsPanel {
  /** The saved settings, once loaded. */
  current(): Settings | null;
}

/** `changed` runs after the settings load and after each save (`saved` true). */
export function mountSettingsPanel(changed: (settings: Settings, saved: boolean) => void): SettingsPanel {
  const body = $('settings-body');
  const note = $('settings-note');
  const save = el('button', { type: 'submit', id: 'settings-save', class: 'action' }, 'Save');
  const message = el('p', { id: 'settings-message', class: 'message', role: 'status' });
  const form = el(
    'form',
    { id: 'settings-form', novalidate: true },
    ...FIELDS.map(fieldRow),
    el('div', { class: 'buttons' }, save),
    message,
  );
  body.replaceChildren(form, priceTables());
  let current: Settings | null = null;

  const input = (name: keyof Settings) => $(inputId(name)) as HTMLInputElement;
  const show = (settings: Settings) => {
    current = settings;
    for (const field of FIELDS) {
      input(field.name).value = String(settings[field.name]);
      input(field.name).removeAttribute('aria-invalid');
    }
    note.textContent = `${settings.formulaDailyCap.toLocaleString('en-US')}/day for formulas`;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(save, message, async () => {
      for (const field of FIELDS) input(field.name).removeAttribute('aria-invalid');
      const change: Partial<Record<keyof Settings, unknown>> = {};
      for (const field of FIELDS) change[field.name] = input(field.name).value.trim();
      try {
        show(await call('saveSettings', change));
      } catch (error) {
        const bad = fieldNamed(errorText(error));
        if (bad) {
          input(bad).setAttribute('aria-invalid', 'true');
          input(bad).focus();
        }
        throw error;
      }
      say(message, 'Settings saved.', 'ok');
      if (current) changed(current, true);
    });
  });

  void (async () => {
    try {
      show(await call('getSettings'));
      if (current) changed(current, false);
    } catch (error) {
      say(message, errorText(error), 'error');
    }
  })();
  return { current: () => current };
}
