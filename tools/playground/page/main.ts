// The playground page: a Sheets look-alike over the server's JSON endpoints (../server.ts). This
// file holds the page's state (the workbook as last answered, the selection, cells being entered)
// and the actions the grid, the editor and the menus call; the parts live beside it.
import { cellA1, parseA1 } from '../../emulator/a1';
import type { WorkbookState } from '../state';
import { $, status, toast } from './dom';
import { Editor } from './editor';
import { fileSwitched, renderFiles, wireFileMenu } from './files';
import { wireGridInput } from './grid-input';
import { type MenuHooks, reloadSidebar, renderMenu, wireMenus } from './menus';
import { askForRows, change, changesInFlight, fetchState, sendSelection } from './net';
import { wireNotes } from './notes';
import { type CellAt, Selection } from './selection';
import { SheetView } from './sheet-view';
import { wireStructureMenus } from './structure-menus';
import { renderAccount, renderClock, renderExamples, renderTabs, wireTopUp } from './toolbar';
import { toTsv } from './tsv';

const POLL_MS = 1500;
/** How long scrolling rests before the rows it reached are asked for. */
const SCROLL_FETCH_MS = 60;

const scroller = $('grid-scroll');
const table = $<HTMLTableElement>('grid');
const selection = new Selection();
let state: WorkbookState | null = null;
/** Cells committed but not yet answered: they show "Loading..." whatever a repaint says. */
const committing = new Set<string>();
let rowsTimer: ReturnType<typeof setTimeout> | undefined;

const view = new SheetView(scroller, table, (rows) => {
  askForRows(rows);
  clearTimeout(rowsTimer);
  rowsTimer = setTimeout(() => void refresh(), SCROLL_FETCH_MS);
});

const a1Of = (cell: CellAt) => cellA1(cell.row, cell.column);
const isFormula = (text: string) => text.length > 1 && text.startsWith('=');

const editor = new Editor($<HTMLTextAreaElement>('formula-input'), $<HTMLTextAreaElement>('cell-editor'), {
  inputOf: (cell) => state?.cells[a1Of(cell)]?.input ?? '',
  boxOf: (cell) => view.cellBox(cell),
  commit: (cell, text) => void commit(cell, text),
  done: (move) => {
    if (move) selection.move(move.rows, move.columns);
    selectionChanged(move ? selection.active : null);
    scroller.focus({ preventScroll: true });
  },
});

const menuHooks: MenuHooks = { selection: () => selection.a1, render, refresh: () => void refresh() };

function render(next: WorkbookState): void {
  if (state && state.files.active !== next.files.active) showFile(state.files.active, next);
  else if (state && state.activeSheet !== next.activeSheet) sheetSwitched();
  state = next;
  selection.resize(next.size.rows, next.size.columns);
  view.render({ state: next, selection, loading: committing });
  $('name-box').textContent = selection.a1;
  editor.show(selection.active);
  table.setAttribute('aria-label', `${next.activeSheet}: arrow keys move, type to edit, Enter commits`);
  renderTabs(next, (name) => void showSheet(name));
  renderAccount(next);
  renderClock(next.clock);
  renderMenu(next.menu, menuHooks);
  renderFiles(next.files, { render });
  renderExamples(next.examples, (formula) => void tryExample(formula));
}

/** Another file is shown: its own selection, from the top of its sheet, with its own sidebar. */
function showFile(from: string, next: WorkbookState): void {
  committing.clear();
  const block = parseA1(next.selection, next.size.rows, next.size.columns) ?? parseA1('A1', 1, 1)!;
  selection.setRange(
    { row: block.row, column: block.column },
    { row: block.row + block.numRows - 1, column: block.column + block.numColumns - 1 },
  );
  scroller.scrollTo(0, 0);
  fileSwitched(from, next.files.active);
}

/** Another tab is shown (added, shown again, or the shown one hidden or deleted): from its A1. */
function sheetSwitched(): void {
  selection.set({ row: 1, column: 1 });
  scroller.scrollTo(0, 0);
}

/** The selection changed: shown, scrolled to, and told to the server for the add-on to see. */
function selectionChanged(reveal: CellAt | null): void {
  view.showSelection();
  if (reveal) view.scrollToCell(reveal);
  $('name-box').textContent = selection.a1;
  editor.show(selection.active);
  sendSelection(selection.a1);
}

async function commit(cell: CellAt, text: string): Promise<void> {
  const a1 = a1Of(cell);
  // What Sheets shows while a custom function runs.
  if (isFormula(text) && state) {
    committing.add(a1);
    view.render({ state, selection, loading: committing });
  }
  const answer = await change('/api/cell', { a1, input: text });
  committing.delete(a1);
  if (answer) render(answer.state);
  else if (state) render(state);
}

async function paste(rows: string[][]): Promise<void> {
  const only = rows.length === 1 && rows[0]!.length === 1 ? rows[0]![0]! : null;
  if (only !== null) return commit(selection.active, only);
  const { top, left } = selection.bounds;
  const answer = await change<{ pasted: string }>('/api/paste', { a1: cellA1(top, left), rows });
  if (!answer) return;
  // Sheets selects what was pasted.
  const block = parseA1(answer.pasted, answer.state.size.rows, answer.state.size.columns);
  if (block)
    selection.setRange(
      { row: block.row, column: block.column },
      { row: block.row + block.numRows - 1, column: block.column + block.numColumns - 1 },
    );
  render(answer.state);
  selectionChanged(null);
}

async function clearSelection(): Promise<void> {
  const answer = await change('/api/clear', { a1: selection.a1 });
  if (answer) render(answer.state);
}

async function fillDown(): Promise<void> {
  status('Filling down…');
  const answer = await change<{ filled: string | null }>('/api/fill-down', { a1: selection.a1 });
  status('');
  if (!answer) return;
  if (answer.filled === null) toast('Nothing above to fill down from.');
  render(answer.state);
}

/** Ctrl+Z: the server puts back what the last edit, paste or menu action changed. */
async function undo(): Promise<void> {
  const answer = await change<{ undone: boolean }>('/api/undo');
  if (!answer) return;
  if (!answer.undone) toast('Nothing to undo.');
  render(answer.state);
}

/** The selection's shown values, to copy as tab-separated rows. */
function copied(): string {
  const { top, left, bottom, right } = selection.bounds;
  const rows: string[][] = [];
  for (let row = top; row <= bottom; row++) {
    const line: string[] = [];
    for (let column = left; column <= right; column++)
      line.push(state?.cells[cellA1(row, column)]?.display ?? '');
    rows.push(line);
  }
  return toTsv(rows);
}

async function showSheet(name: string): Promise<void> {
  if (state?.activeSheet === name) return;
  selection.set({ row: 1, column: 1 });
  scroller.scrollTo(0, 0);
  const answer = await change('/api/sheet', { name });
  if (answer) render(answer.state);
}

/** An example chip: its formula typed into the selected cell and entered, as a user would. */
async function tryExample(formula: string): Promise<void> {
  const at = selection.active;
  selection.set(at);
  selectionChanged(at);
  await commit(at, formula);
}

async function useDemoKey(): Promise<void> {
  status('Saving the demo key…');
  const answer = await change<{ refused: string | null }>('/api/demo-key');
  status('');
  if (!answer) return;
  if (answer.refused) toast(answer.refused);
  render(answer.state);
  // The sidebar, if open, shows the key it read when it loaded.
  reloadSidebar();
}

function wireClock(): void {
  for (const minutes of [1, 10]) {
    $(`advance-${minutes}`).addEventListener('click', async () => {
      status(`Advancing ${minutes} min…`);
      const answer = await change('/api/advance', { minutes });
      status('');
      if (answer) render(answer.state);
    });
  }
}

/** A response to the linked form: its new row shown; a watch on its sheet fills it as time moves on. */
async function simulateFormResponse(): Promise<void> {
  const answer = await change<{ sheet: string; row: number }>('/api/form-response');
  if (!answer) return;
  render(answer.state);
  await showSheet(answer.sheet);
  selection.set({ row: answer.row, column: 1 });
  selectionChanged(selection.active);
  status(`A form response arrived in row ${answer.row}: a watch on this sheet fills it when time moves on.`);
}

let refreshing: Promise<void> | null = null;
let refreshAgain = false;

/**
 * Shows the server's state. Asked again while a request is out (opening the sidebar makes a dozen
 * calls, and each asks when it ends), it asks once more after that one answers: the page still
 * ends on the latest state, but with one request at a time instead of one, and a repaint, a call.
 */
function refresh(): Promise<void> {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      await showState();
    } while (refreshAgain);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function showState(): Promise<void> {
  if (changesInFlight() > 0) return;
  try {
    const next = await fetchState();
    if (changesInFlight() === 0) render(next);
  } catch {
    status('The playground server is not answering.');
  }
}

async function start(): Promise<void> {
  wireGridInput(scroller, {
    selection,
    editor,
    selectionChanged,
    clear: () => void clearSelection(),
    fillDown: () => void fillDown(),
    undo: () => void undo(),
    paste: (rows) => void paste(rows),
    copied,
    pageRows: () => view.rowsOnScreen(),
    sheetRows: () => state?.size.rows ?? 1,
    sheetColumns: () => state?.size.columns ?? 1,
  });
  wireNotes(scroller, $('note-popup'));
  wireMenus(menuHooks);
  wireStructureMenus({
    bounds: () => selection.bounds,
    a1: () => selection.a1,
    state: () => state,
    render,
    undo: () => void undo(),
  });
  wireTopUp(render);
  wireFileMenu({ render });
  wireClock();
  $('use-demo-key').addEventListener('click', () => void useDemoKey());
  $('simulate-form').addEventListener('click', () => void simulateFormResponse());
  askForRows({ top: 1, rows: 80 });
  // Loading the page is opening the file: the add-on's Open triggers run.
  const opened = await change('/api/open');
  if (opened) render(opened.state);
  else await refresh();
  document.body.dataset.ready = 'true';
  setInterval(() => void refresh(), POLL_MS);
}

void start();
