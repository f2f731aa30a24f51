// The grid takes the mouse and the keyboard as Sheets does: click, Shift+click and drag select;
// double-click edits; arrows move past the screen's edge (Shift+arrows stretch the range); typing
// replaces the cell; Enter or F2 edits it; Delete empties the selection; Ctrl+D fills down;
// Ctrl+C and Ctrl+V copy and paste blocks of tab-separated rows; Ctrl+Z undoes the last change.
import type { Editor } from './editor';
import type { CellAt, Selection } from './selection';
import { parseTsv } from './tsv';

/** What the grid's input needs from the rest of the page. */
export interface GridActions {
  readonly selection: Selection;
  readonly editor: Editor;
  /** The selection changed: show it, tell the server, and scroll `reveal` into view. */
  selectionChanged(reveal: CellAt | null): void;
  clear(): void;
  fillDown(): void;
  /** Ctrl+Z: the last edit, paste or menu action undone. */
  undo(): void;
  paste(rows: string[][]): void;
  /** The selection as tab-separated text. */
  copied(): string;
  /** Rows on screen, for Page Up and Page Down. */
  pageRows(): number;
  /** How many rows the sheet has (a whole column is selected from its header). */
  sheetRows(): number;
  sheetColumns(): number;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const cellOf = (td: HTMLElement): CellAt => ({
  row: Number(td.dataset.row),
  column: Number(td.dataset.column),
});

export function wireGridInput(grid: HTMLElement, actions: GridActions): void {
  grid.tabIndex = 0;
  wireMouse(grid, actions);
  grid.addEventListener('keydown', (event) => {
    if (event.target !== grid) return;
    if (event.ctrlKey || event.metaKey) onShortcut(event, actions);
    else onKey(event, actions);
  });
  // Copy and paste reach the grid through the clipboard events of the page.
  document.addEventListener('paste', (event) => {
    if (document.activeElement !== grid || actions.editor.isEditing) return;
    event.preventDefault();
    actions.paste(parseTsv(event.clipboardData?.getData('text/plain') ?? ''));
  });
  document.addEventListener('copy', (event) => {
    if (document.activeElement !== grid || actions.editor.isEditing) return;
    event.preventDefault();
    event.clipboardData?.setData('text/plain', actions.copied());
  });
}

function wireMouse(grid: HTMLElement, actions: GridActions): void {
  const { selection, editor } = actions;
  let dragging = false;
  grid.addEventListener('mousedown', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('#cell-editor')) return;
    const td = target.closest<HTMLElement>('td[data-a1]');
    const header = target.closest<HTMLElement>('th[data-row], th[data-column]');
    if (!td && !header) return;
    event.preventDefault();
    if (editor.isEditing) editor.commitInPlace();
    grid.focus({ preventScroll: true });
    if (header) return selectLine(header, actions);
    if (event.shiftKey) selection.extend(cellOf(td!));
    else selection.set(cellOf(td!));
    actions.selectionChanged(null);
    // The second press of a double-click edits the cell (its own "dblclick" may never come when a
    // repaint replaced what the first press hit).
    if (event.detail >= 2 && !event.shiftKey) editor.begin(selection.active, undefined, 'edit');
    else dragging = true;
  });
  grid.addEventListener('mouseover', (event) => {
    const td = (event.target as HTMLElement).closest<HTMLElement>('td[data-a1]');
    if (!dragging || !td || (event.buttons & 1) === 0) return;
    selection.extend(cellOf(td));
    actions.selectionChanged(null);
  });
  document.addEventListener('mouseup', () => {
    dragging = false;
  });
}

/** A click on a column letter or row number selects the whole column or row. */
function selectLine(header: HTMLElement, actions: GridActions): void {
  if (header.dataset.column) {
    const column = Number(header.dataset.column);
    actions.selection.setRange({ row: 1, column }, { row: actions.sheetRows(), column });
  } else {
    const row = Number(header.dataset.row);
    actions.selection.setRange({ row, column: 1 }, { row, column: actions.sheetColumns() });
  }
  actions.selectionChanged(null);
}

function onKey(event: KeyboardEvent, actions: GridActions): void {
  const { selection, editor } = actions;
  const move = MOVES[event.key] ?? pageMove(event.key, actions.pageRows());
  if (move) {
    event.preventDefault();
    if (event.shiftKey) selection.extendBy(move[0], move[1]);
    else selection.move(move[0], move[1]);
    actions.selectionChanged(event.shiftKey ? selection.focus : selection.active);
  } else if (event.key === 'Tab') {
    event.preventDefault();
    selection.move(0, event.shiftKey ? -1 : 1);
    actions.selectionChanged(selection.active);
  } else if (event.key === 'Enter' || event.key === 'F2') {
    event.preventDefault();
    editor.begin(selection.active, undefined, 'edit');
  } else if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    actions.clear();
  } else if (event.key.length === 1 && !event.altKey) {
    // Typing on a selected cell replaces its content, as in Sheets.
    event.preventDefault();
    editor.begin(selection.active, event.key, 'enter');
  }
}

function pageMove(key: string, rows: number): [number, number] | undefined {
  if (key === 'PageDown') return [rows, 0];
  if (key === 'PageUp') return [-rows, 0];
  return undefined;
}

function onShortcut(event: KeyboardEvent, actions: GridActions): void {
  const key = event.key.toLowerCase();
  if (key === 'd') {
    event.preventDefault();
    actions.fillDown();
  } else if (key === 'z' && !event.shiftKey) {
    event.preventDefault();
    actions.undo();
  } else if (event.key === 'Home') {
    event.preventDefault();
    actions.selection.set({ row: 1, column: 1 });
    actions.selectionChanged(actions.selection.active);
  }
}
