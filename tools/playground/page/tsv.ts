// Text on the clipboard as rows of cells: tab-separated, one row a line, as Sheets, Excel and
// most tables copy. A cell in double quotes may hold tabs, line breaks and doubled quotes ("").

/** One cell starting at `at`: its text and where the next one starts (after its tab or line break). */
function readCell(text: string, at: number): { cell: string; next: number; endsRow: boolean } {
  if (text[at] === '"') {
    let cell = '';
    let i = at + 1;
    while (i < text.length) {
      if (text[i] === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (text[i] === '"') {
        i++;
        break;
      } else {
        cell += text[i];
        i++;
      }
    }
    // A quoted cell must end at a separator; anything else means the quote was plain text.
    if (i >= text.length || text[i] === '\t' || text[i] === '\n')
      return { cell, next: i + 1, endsRow: text[i] !== '\t' };
  }
  const tab = text.indexOf('\t', at);
  const line = text.indexOf('\n', at);
  const end = Math.min(tab < 0 ? text.length : tab, line < 0 ? text.length : line);
  return { cell: text.slice(at, end), next: end + 1, endsRow: end !== tab };
}

export function parseTsv(clipboard: string): string[][] {
  const text = clipboard.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  while (at <= text.length) {
    const { cell, next, endsRow } = readCell(text, at);
    row.push(cell);
    if (endsRow) {
      rows.push(row);
      row = [];
    }
    at = next;
  }
  return rows;
}

/** Rows of cells as tab-separated text, quoting what must be. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[\t\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join('\t')).join('\n');
}
