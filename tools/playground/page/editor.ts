// Editing a cell, as in Sheets. Typing on a selected cell replaces its content ("enter" mode: the
// arrows then commit and move); double-click, F2 or Enter edit the content there ("edit" mode: the
// arrows move the caret). The in-cell editor and the formula bar show the same text; Enter commits
// and moves down, Tab right, Escape gives up, Alt+Enter starts a new line in the cell.
import type { CellAt } from './selection';

type Mode = 'enter' | 'edit';

/** What editing needs from the rest of the page. */
export interface EditorHooks {
  /** The cell's content as the formula bar shows it. */
  inputOf(cell: CellAt): string;
  /** Where the cell sits in the grid's scrolled content. */
  boxOf(cell: CellAt): { left: number; top: number; width: number; height: number };
  commit(cell: CellAt, text: string): void;
  /** After a commit or Escape: the selection moves (or not) and the grid takes the keyboard back. */
  done(move: { rows: number; columns: number } | null): void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};
/** How tall the formula bar grows to show a long text, at most. */
const BAR_MAX_HEIGHT = 180;
const CELL_EDITOR_MAX_WIDTH = 560;

export class Editor {
  readonly #bar: HTMLTextAreaElement;
  readonly #inCell: HTMLTextAreaElement;
  readonly #hooks: EditorHooks;
  #editing: { cell: CellAt; mode: Mode; original: string } | null = null;
  /** The selected cell, whose content the formula bar shows when not editing. */
  #shownCell: CellAt = { row: 1, column: 1 };

  constructor(bar: HTMLTextAreaElement, inCell: HTMLTextAreaElement, hooks: EditorHooks) {
    this.#bar = bar;
    this.#inCell = inCell;
    this.#hooks = hooks;
    for (const box of [bar, inCell]) {
      box.addEventListener('keydown', (event) => this.#onKey(event, box));
      box.addEventListener('input', () => this.#mirror(box));
    }
    // Clicking into the formula bar edits the selected cell there.
    bar.addEventListener('focus', () => {
      if (!this.#editing) this.#editing = { cell: this.#shownCell, mode: 'edit', original: bar.value };
      this.#fitBar(true);
    });
    bar.addEventListener('blur', () => this.#fitBar(false));
    bar.addEventListener('mouseenter', () => this.#fitBar(true));
    bar.addEventListener('mouseleave', () => this.#fitBar(document.activeElement === bar));
  }

  get isEditing(): boolean {
    return this.#editing !== null;
  }

  /** When not editing: the formula bar shows the selected cell's content. */
  show(cell: CellAt): void {
    this.#shownCell = cell;
    if (this.#editing) return;
    this.#bar.value = this.#hooks.inputOf(cell);
    this.#fitBar(document.activeElement === this.#bar || this.#bar.matches(':hover'));
  }

  /** Starts editing in the cell: with `text` typed over it, or its own content when undefined. */
  begin(cell: CellAt, text: string | undefined, mode: Mode): void {
    const original = this.#hooks.inputOf(cell);
    this.#editing = { cell, mode, original };
    const value = text ?? original;
    this.#bar.value = value;
    this.#inCell.value = value;
    const box = this.#hooks.boxOf(cell);
    Object.assign(this.#inCell.style, {
      left: `${box.left}px`,
      top: `${box.top}px`,
      minWidth: `${box.width}px`,
      minHeight: `${box.height}px`,
    });
    this.#inCell.hidden = false;
    this.#sizeInCell();
    this.#inCell.focus();
    this.#inCell.setSelectionRange(value.length, value.length);
  }

  /** Clicking elsewhere keeps an edit, as Sheets does: committed when changed, no move. */
  commitInPlace(): void {
    this.#finish(true, null);
  }

  #onKey(event: KeyboardEvent, box: HTMLTextAreaElement): void {
    const editing = this.#editing;
    if (!editing) return;
    const arrow = ARROWS[event.key];
    if (event.key === 'Enter' && event.altKey) {
      event.preventDefault();
      box.setRangeText('\n', box.selectionStart, box.selectionEnd, 'end');
      this.#mirror(box);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.#finish(true, { rows: event.shiftKey ? -1 : 1, columns: 0 });
    } else if (event.key === 'Tab') {
      event.preventDefault();
      this.#finish(true, { rows: 0, columns: event.shiftKey ? -1 : 1 });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.#finish(false, null);
    } else if (arrow && editing.mode === 'enter' && box === this.#inCell && !event.shiftKey) {
      event.preventDefault();
      this.#finish(true, { rows: arrow[0], columns: arrow[1] });
    }
  }

  #finish(keep: boolean, move: { rows: number; columns: number } | null): void {
    const editing = this.#editing;
    if (!editing) return;
    const text = this.#bar.value;
    this.#editing = null;
    this.#inCell.hidden = true;
    this.#inCell.value = '';
    if (keep && text !== editing.original) this.#hooks.commit(editing.cell, text);
    else this.#bar.value = this.#hooks.inputOf(editing.cell);
    this.#hooks.done(move);
  }

  #mirror(from: HTMLTextAreaElement): void {
    const other = from === this.#bar ? this.#inCell : this.#bar;
    other.value = from.value;
    if (!this.#inCell.hidden) this.#sizeInCell();
    this.#fitBar(document.activeElement === this.#bar);
  }

  /** The in-cell editor grows to the right with its text, then wraps, as in Sheets. */
  #sizeInCell(): void {
    const box = this.#inCell;
    // Measured on one line first (its min-width keeps it as wide as the cell).
    box.style.whiteSpace = 'pre';
    box.style.width = '0';
    const wide = box.scrollWidth + 8;
    box.style.whiteSpace = '';
    box.style.width = `${Math.min(CELL_EDITOR_MAX_WIDTH, wide)}px`;
    box.style.height = '0';
    box.style.height = `${box.scrollHeight}px`;
  }

  /** Long text is readable in the formula bar: it grows over the grid while pointed at or edited. */
  #fitBar(open: boolean): void {
    const bar = this.#bar;
    bar.style.height = '';
    const needed = bar.scrollHeight;
    const expanded = open && needed > bar.clientHeight + 1;
    bar.classList.toggle('expanded', expanded);
    if (expanded) bar.style.height = `${Math.min(BAR_MAX_HEIGHT, needed)}px`;
  }
}
