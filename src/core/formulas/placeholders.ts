// Texts a cell holds when it has no value: Sheets' error values, which custom functions and
// Range.getValues() receive as plain text, Sheets' "Loading..." while a cell computes, this
// add-on's own texts for a lookup that has not answered, text without a letter or digit (`...`,
// `—`), and a cell that only looks blank (invisible or filler characters, folded away by
// canonical.ts). None names anything: sent, each would be charged (a miss costs the full price).
// readCell() turns them into an unusable cell, so every argument of a formula, a bulk run, a
// recipe or a watch refuses them for free.
import { NOT_FOUND } from '../text/catalogue/cells';
import { ownTextKind } from '../text/catalogue/own-texts';
import { UNUSABLE } from '../text/catalogue/refusals';
import { namesSomething } from './canonical';
import { quote } from './refusals';

/**
 * Sheets' error values, and Excel's (a column pasted or imported from a workbook keeps them as
 * text). Matched without case: Sheets reads a typed `#n/a` as `#N/A`.
 */
const ERROR_VALUES: ReadonlySet<string> = new Set([
  ...['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#ERROR!', '#NUM!', '#NULL!'],
  ...['#SPILL!', '#CALC!', '#GETTING_DATA', '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!'],
]);

/** Sheets shows this (with three dots, or an ellipsis that NFKC makes three dots) while a cell computes. */
const LOADING = 'loading...';

/** What a placeholder text is, completing "This is ..."; null for any other text. */
export function placeholderOf(text: string): string | null {
  const upper = text.toUpperCase();
  // Said as what it is, and that it is free: "got "#ERROR!"" read as if it had been looked up.
  if (ERROR_VALUES.has(upper)) return UNUSABLE.errorValue(upper);
  if (text.toLowerCase() === LOADING) return UNUSABLE.loading(text);
  if (text === NOT_FOUND.text) return UNUSABLE.notFound(text);
  // Every text the add-on writes in a cell or a status column (text/catalogue/).
  const own = ownTextKind(text);
  if (own === 'wait' || own === 'promise') return UNUSABLE.waiting;
  if (own !== null) return UNUSABLE.ours;
  if (!namesSomething(text)) return UNUSABLE.nothingToLookUp(quote(text));
  return null;
}

const WHITESPACE = /[\s\p{Cc}]/u;
/** A cell lists at most this many of the invisible characters it holds. */
const LISTED_INVISIBLE = 4;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What a text that folds to nothing is, completing "This is ...": the invisible characters it
 * holds, by code point, so the user can find them; null for whitespace alone, which is blank.
 */
export function invisibleOnly(raw: string): string | null {
  const codes = [...new Set([...raw].filter((char) => !WHITESPACE.test(char)))].map(codePoint);
  if (codes.length === 0) return null;
  const listed =
    codes.length > LISTED_INVISIBLE
      ? UNUSABLE.andOthers(codes.slice(0, LISTED_INVISIBLE).join(', '))
      : codes.join(', ');
  return UNUSABLE.invisible(listed);
}
