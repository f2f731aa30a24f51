// How one cell looks: its text (or "Loading..." while its formula runs), the classes that colour
// numbers, errors and spills, the note's corner mark, and text running over empty neighbours.
import type { CellSnapshot } from '../state';
import { element } from './dom';

const LOADING = 'Loading...';
/** Text longer than this gets its full text on hover too. */
const LONG_TEXT = 18;

/** What a paint depends on, so a repaint that changes nothing touches nothing. */
const painted = new WeakMap<HTMLTableCellElement, string>();

/** Paints `cell` into `td`; `loading`: committed and not answered yet. */
export function paintCell(td: HTMLTableCellElement, cell: CellSnapshot | undefined, loading: boolean): void {
  const isLoading = loading || cell?.loading === true || cell?.display === LOADING;
  const text = isLoading ? LOADING : (cell?.display ?? '');
  const classes = classesOf(cell, isLoading);
  const title = titleOf(cell);
  const signature = JSON.stringify([text, classes, title, cell?.note ?? '']);
  if (painted.get(td) === signature) return;
  painted.set(td, signature);
  td.replaceChildren(element('span', 'content', text));
  const keep = ['selected', 'in-range'].filter((name) => td.classList.contains(name));
  td.className = [...classes, ...keep].join(' ');
  if (title) td.title = title;
  else td.removeAttribute('title');
  if (cell?.note) td.dataset.note = cell.note;
  else delete td.dataset.note;
}

function classesOf(cell: CellSnapshot | undefined, loading: boolean): string[] {
  if (!cell) return loading ? ['loading'] : [];
  return [
    cell.error ? 'error' : '',
    cell.kind === 'number' || cell.kind === 'boolean' ? cell.kind : '',
    cell.spill ? 'spill' : '',
    cell.bold ? 'bold' : '',
    cell.note ? 'has-note' : '',
    loading ? 'loading' : '',
  ].filter(Boolean);
}

/** Sheets shows an error's reason on hover; long values get their full text there too. */
function titleOf(cell: CellSnapshot | undefined): string {
  if (!cell) return '';
  if (cell.error) return cell.error.message;
  return cell.display.length > LONG_TEXT ? cell.display : '';
}

/** Whether a cell's text may run over its right neighbour: plain text only, as in Sheets. */
function mayOverflow(td: HTMLTableCellElement): boolean {
  return !/\b(number|boolean|error)\b/.test(td.className);
}

/**
 * Text too long for its cell runs on over empty cells to its right, as in Sheets; numbers, errors
 * and text with a non-empty neighbour are cut with an ellipsis instead.
 */
export function spreadOverflow(tr: HTMLTableRowElement): void {
  const cells = [...tr.querySelectorAll<HTMLTableCellElement>('td[data-a1]')];
  for (const td of cells) td.classList.remove('overflows', 'joined');
  cells.forEach((td, i) => {
    const content = td.firstElementChild as HTMLElement | null;
    if (!content) return;
    content.style.width = '';
    if (!mayOverflow(td) || content.scrollWidth <= content.clientWidth) return;
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
