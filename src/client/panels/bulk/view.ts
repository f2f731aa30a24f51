// The Bulk run panel's view: the form (sheet, lookup, input columns, output, employee options), the
// confirmation and the progress box, built once; showOperation() fits the form to the lookup chosen.

import { headerLabel } from '../../../core/jobs/employee-sheet';
import { OPERATION_DOCS } from '../../../core/operations/docs';
import { priceLabel } from '../../../core/operations/pricing';
import type { Operation } from '../../../core/operations/types';
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import { buttonRow, el, field, hint, numberInput, pushButton } from '../../dom';
import { operationGroups } from '../../operation-groups';
import { NAME_COLUMNS, type NameSelects } from './columns';
import { refreshField } from './refresh-field';

/** The form's fields, the preview summary and the confirmation; the run's box and its buttons. */
export type Controls = ReturnType<typeof findControls>;

function selectField(id: string, label: string, ...children: HTMLElement[]): HTMLElement {
  return field(label, el('select', { id }, ...children));
}

function radio(name: string, value: string, label: string, checked = false): HTMLElement {
  return el('label', {}, el('input', { type: 'radio', name, value, checked }), ` ${label}`);
}

function operationOptions(): HTMLElement[] {
  return operationGroups().map(({ name, operations }) =>
    el(
      'optgroup',
      { label: name },
      ...operations.map((op) => el('option', { value: op.type }, `${op.label} (${priceLabel(op)})`)),
    ),
  );
}

/** Sheet, lookup, and the columns it reads: one input, or a name with its company and more. */
function inputFields(): HTMLElement[] {
  return [
    selectField('bulk-sheet', 'Sheet'),
    selectField('bulk-op', 'Lookup', ...operationOptions()),
    el('p', { id: 'bulk-op-help', class: 'hint' }),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'bulk-input', id: 'bulk-input-label' }, BULK_TEXTS.inputColumn.text),
      el('select', { id: 'bulk-input' }),
    ),
    el('div', { id: 'bulk-names' }, ...NAME_COLUMNS.map((c) => selectField(`bulk-${c.key}`, c.label))),
  ];
}

function outputFieldset(): HTMLElement {
  return el(
    'fieldset',
    { id: 'bulk-output' },
    el('legend', {}, 'Output'),
    radio('bulk-output', 'primary', BULK_TEXTS.mainValue.text, true),
    radio('bulk-output', 'fields', BULK_TEXTS.chosenFields.text),
    el('div', { id: 'bulk-fields', class: 'bulk-fields', hidden: true }),
  );
}

function employeesFieldset(): HTMLElement {
  return el(
    'fieldset',
    { id: 'bulk-employees', hidden: true },
    el('legend', {}, BULK_TEXTS.employeeLists.text),
    el('label', { for: 'bulk-department' }, 'Department (optional)'),
    el('input', { id: 'bulk-department', type: 'text', autocomplete: 'off' }),
    el('label', { for: 'bulk-seniority' }, 'Seniority (optional)'),
    el('input', { id: 'bulk-seniority', type: 'text', autocomplete: 'off' }),
    el('label', { for: 'bulk-max' }, BULK_TEXTS.maxEmployees.text),
    numberInput('bulk-max', '1', '1', { inputmode: 'numeric' }),
    hint(BULK_TEXTS.assumedEmployees.text),
    radio('bulk-destination', 'sheet-per-company', BULK_TEXTS.sheetPerCompany.text, true),
    radio('bulk-destination', 'combined-sheet', BULK_TEXTS.combinedSheet.text),
  );
}

function confirmBox(): HTMLElement {
  return el(
    'div',
    {
      id: 'bulk-confirm',
      class: 'confirmation',
      role: 'alertdialog',
      'aria-labelledby': 'bulk-confirm-text',
      hidden: true,
    },
    el('p', { id: 'bulk-confirm-text' }),
    buttonRow(
      pushButton(BULK_TEXTS.runItButton.text, { id: 'bulk-confirm-run', class: 'action' }),
      pushButton(BULK_TEXTS.notNow.text, { id: 'bulk-confirm-back' }),
    ),
  );
}

function form(): HTMLElement {
  return el(
    'div',
    { class: 'bulk-form' },
    ...inputFields(),
    outputFieldset(),
    employeesFieldset(),
    refreshField(),
    buttonRow(
      pushButton('Preview', { id: 'bulk-preview' }),
      pushButton('Run', { id: 'bulk-run', class: 'action' }),
    ),
    el('div', { id: 'bulk-summary', class: 'bulk-summary', 'aria-live': 'polite' }),
    confirmBox(),
  );
}

function progressBox(): HTMLElement {
  return el(
    'div',
    { id: 'bulk-progress-box', class: 'bulk-progress', hidden: true },
    el('p', { id: 'bulk-progress-title', class: 'bulk-progress-title' }),
    el('progress', { id: 'bulk-progress', max: '1', value: '0', 'aria-labelledby': 'bulk-progress-text' }),
    el('p', { id: 'bulk-progress-text', role: 'status' }),
    el('p', { id: 'bulk-counts', class: 'hint' }),
    buttonRow(
      pushButton('Pause', { id: 'bulk-pause', hidden: true }),
      pushButton('Resume', { id: 'bulk-resume', class: 'action', hidden: true }),
      pushButton(BULK_TEXTS.cancelRun.text, { id: 'bulk-cancel', hidden: true }),
      pushButton(BULK_TEXTS.retryFailed.text, { id: 'bulk-retry', hidden: true }),
      pushButton(BULK_TEXTS.goOn.text, { id: 'bulk-go-on', hidden: true }),
    ),
  );
}

/** The whole panel, open: progress first (a run under way matters most), then the form. */
export function buildBulkPanel() {
  const root = el(
    'details',
    { class: 'panel', id: 'bulk-details', open: true },
    el('summary', {}, el('h2', {}, BULK_TEXTS.title.text), el('span', { id: 'bulk-note', class: 'note' })),
    el(
      'div',
      { class: 'panel-body' },
      hint(BULK_TEXTS.intro.text),
      progressBox(),
      el('p', { id: 'bulk-message', class: 'message', role: 'alert' }),
      form(),
    ),
  );
  return findControls(root);
}

function findControls(root: HTMLElement) {
  const find = <T extends HTMLElement = HTMLElement>(id: string) => root.querySelector(`#${id}`) as T;
  return {
    root,
    form: root.querySelector('.bulk-form') as HTMLElement,
    message: find('bulk-message'),
    note: find('bulk-note'),
    sheet: find<HTMLSelectElement>('bulk-sheet'),
    op: find<HTMLSelectElement>('bulk-op'),
    opHelp: find('bulk-op-help'),
    inputLabel: find('bulk-input-label'),
    input: find<HTMLSelectElement>('bulk-input'),
    names: find('bulk-names'),
    nameSelects: {
      company: find<HTMLSelectElement>('bulk-company'),
      location: find<HTMLSelectElement>('bulk-location'),
      jobTitle: find<HTMLSelectElement>('bulk-jobTitle'),
    } satisfies NameSelects,
    output: find('bulk-output'),
    fields: find('bulk-fields'),
    employees: find('bulk-employees'),
    department: find<HTMLInputElement>('bulk-department'),
    seniority: find<HTMLInputElement>('bulk-seniority'),
    max: find<HTMLInputElement>('bulk-max'),
    refresh: find('bulk-refresh'),
    refreshOn: find<HTMLInputElement>('bulk-refresh-on'),
    refreshDays: find<HTMLInputElement>('bulk-refresh-days'),
    refreshBudget: find<HTMLInputElement>('bulk-refresh-budget'),
    refreshOrder: find<HTMLSelectElement>('bulk-refresh-order'),
    refreshOver: find<HTMLSelectElement>('bulk-refresh-over'),
    preview: find<HTMLButtonElement>('bulk-preview'),
    run: find<HTMLButtonElement>('bulk-run'),
    summary: find('bulk-summary'),
    confirm: find('bulk-confirm'),
    confirmText: find('bulk-confirm-text'),
    confirmRun: find<HTMLButtonElement>('bulk-confirm-run'),
    confirmBack: find<HTMLButtonElement>('bulk-confirm-back'),
    progressBox: find('bulk-progress-box'),
    progressTitle: find('bulk-progress-title'),
    bar: find<HTMLProgressElement>('bulk-progress'),
    progressText: find('bulk-progress-text'),
    counts: find('bulk-counts'),
    pause: find<HTMLButtonElement>('bulk-pause'),
    resume: find<HTMLButtonElement>('bulk-resume'),
    cancel: find<HTMLButtonElement>('bulk-cancel'),
    retry: find<HTMLButtonElement>('bulk-retry'),
    goOn: find<HTMLButtonElement>('bulk-go-on'),
  };
}

/** The value of the checked radio of a group, '' when none is. */
export function checkedValue(ui: Controls, name: string): string {
  return ui.root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';
}

export function showFieldsIfChosen(ui: Controls): void {
  ui.fields.hidden = checkedValue(ui, 'bulk-output') !== 'fields';
}

/** Fits the form to the lookup: its help and price, the columns it reads, the outputs it allows. */
export function showOperation(ui: Controls, op: Operation): void {
  ui.opHelp.textContent = BULK_TEXTS.opHelp.say(OPERATION_DOCS[op.type].help, priceLabel(op));
  const isName = op.input === 'person_name';
  ui.names.hidden = !isName;
  ui.inputLabel.textContent = isName ? BULK_TEXTS.fullNameColumn.text : BULK_TEXTS.inputColumn.text;
  ui.employees.hidden = op.shape !== 'employees';
  ui.refresh.hidden = op.shape === 'employees';
  const fieldsAllowed = op.shape === 'record';
  ui.output.hidden = !fieldsAllowed;
  if (!fieldsAllowed) {
    const primary = ui.root.querySelector<HTMLInputElement>('input[name="bulk-output"][value="primary"]');
    if (primary) primary.checked = true;
  }
  ui.fields.replaceChildren(
    ...op.fields.map((field, i) =>
      el(
        'label',
        {},
        el('input', { type: 'checkbox', name: 'bulk-field', value: field, checked: i === 0 }),
        ` ${headerLabel(field)}`,
      ),
    ),
  );
  showFieldsIfChosen(ui);
}
