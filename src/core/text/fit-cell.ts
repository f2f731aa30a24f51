// Sheets caps what one cell can hold; every long text on its way to a cell goes through here.

/** Sheets refuses more characters than this in one cell. */
export const MAX_CELL_CHARS = 50_000;
const ELLIPSIS = '…';

/** Keeps text within a cell, never splitting a surrogate pair (an emoji). */
export function fitCell(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  let end = MAX_CELL_CHARS - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + ELLIPSIS;
}
