// How one cell looks: its text (or "Loading..." while its formula runs), the classes that colour
// numbers, errors and spills, the note's corner mark, and text running over empty neighbours.
import type { CellSnapshot } from '../state';
import { element } from './dom';

const LOADING = 'Loading...';
/** Text longer than this gets its full text on hover too. */
const LONG_TEXT = 18;

/** What a paint depends on, so a repaint that changes nothing touches nothing. */
const painted = new WeakMap<HTMLTableCellElement, string>();

/** Paints `cell` into `td`; `loading`: committed and not answered yet. Answers whether `td` changed. */
export function paintCell(
  td: HTMLTableCellElement,
  cell: CellSnapshot | undefined,
  loading: boolean,
): boolean {
  const isLoading = loading || cell?.loading === true || cell?.display === LOADING;
  const text = isLoading ? LOADING : (cell?.display ?? '');
  const classes = classesOf(cell, isLoading);
  const title = titleOf(cell);
  const signature = JSON.stringify([text, classes, title, cell?.note ?? '']);
  if (painted.get(td) === signature) return false;
  painted.set(td, signature);
  td.replaceChildren(element('span', 'content', text));
  const keep = ['selected', 'in-range'].filter((name) => td.classList.contains(name));
  td.className = [...classes, ...keep].join(' ');
  if (title) td.title = title;
  else td.removeAttribute('title');
  if (cell?.note) td.dataset.note = cell.note;
  else delete td.dataset.note;
  return true;
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
 * and text with a non-empty neighbour are cut with an ellipsis instead. All the rows at once, in
 * three passes (undo the last spread, measure, spread), so the page lays out once, not once a cell.
 */
export function spreadOverflow(rows: readonly HTMLTableRowElement[]): void {
  const lines = rows.map((tr) => [...tr.querySelectorAll<HTMLTableCellElement>('td[data-a1]')]);
  for (const td of lines.flat()) {
    td.classList.remove('overflows', 'joined');
    const content = td.firstElementChild as HTMLElement | null;
    if (content?.style.width) content.style.width = '';
  }
  const spreads = lines.flatMap(spreadsOf);
  for (const { cells, width } of spreads) {
    cells[0]!.classList.add('overflows');
    for (const td of cells.slice(0, -1)) td.classList.add('joined');
    (cells[0]!.firstElementChild as HTMLElement).style.width = `${width}px`;
  }
}

/** A row's cells whose text runs over their neighbours: each with the cells it covers and its width. */
function spreadsOf(cells: HTMLTableCellElement[]): { cells: HTMLTableCellElement[]; width: number }[] {
  const spreads: { cells: HTMLTableCellElement[]; width: number }[] = [];
  cells.forEach((td, i) => {
    const content = td.firstElementChild as HTMLElement | null;
    // An empty cell has nothing to spread, and measuring it would cost a layout's worth of reads.
    if (!content?.textContent || !mayOverflow(td) || content.scrollWidth <= content.clientWidth) return;
    let width = content.clientWidth;
    let last = i;
    while (width < content.scrollWidth && cells[last + 1] && !cells[last + 1]!.textContent) {
      last++;
      width += cells[last]!.offsetWidth;
    }
    if (last > i) spreads.push({ cells: cells.slice(i, last + 1), width });
  });
  return spreads;
}
