// Whether a watch still fits its sheet: every column it reads or writes still under the header it
// had when the watch was made. A column deleted, inserted before them or renamed moves what the
// watch would read and write, so it stops and says which column changed rather than guess. Its
// triggers still look (the header row's edits, columns inserted or deleted, the hourly check):
// once every column is back under its header, it goes on.
import { sameHeader } from '../bulk/owners';
import { WATCHES_ANSWERS } from '../text/catalogue/sidebar/watches-answers';
import { columnLetters } from '../text/cell-refs';
import { type Watch, watchColumns } from './watch';

/** The headers of the watch's columns, from the sheet's header row (`headers[0]` is column 1). */
export function headersOfColumns(
  watch: Pick<Watch, 'steps'>,
  headers: readonly unknown[],
): { column: number; header: string }[] {
  return watchColumns(watch).map((column) => ({ column, header: String(headers[column - 1] ?? '') }));
}

/**
 * Why the watch no longer fits a sheet whose header row reads `headers`; null when it does.
 * `sheetFound` false: the sheet itself is gone or renamed.
 */
export function misfit(watch: Watch, sheetFound: boolean, headers: readonly unknown[]): string | null {
  if (!sheetFound) return WATCHES_ANSWERS.sheetGone.say(watch.sheetName);
  for (const { column, header } of watch.headers) {
    const now = headers[column - 1];
    if (sameHeader(now, header)) continue;
    const was = WATCHES_ANSWERS.headerWas.say(header === '' ? null : header);
    const is = WATCHES_ANSWERS.headerIs.say(sameHeader(now, '') ? null : String(now));
    return WATCHES_ANSWERS.columnMoved.say(columnLetters(column), was, is);
  }
  return null;
}
