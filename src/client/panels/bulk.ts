// The Bulk run panel: look up a whole column. Choose the operation (with its price), the input
// columns from the sheet's headers and where results go; preview what it will cost; run it as a loop
// of short server calls with a progress bar; pause, resume, cancel, retry the failed rows. Opening
// the sidebar offers to resume an unfinished run. Everything from the server is set as text.

import { headerLabel } from '../../core/jobs/employee-sheet';
import { OPERATION_DOCS } from '../../core/operations/docs';
import { priceLabel } from '../../core/operations/pricing';
import { OPERATIONS, operationByType } from '../../core/operations/table';
import type { Group, Operation } from '../../core/operations/types';
import type { BulkPreview, BulkProgress, BulkRunConfig, SheetColumns } from '../../shared/bulk-rpc';
import { $, el, errorText, formatCredits, say } from '../dom';
import { call } from '../rpc-client';
import { announceChange } from './ledger';

const GROUP_NAMES: Record<Group, string> = { people: 'People', companies: 'Companies', social: 'Social' };

/** Header words that suggest which column holds an input, by the operation's input kind. */
const INPUT_HINTS: Record<Operation['input'], RegExp> = {
  person_name: /name/i,
  email: /e-?mail/i,
  person_url: /profile|pronet|url|link/i,
  company_name: /company|organi[sz]ation|account|firm|employer/i,
  company_domain: /domain|website|site/i,
  company_url: /company.*(url|page)|pronet|url/i,
  post_url: /post/i,
  any_identifier: /company|name|domain|identifier/i,
  photonet_handle: /photonet|handle|instagram|user/i,
};

const NAME_COLUMNS = [
  {
    key: 'company',
    label: 'Company column',
    hint: /company|organi[sz]ation|employer|account/i,
    required: true,
  },
  {
    key: 'location',
    label: 'Location column (optional)',
    hint: /location|city|country|region/i,
    required: false,
  },
  { key: 'jobTitle', label: 'Job title column (optional)', hint: /title|role|position/i, required: false },
] as const;

const STATE_TEXT: Record<BulkProgress['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  cancelled: 'Cancelled',
  done: 'Done',
};

/** Slices run back to back; a refreshed ledger is asked for after this many. */
const LEDGER_EVERY = 5;

function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `about ${minutes} min left` : `about ${Math.round(minutes / 60)} h left`;
}

function selectField(id: string, label: string, ...children: HTMLElement[]): HTMLElement {
  return el('div', { class: 'field' }, el('label', { for: id }, label), el('select', { id }, ...children));
}

function radio(name: string, value: string, label: string, checked = false): HTMLElement {
  return el('label', {}, el('input', { type: 'radio', name, value, checked }), ` ${label}`);
}

function operationOptions(): HTMLElement[] {
  const groups = [...new Set(OPERATIONS.map((op) => op.group))];
  return groups.map((group) =>
    el(
      'optgroup',
      { label: GROUP_NAMES[group] },
      ...OPERATIONS.filter((op) => op.group === group).map((op) =>
        el('option', { value: op.type }, `${op.label} (${priceLabel(op)})`),
      ),
    ),
  );
}

interface Controls {
  root: HTMLElement;
  sheet: HTMLSelectElement;
  op: HTMLSelectElement;
  opHelp: HTMLElement;
  inputLabel: HTMLElement;
  input: HTMLSelectElement;
  names: HTMLElement;
  nameSelects: Record<(typeof NAME_COLUMNS)[number]['key'], HTMLSelectElement>;
  output: HTMLElement;
  fields: HTMLElement;
  employees: HTMLElement;
  department: HTMLInputElement;
  seniority: HTMLInputElement;
  max: HTMLInputElement;
  preview: HTMLButtonElement;
  run: HTMLButtonElement;
  summary: HTMLElement;
  confirm: HTMLElement;
  confirmText: HTMLElement;
  confirmRun: HTMLButtonElement;
  confirmBack: HTMLButtonElement;
  progressBox: HTMLElement;
  progressTitle: HTMLElement;
  bar: HTMLProgressElement;
  progressText: HTMLElement;
  counts: HTMLElement;
  message: HTMLElement;
  pause: HTMLButtonElement;
  resume: HTMLButtonElement;
  cancel: HTMLButtonElement;
  retry: HTMLButtonElement;
  note: HTMLElement;
}

function build(): Controls {
  const nameSelect = (id: string, label: string) => selectField(id, label);
  const form = el(
    'div',
    { class: 'bulk-form' },
    selectField('bulk-sheet', 'Sheet'),
    selectField('bulk-op', 'Lookup', ...operationOptions()),
    el('p', { id: 'bulk-op-help', class: 'hint' }),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'bulk-input', id: 'bulk-input-label' }, 'Input column'),
      el('select', { id: 'bulk-input' }),
    ),
    el('div', { id: 'bulk-names' }, ...NAME_COLUMNS.map((c) => nameSelect(`bulk-${c.key}`, c.label))),
    el(
      'fieldset',
      { id: 'bulk-output' },
      el('legend', {}, 'Output'),
      radio('bulk-output', 'primary', 'Main value, in one column', true),
      radio('bulk-output', 'fields', 'Chosen fields, one column each'),
      el('div', { id: 'bulk-fields', class: 'bulk-fields', hidden: true }),
    ),
    el(
      'fieldset',
      { id: 'bulk-employees', hidden: true },
      el('legend', {}, 'Employee lists'),
      el('label', { for: 'bulk-department' }, 'Department (optional)'),
      el('input', { id: 'bulk-department', type: 'text', autocomplete: 'off' }),
      el('label', { for: 'bulk-seniority' }, 'Seniority (optional)'),
      el('input', { id: 'bulk-seniority', type: 'text', autocomplete: 'off' }),
      el('label', { for: 'bulk-max' }, 'At most this many employees per company'),
      el('input', { id: 'bulk-max', type: 'number', min: '1', step: '1', inputmode: 'numeric' }),
      el('p', { class: 'hint' }, 'Without a maximum the estimate assumes 25 employees per company.'),
      radio('bulk-destination', 'sheet-per-company', 'A new sheet per company', true),
      radio('bulk-destination', 'combined-sheet', 'One sheet for all, with a Company column'),
    ),
    el(
      'div',
      { class: 'buttons' },
      el('button', { type: 'button', id: 'bulk-preview' }, 'Preview'),
      el('button', { type: 'button', id: 'bulk-run', class: 'action' }, 'Run'),
    ),
    el('div', { id: 'bulk-summary', class: 'bulk-summary', 'aria-live': 'polite' }),
    el(
      'div',
      {
        id: 'bulk-confirm',
        class: 'bulk-confirm',
        role: 'alertdialog',
        'aria-labelledby': 'bulk-confirm-text',
        hidden: true,
      },
      el('p', { id: 'bulk-confirm-text' }),
      el(
        'div',
        { class: 'buttons' },
        el('button', { type: 'button', id: 'bulk-confirm-run', class: 'action' }, 'Run it'),
        el('button', { type: 'button', id: 'bulk-confirm-back' }, 'Not now'),
      ),
    ),
  );
  const progress = el(
    'div',
    { id: 'bulk-progress-box', class: 'bulk-progress', hidden: true },
    el('p', { id: 'bulk-progress-title', class: 'bulk-progress-title' }),
    el('progress', { id: 'bulk-progress', max: '1', value: '0', 'aria-labelledby': 'bulk-progress-text' }),
    el('p', { id: 'bulk-progress-text', role: 'status' }),
    el('p', { id: 'bulk-counts', class: 'hint' }),
    el(
      'div',
      { class: 'buttons' },
      el('button', { type: 'button', id: 'bulk-pause', hidden: true }, 'Pause'),
      el('button', { type: 'button', id: 'bulk-resume', class: 'action', hidden: true }, 'Resume'),
      el('button', { type: 'button', id: 'bulk-cancel', hidden: true }, 'Cancel run'),
      el('button', { type: 'button', id: 'bulk-retry', hidden: true }, 'Retry failed rows'),
    ),
  );
  const root = el(
    'details',
    { class: 'panel', id: 'bulk-details', open: true },
    el('summary', {}, el('h2', {}, 'Bulk run'), el('span', { id: 'bulk-note', class: 'note' })),
    el(
      'div',
      { class: 'panel-body' },
      el(
        'p',
        { class: 'hint' },
        'Look up a whole column. Filled rows, repeats and saved results cost nothing.',
      ),
      progress,
      el('p', { id: 'bulk-message', class: 'message', role: 'alert' }),
      form,
    ),
  );
  const find = <T extends HTMLElement>(id: string) => root.querySelector(`#${id}`) as T;
  return {
    root,
    sheet: find('bulk-sheet'),
    op: find('bulk-op'),
    opHelp: find('bulk-op-help'),
    inputLabel: find('bulk-input-label'),
    input: find('bulk-input'),
    names: find('bulk-names'),
    nameSelects: {
      company: find('bulk-company'),
      location: find('bulk-location'),
      jobTitle: find('bulk-jobTitle'),
    },
    output: find('bulk-output'),
    fields: find('bulk-fields'),
    employees: find('bulk-employees'),
    department: find('bulk-department'),
    seniority: find('bulk-seniority'),
    max: find('bulk-max'),
    preview: find('bulk-preview'),
    run: find('bulk-run'),
    summary: find('bulk-summary'),
    confirm: find('bulk-confirm'),
    confirmText: find('bulk-confirm-text'),
    confirmRun: find('bulk-confirm-run'),
    confirmBack: find('bulk-confirm-back'),
    progressBox: find('bulk-progress-box'),
    progressTitle: find('bulk-progress-title'),
    bar: find('bulk-progress'),
    progressText: find('bulk-progress-text'),
    counts: find('bulk-counts'),
    message: find('bulk-message'),
    pause: find('bulk-pause'),
    resume: find('bulk-resume'),
    cancel: find('bulk-cancel'),
    retry: find('bulk-retry'),
    note: find('bulk-note'),
  };
}

function previewView(preview: BulkPreview): HTMLElement {
  const figure = (label: string, value: string) =>
    el('div', { class: 'figure' }, el('span', {}, label), el('strong', {}, value));
  const cost = `${preview.estimateIsBound ? 'up to ' : ''}${formatCredits(preview.estimatedCredits)}`;
  const outputs = preview.outputColumns
    .map((o) => `${columnLetters(o.column)} (${o.header}${o.created ? ', new' : ''})`)
    .join(', ');
  const status = preview.statusColumn;
  const list = preview.invalid.map((item) => el('li', {}, `Row ${item.row}: ${item.message}`));
  const more = preview.invalidCount - preview.invalid.length;
  return el(
    'div',
    { class: 'bulk-numbers' },
    figure('Rows', preview.rows.toLocaleString('en-US')),
    figure('Already filled (skipped)', preview.alreadyFilled.toLocaleString('en-US')),
    figure('Duplicates (looked up once)', preview.duplicates.toLocaleString('en-US')),
    figure('Saved results (free)', preview.cached.toLocaleString('en-US')),
    figure('Invalid input (not sent)', preview.invalidCount.toLocaleString('en-US')),
    figure('Blank', preview.blank.toLocaleString('en-US')),
    figure('New lookups', preview.toLookUp.toLocaleString('en-US')),
    el(
      'div',
      { class: 'figure bulk-cost' },
      el('span', {}, 'Estimated cost'),
      el('strong', { id: 'bulk-estimate' }, cost),
    ),
    el(
      'p',
      { class: 'hint' },
      `Results go to column ${outputs}; row status to column ${columnLetters(status.column)}${status.created ? ' (new)' : ''}.`,
    ),
    list.length > 0
      ? el(
          'details',
          { class: 'bulk-invalid' },
          el('summary', {}, `Invalid rows (${preview.invalidCount})`),
          el('ul', {}, ...list),
          more > 0 ? el('p', { class: 'hint' }, `…and ${plural(more, 'more row')}.`) : null,
        )
      : null,
  );
}

export function mountBulkPanel(): void {
  const ui = build();
  $('bulk-panel').append(ui.root);
  let columns: SheetColumns | null = null;
  let preview: { config: string; value: BulkPreview } | null = null;
  let current: BulkProgress | null = null;
  let driving = false;

  const selectedOp = () => operationByType(ui.op.value) ?? OPERATIONS[0]!;
  const checkedValue = (name: string) =>
    ui.root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';

  function columnOptions(select: HTMLSelectElement, optional: boolean): void {
    const chosen = select.value;
    select.replaceChildren(
      ...(optional ? [el('option', { value: '' }, '(none)')] : []),
      ...(columns?.headers ?? []).map((header, i) =>
        el('option', { value: String(i + 1) }, `${columnLetters(i + 1)}: ${header || '(no header)'}`),
      ),
    );
    if (chosen && [...select.options].some((o) => o.value === chosen)) select.value = chosen;
  }

  function guess(select: HTMLSelectElement, hint: RegExp, taken: ReadonlySet<string>): void {
    const headers = columns?.headers ?? [];
    const index = headers.findIndex((header, i) => hint.test(header) && !taken.has(String(i + 1)));
    if (index >= 0) select.value = String(index + 1);
  }

  function showOperation(): void {
    const op = selectedOp();
    ui.opHelp.textContent = `${OPERATION_DOCS[op.type].help} ${priceLabel(op)} each.`;
    const isName = op.input === 'person_name';
    ui.names.hidden = !isName;
    ui.inputLabel.textContent = isName ? 'Full name column' : 'Input column';
    ui.employees.hidden = op.shape !== 'employees';
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
    ui.fields.hidden = checkedValue('bulk-output') !== 'fields';
    guessColumns();
  }

  function guessColumns(): void {
    const op = selectedOp();
    guess(ui.input, INPUT_HINTS[op.input], new Set());
    if (op.input !== 'person_name') return;
    const taken = new Set([ui.input.value]);
    for (const column of NAME_COLUMNS) {
      const select = ui.nameSelects[column.key];
      if (select.value === '' || taken.has(select.value)) guess(select, column.hint, taken);
      // Never a column already used: the company (required) takes the first free one instead.
      if (taken.has(select.value)) {
        const free = column.required
          ? [...select.options].find((option) => option.value !== '' && !taken.has(option.value))
          : undefined;
        select.value = free?.value ?? '';
      }
      if (select.value) taken.add(select.value);
    }
  }

  async function loadSheet(name: string | null): Promise<void> {
    columns = await call('getSheetColumns', name);
    ui.sheet.replaceChildren(...columns.sheets.map((sheet) => el('option', { value: sheet }, sheet)));
    ui.sheet.value = columns.sheetName;
    columnOptions(ui.input, false);
    for (const column of NAME_COLUMNS) columnOptions(ui.nameSelects[column.key], !column.required);
    guessColumns();
    forgetPreview();
  }

  function config(): BulkRunConfig {
    const op = selectedOp();
    const built: BulkRunConfig = {
      sheetName: ui.sheet.value,
      headerRow: columns?.headerRow ?? 1,
      type: op.type,
      columns: { input: Number(ui.input.value) },
      output: { mode: 'primary' },
    };
    if (op.input === 'person_name') {
      for (const column of NAME_COLUMNS) {
        const value = ui.nameSelects[column.key].value;
        if (value) built.columns[column.key] = Number(value);
      }
    }
    if (op.shape === 'record' && checkedValue('bulk-output') === 'fields') {
      const fields = [...ui.fields.querySelectorAll<HTMLInputElement>('input:checked')].map(
        (box) => box.value,
      );
      built.output = { mode: 'fields', fields };
    }
    if (op.shape === 'employees') {
      built.options = {};
      if (ui.department.value.trim()) built.options.department = ui.department.value.trim();
      if (ui.seniority.value.trim()) built.options.seniority = ui.seniority.value.trim();
      if (ui.max.value.trim()) built.options.max = Number(ui.max.value);
      built.employeesTo =
        checkedValue('bulk-destination') === 'combined-sheet' ? 'combined-sheet' : 'sheet-per-company';
    }
    return built;
  }

  function forgetPreview(): void {
    preview = null;
    ui.summary.replaceChildren();
    ui.confirm.hidden = true;
  }

  async function runPreview(): Promise<BulkPreview> {
    if (!ui.input.value) throw new Error('Choose the input column first: the sheet needs a header row.');
    const wanted = config();
    const value = await call('previewBulkRun', wanted);
    preview = { config: JSON.stringify(wanted), value };
    ui.summary.replaceChildren(previewView(value));
    return value;
  }

  function showProgress(progress: BulkProgress): void {
    current = progress;
    ui.progressBox.hidden = false;
    const unfinished = progress.state !== 'done' && progress.state !== 'cancelled';
    ui.progressTitle.textContent = `${STATE_TEXT[progress.state]}: ${progress.label} on ${progress.sheetName}`;
    ui.note.textContent = unfinished
      ? `${progress.done} of ${progress.rows}`
      : STATE_TEXT[progress.state].toLowerCase();
    ui.bar.max = Math.max(1, progress.rows);
    ui.bar.value = progress.done;
    const left = progress.state === 'running' ? timeLeft(progress.etaSeconds) : '';
    ui.progressText.textContent = [
      `${progress.done.toLocaleString('en-US')} of ${plural(progress.rows, 'row')} done`,
      progress.pending > 0 ? `${plural(progress.pending, 'row')} waiting on jobs` : '',
      left,
    ]
      .filter((part) => part !== '')
      .join(' · ');
    ui.counts.textContent = [
      `Found ${progress.found.toLocaleString('en-US')}`,
      `not found ${progress.notFound.toLocaleString('en-US')}`,
      `errors ${progress.errors.toLocaleString('en-US')}`,
      `skipped ${progress.skipped.toLocaleString('en-US')}`,
      `invalid ${progress.invalid.toLocaleString('en-US')}`,
      `${formatCredits(progress.creditsSpent)} spent`,
    ].join(' · ');
    if (progress.message) say(ui.message, progress.message, 'error');
    else if (progress.state === 'done')
      say(ui.message, 'Done: every row has its result or its status.', 'ok');
    else if (progress.notice) say(ui.message, progress.notice, '');
    else if (progress.busy) say(ui.message, 'Another sidebar is working on this run.', '');
    else if (ui.message.classList.contains('ok')) say(ui.message, '', '');
    const running = progress.state === 'running';
    ui.pause.hidden = !(running && driving);
    ui.resume.hidden = !(unfinished && !(running && driving));
    ui.resume.textContent = running ? 'Continue' : 'Resume';
    ui.cancel.hidden = !unfinished;
    ui.retry.hidden = progress.failedRows === 0 || (running && driving);
    ui.retry.textContent = `Retry the ${plural(progress.failedRows, 'failed row')}`;
    // A stopped run may be replaced by a new one; a running or paused one must be finished first.
    ui.run.disabled = progress.state === 'running' || progress.state === 'paused';
  }

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The run's loop: one slice per call, the next as soon as the server says. */
  async function drive(runId: string): Promise<void> {
    if (driving) return;
    driving = true;
    let slices = 0;
    try {
      for (;;) {
        if (current) showProgress(current);
        const progress = await call('continueBulkRun', runId);
        showProgress(progress);
        if (++slices % LEDGER_EVERY === 0) announceChange();
        if (progress.state !== 'running') break;
        await wait(progress.nextCallInMs ?? 1_000);
        if (current?.state !== 'running') break;
      }
    } catch (error) {
      say(ui.message, `${errorText(error)} Nothing is lost: Continue picks up from there.`, 'error');
    } finally {
      driving = false;
      if (current) showProgress(current);
      announceChange();
    }
  }

  async function control(
    button: HTMLButtonElement,
    work: (runId: string) => Promise<BulkProgress>,
    thenDrive: boolean,
  ): Promise<void> {
    if (!current) return;
    button.disabled = true;
    try {
      const progress = await work(current.runId);
      showProgress(progress);
      if (thenDrive && progress.state === 'running') void drive(progress.runId);
    } catch (error) {
      say(ui.message, errorText(error), 'error');
    } finally {
      button.disabled = false;
    }
  }

  async function start(confirmed: number): Promise<void> {
    ui.confirm.hidden = true;
    say(ui.message, '', '');
    const progress = await call('startBulkRun', config(), confirmed);
    forgetPreview();
    showProgress(progress);
    void drive(progress.runId);
  }

  async function runClicked(): Promise<void> {
    const wanted = JSON.stringify(config());
    const value = preview?.config === wanted ? preview.value : await runPreview();
    if (value.toLookUp === 0 && value.cached === 0 && value.invalidCount === 0 && value.duplicates === 0) {
      say(ui.message, 'Nothing to look up: every row is filled or blank.', '');
      return;
    }
    if (!value.needsConfirmation) return start(0);
    const cost = `${value.estimateIsBound ? 'up to ' : 'about '}${formatCredits(value.estimatedCredits)}`;
    ui.confirmText.textContent = `This run will spend ${cost} for ${plural(value.toLookUp, 'new lookup')}. Run it?`;
    ui.confirm.hidden = false;
    ui.confirmRun.textContent = `Run and spend ${cost}`;
    ui.confirmRun.onclick = () => guarded(ui.confirmRun, () => start(value.estimatedCredits));
    ui.confirmRun.focus();
  }

  async function guarded(button: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      say(ui.message, errorText(error), 'error');
    } finally {
      button.disabled = false;
      if (current) showProgress(current);
    }
  }

  ui.sheet.addEventListener('change', () => void guarded(ui.preview, () => loadSheet(ui.sheet.value)));
  ui.op.addEventListener('change', () => {
    showOperation();
    forgetPreview();
  });
  ui.root.querySelector('.bulk-form')!.addEventListener('change', (event) => {
    if (event.target === ui.sheet || event.target === ui.op) return;
    ui.fields.hidden = checkedValue('bulk-output') !== 'fields';
    forgetPreview();
  });
  ui.preview.addEventListener('click', () =>
    guarded(ui.preview, async () => {
      await runPreview();
    }),
  );
  ui.run.addEventListener('click', () => guarded(ui.run, runClicked));
  ui.confirmBack.addEventListener('click', () => {
    ui.confirm.hidden = true;
    ui.run.focus();
  });
  ui.pause.addEventListener('click', () => control(ui.pause, (id) => call('pauseBulkRun', id), false));
  ui.resume.addEventListener('click', () =>
    control(
      ui.resume,
      (id) =>
        current?.state === 'running'
          ? call('getBulkRun').then((p) => p ?? current!)
          : call('resumeBulkRun', id),
      true,
    ),
  );
  ui.cancel.addEventListener('click', () => control(ui.cancel, (id) => call('cancelBulkRun', id), false));
  ui.retry.addEventListener('click', () => control(ui.retry, (id) => call('retryFailedRows', id), true));

  showOperation();
  void (async () => {
    try {
      const last = await call('getBulkRun');
      const unfinished = last !== null && last.state !== 'done' && last.state !== 'cancelled';
      // An unfinished run is shown as it was set up: its sheet and its lookup.
      await loadSheet(unfinished ? last.sheetName : null).catch(() => loadSheet(null));
      if (!last) return;
      if (unfinished) {
        ui.op.value = last.type;
        showOperation();
      }
      showProgress(last);
      if (unfinished && !last.message) {
        const verb = last.state === 'running' ? 'Continue' : 'Resume';
        say(
          ui.message,
          `An unfinished run: ${last.done} of ${plural(last.rows, 'row')} done. ${verb} to go on; rows already written are not charged again.`,
        );
      }
    } catch (error) {
      say(ui.message, errorText(error), 'error');
    }
  })();
}
