// The playground page: a small Sheets look-alike over the server's JSON endpoints. Everything that
// comes from the add-on or the API is shown with textContent, never parsed as HTML.
import type { CellSnapshot, MenuOutcome, WorkbookState } from '../workbook';

const MESSAGE_SOURCE = 'enrich-playground';
const POLL_MS = 1500;
const LOADING = 'Loading...';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
};

const grid = $<HTMLTableElement>('grid');
const formulaInput = $<HTMLInputElement>('formula-input');
const nameBox = $('name-box');

let state: WorkbookState | null = null;
let selected = { row: 1, column: 1 };
/** Requests that change the sheet; polling waits while any is in flight so it cannot undo them. */
let changing = 0;
let editing = false;
/** Cells committed but not yet answered: they show "Loading..." whatever a repaint says. */
const committing = new Set<string>();

const letters = (column: number) => String.fromCharCode(64 + column);
const a1Of = (row: number, column: number) => `${letters(column)}${row}`;
const formatCredits = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

async function request<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `HTTP ${response.status}`);
  return answer;
}

/** A request that changes the sheet; `data-busy` on the body says one is running (tests wait on it). */
async function change<T>(path: string, body: unknown): Promise<T | null> {
  changing++;
  document.body.dataset.busy = 'true';
  try {
    return await request<T>(path, body);
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error));
    return null;
  } finally {
    changing--;
    if (changing === 0) delete document.body.dataset.busy;
  }
}

// ---------------------------------------------------------------------------------------------
// The grid

function buildGrid(view: WorkbookState['view'], columns: readonly string[]): void {
  const head = grid.createTHead().insertRow();
  head.appendChild(document.createElement('th')).className = 'corner';
  for (const name of columns) {
    const th = head.appendChild(document.createElement('th'));
    th.textContent = name;
    th.className = 'column-header';
  }
  const body = grid.createTBody();
  for (let row = 1; row <= view.rows; row++) {
    const tr = body.insertRow();
    const th = tr.appendChild(document.createElement('th'));
    th.textContent = String(row);
    th.className = 'row-header';
    for (let column = 1; column <= view.columns; column++) {
      const td = tr.insertCell();
      td.dataset.a1 = a1Of(row, column);
      td.dataset.row = String(row);
      td.dataset.column = String(column);
    }
  }
}

function cellElement(a1: string): HTMLTableCellElement | null {
  return grid.querySelector<HTMLTableCellElement>(`td[data-a1="${a1}"]`);
}

function paintCell(td: HTMLTableCellElement, cell: CellSnapshot | undefined): void {
  const loading = committing.has(td.dataset.a1 ?? '') || cell?.loading === true || cell?.display === LOADING;
  const content = document.createElement('span');
  content.className = 'content';
  content.textContent = loading ? LOADING : (cell?.display ?? '');
  td.replaceChildren(content);
  td.className = [
    cell?.error ? 'error' : '',
    cell?.kind === 'number' ? 'number' : '',
    cell?.kind === 'boolean' ? 'boolean' : '',
    cell?.spill ? 'spill' : '',
    cell?.bold ? 'bold' : '',
    loading ? 'loading' : '',
    td.dataset.a1 === a1Of(selected.row, selected.column) ? 'selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // Sheets shows an error's reason on hover; long values get their full text there too.
  if (cell?.error) td.title = cell.error.message;
  else if (cell && cell.display.length > 18) td.title = cell.display;
  else td.removeAttribute('title');
}

/**
 * Text too long for its cell runs on over empty cells to its right, as in Sheets; numbers, errors
 * and text with a non-empty neighbour are cut with an ellipsis instead.
 */
function layoutOverflow(): void {
  for (const tr of grid.tBodies[0]?.rows ?? []) {
    const cells = [...tr.querySelectorAll<HTMLTableCellElement>('td[data-a1]')];
    for (const td of cells) td.classList.remove('overflows', 'joined');
    cells.forEach((td, i) => {
      const content = td.firstElementChild as HTMLElement | null;
      if (!content) return;
      content.style.width = '';
      const isText = !/\b(number|boolean|error)\b/.test(td.className);
      if (!isText || content.scrollWidth <= content.clientWidth) return;
      let width = content.clientWidth;
      let last = i;
      while (width < content.scrollWidth && cells[last + 1] && !cells[last + 1]!.textContent) {
        last++;
        width += cells[last]!.offsetWidth;
      }
      if (last === i) return;
      td.classList.add('overflows');
      for (let k = i; k < last; k++) cells[k]!.classList.add('joined');
      content.style.width = `${width}px`;
    });
  }
}

function render(next: WorkbookState): void {
  if (!state) buildGrid(next.view, next.columns);
  state = next;
  for (const td of grid.querySelectorAll<HTMLTableCellElement>('td[data-a1]')) {
    paintCell(td, next.cells[td.dataset.a1 ?? '']);
  }
  layoutOverflow();
  for (const th of grid.querySelectorAll('th.column-header, th.row-header')) th.classList.remove('active');
  grid.tHead?.rows[0]?.cells[selected.column]?.classList.add('active');
  grid.tBodies[0]?.rows[selected.row - 1]?.cells[0]?.classList.add('active');
  nameBox.textContent = a1Of(selected.row, selected.column);
  if (!editing) formulaInput.value = next.cells[a1Of(selected.row, selected.column)]?.input ?? '';
  renderTabs(next.sheets, next.activeSheet);
  grid.setAttribute('aria-label', `${next.activeSheet}: arrow keys move, type to edit, Enter commits`);
  renderAccount(next.account);
  renderClock(next.clock.now);
  renderMenu(next.menu);
  renderExamples(next.examples);
}

/** One tab per visible sheet, as the add-on creates them (an employee list gets its own). */
function renderTabs(sheets: readonly string[], active: string): void {
  const tabs = sheets.map((name) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.className = name === active ? 'tab active' : 'tab';
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(name === active));
    tab.dataset.sheet = name;
    tab.textContent = name;
    tab.addEventListener('click', () => void showSheet(name));
    return tab;
  });
  $('tabs').replaceChildren(...tabs);
}

async function showSheet(name: string): Promise<void> {
  if (state?.activeSheet === name) return;
  selected = { row: 1, column: 1 };
  const next = await change<WorkbookState>('/api/sheet', { name });
  if (next) render(next);
}

function renderAccount(account: WorkbookState['account']): void {
  $('account-title').textContent =
    `Demo account: ${formatCredits(account.startingCredits)} credits (fake API, offline)`;
  $('balance').textContent = formatCredits(account.balance);
  $('spent').textContent = formatCredits(account.spent);
}

function renderClock(iso: string): void {
  const when = new Date(iso);
  const clock = $('clock');
  clock.textContent = when.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour12: false });
  clock.title = `${when.toUTCString()} (virtual)`;
}

let renderedExamples = '';
function renderExamples(examples: WorkbookState['examples']): void {
  const key = JSON.stringify(examples);
  if (key === renderedExamples) return;
  renderedExamples = key;
  const holder = $('examples');
  holder.replaceChildren(
    ...examples.map((example) => {
      const chip = document.createElement('button');
      chip.type = 'button';
      chip.className = 'chip';
      chip.textContent = example.formula;
      chip.title = `${example.cell}: ${example.note}. Click to put it in the formula bar, then press Enter.`;
      chip.addEventListener('click', () => {
        const cell = /^([A-Z])(\d+)$/.exec(example.cell);
        if (cell) select(Number(cell[2]), cell[1]!.charCodeAt(0) - 64);
        startEditing(example.formula);
      });
      return chip;
    }),
  );
}

function select(row: number, column: number): void {
  if (!state) return;
  selected = {
    row: Math.min(Math.max(row, 1), state.view.rows),
    column: Math.min(Math.max(column, 1), state.view.columns),
  };
  editing = false;
  render(state);
  cellElement(a1Of(selected.row, selected.column))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

function startEditing(text?: string): void {
  editing = true;
  if (text !== undefined) formulaInput.value = text;
  formulaInput.focus();
  const end = formulaInput.value.length;
  formulaInput.setSelectionRange(end, end);
}

async function commit(row: number, column: number, input: string): Promise<void> {
  const a1 = a1Of(row, column);
  editing = false;
  // What Sheets shows while a custom function runs.
  const isFormula = input.startsWith('=') && input.length > 1;
  if (isFormula) committing.add(a1);
  const td = cellElement(a1);
  if (td && isFormula) {
    paintCell(td, undefined);
    layoutOverflow();
  }
  const next = await change<WorkbookState>('/api/cell', { a1, input });
  committing.delete(a1);
  if (next) render(next);
  else if (state && td) {
    paintCell(td, state.cells[a1]);
    layoutOverflow();
  }
}

function moveAfterCommit(key: string): void {
  if (key === 'Tab') select(selected.row, selected.column + 1);
  else select(selected.row + 1, selected.column);
}

function wireGrid(): void {
  // The grid takes the keyboard like a spreadsheet: arrows, typing, Enter, Delete.
  grid.tabIndex = 0;
  grid.addEventListener('mousedown', (event) => {
    const td = (event.target as HTMLElement).closest<HTMLTableCellElement>('td[data-a1]');
    if (!td) return;
    event.preventDefault();
    // Clicking away from an edit keeps it, as Sheets does.
    const current = state?.cells[a1Of(selected.row, selected.column)]?.input ?? '';
    if (editing && formulaInput.value !== current)
      void commit(selected.row, selected.column, formulaInput.value);
    select(Number(td.dataset.row), Number(td.dataset.column));
    grid.focus();
  });
  grid.addEventListener('dblclick', (event) => {
    if ((event.target as HTMLElement).closest('td[data-a1]')) startEditing();
  });
  grid.addEventListener('keydown', (event) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Tab: [0, event.shiftKey ? -1 : 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      select(selected.row + move[0], selected.column + move[1]);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEditing();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      void commit(selected.row, selected.column, '');
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on a selected cell replaces its content, as in Sheets.
      event.preventDefault();
      startEditing(event.key);
    }
  });
  formulaInput.addEventListener('focus', () => {
    editing = true;
  });
  formulaInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const { row, column } = selected;
      const committed = commit(row, column, formulaInput.value);
      moveAfterCommit(event.key);
      grid.focus();
      void committed;
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editing = false;
      if (state) render(state);
      grid.focus();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Menus, the sidebar and dialogs

let renderedMenu = '';
function renderMenu(menu: WorkbookState['menu']): void {
  const key = JSON.stringify(menu);
  if (key === renderedMenu) return;
  renderedMenu = key;
  $('addon-caption').textContent = menu?.caption ?? 'Enrich for Sheets';
  const holder = $('addon-menu');
  const items = menu?.items ?? [];
  holder.replaceChildren(
    ...items.map((item) => {
      if ('separator' in item) {
        const line = document.createElement('div');
        line.className = 'separator';
        line.setAttribute('role', 'separator');
        return line;
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('role', 'menuitem');
      button.textContent = item.caption;
      button.addEventListener('click', () => void clickMenuItem(item.caption));
      return button;
    }),
  );
  if (items.length === 0) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = 'The add-on has not built its menu (onOpen).';
    holder.replaceChildren(empty);
  }
}

function closeMenus(): void {
  $('extensions-menu').hidden = true;
  $('addon-menu').hidden = true;
  $('extensions-button').setAttribute('aria-expanded', 'false');
}

async function clickMenuItem(caption: string): Promise<void> {
  closeMenus();
  status(`Running ${caption}…`);
  const outcome = await change<MenuOutcome & { state: WorkbookState }>('/api/menu', { caption });
  status('');
  if (!outcome) return;
  render(outcome.state);
  for (const shown of outcome.shown) {
    if (shown.kind === 'sidebar') openSidebar(shown.title);
    else openDialog(shown.index, shown.title);
  }
  for (const alert of outcome.alerts) toast([alert.title, alert.prompt].filter(Boolean).join(': '));
  if (outcome.error) toast(outcome.error);
}

function openSidebar(title: string): void {
  $('sidebar-title').textContent = title || 'Add-on';
  $('sidebar-panel').hidden = false;
  // A new load each time, as Sheets shows a fresh sidebar.
  $<HTMLIFrameElement>('sidebar-frame').src = `/sidebar?t=${Date.now()}`;
}

function closeSidebar(): void {
  $('sidebar-panel').hidden = true;
  $<HTMLIFrameElement>('sidebar-frame').src = 'about:blank';
}

function openDialog(index: number, title: string): void {
  $('dialog-title').textContent = title;
  $('dialog').hidden = false;
  $<HTMLIFrameElement>('dialog-frame').src = `/shown/${index}`;
}

function closeDialog(): void {
  $('dialog').hidden = true;
  $<HTMLIFrameElement>('dialog-frame').src = 'about:blank';
}

function wireMenus(): void {
  $('extensions-button').addEventListener('click', (event) => {
    event.stopPropagation();
    const menu = $('extensions-menu');
    menu.hidden = !menu.hidden;
    $('addon-menu').hidden = true;
    $('extensions-button').setAttribute('aria-expanded', String(!menu.hidden));
  });
  const openAddonMenu = () => {
    $('addon-menu').hidden = false;
  };
  $('addon-button').addEventListener('click', (event) => {
    event.stopPropagation();
    openAddonMenu();
  });
  $('addon-button').addEventListener('mouseenter', openAddonMenu);
  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.menu')) closeMenus();
  });
  $('sidebar-close').addEventListener('click', closeSidebar);
  $('dialog-close').addEventListener('click', closeDialog);
  window.addEventListener('message', (event) => {
    const data = event.data as { source?: string; type?: string } | null;
    if (event.origin !== window.location.origin || data?.source !== MESSAGE_SOURCE) return;
    if (data.type === 'rpc-done') void refresh();
    if (data.type === 'close') {
      if (event.source === $<HTMLIFrameElement>('dialog-frame').contentWindow) closeDialog();
      else closeSidebar();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Time, status and polling

function wireClock(): void {
  for (const minutes of [1, 10]) {
    $(`advance-${minutes}`).addEventListener('click', async () => {
      status(`Advancing ${minutes} min…`);
      const next = await change<WorkbookState>('/api/advance', { minutes });
      status('');
      if (next) render(next);
    });
  }
}

function status(text: string): void {
  $('status').textContent = text;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function toast(text: string): void {
  const element = $('toast');
  element.textContent = text;
  element.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    element.hidden = true;
  }, 6000);
}

async function refresh(): Promise<void> {
  if (changing > 0) return;
  try {
    const next = await request<WorkbookState>('/api/state');
    if (changing === 0) render(next);
  } catch {
    status('The playground server is not answering.');
  }
}

async function start(): Promise<void> {
  wireGrid();
  wireMenus();
  wireClock();
  // Loading the page is opening the file: the add-on's Open triggers run.
  const opened = await change<WorkbookState>('/api/open', {});
  if (opened) render(opened);
  else await refresh();
  document.body.dataset.ready = 'true';
  setInterval(() => void refresh(), POLL_MS);
}

void start();
