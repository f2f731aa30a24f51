// The note a refresh leaves on a cell whose answer it bought again (core/bulk/refresh-notes.ts):
// what the cell showed until the refresh's day, above any earlier note, so that a cell refreshed
// many times keeps its history; a cell that shows the same answer again loses the line.

/** "was jane@old.example until 2026-12-01": one line, whatever the value held. */
export const wasLine = (value: string, day: string): string =>
  `was ${value.replace(/\s*\n\s*/g, ' ')} until ${day}`;

/** The note with the line on top. */
export const withWasLine = (note: string, value: string, day: string): string =>
  [wasLine(value, day), note].filter((line) => line !== '').join('\n');

/** The value the note's first line says the cell showed until `day`; null when it says nothing so. */
export function wasOn(note: string, day: string): string | null {
  const first = note.split('\n', 1)[0] ?? '';
  const suffix = ` until ${day}`;
  return first.startsWith('was ') && first.endsWith(suffix) ? first.slice(4, -suffix.length) : null;
}

/** What the note's first line says the cell showed, and until when; null when it says nothing so. */
export function wasOf(note: string): { value: string; day: string } | null {
  const day = /^was .* until (\d{4}-\d{2}-\d{2})(\n|$)/.exec(note)?.[1];
  const value = day === undefined ? null : wasOn(note, day);
  return value === null || day === undefined ? null : { value, day };
}

/** A receipt's line for a cell a refresh changed: the answer it replaced, and until when. */
export const beforeLine = (note: string): { label: string; text: string } | null => {
  const was = wasOf(note);
  return was ? { label: 'Before', text: `${was.value}, until ${was.day}` } : null;
};

/** The note without its first line: what it said before the refresh. */
export const withoutWasLine = (note: string): string => note.split('\n').slice(1).join('\n');
