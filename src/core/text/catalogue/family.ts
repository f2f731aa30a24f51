// How the catalogue declares a family of the add-on's own texts: what it is (its kind) and how each
// of its texts begins. Every maker builds its text from its family, and the refusal of our own texts
// as inputs (own-texts.ts) collects the same declarations: a new text cannot be forgotten there.

import { plural } from '../plural';

/** An answer's placeholder, an error, a wait for an answer, or a promise of one. */
export type OwnTextKind = 'placeholder' | 'error' | 'wait' | 'promise';

interface Declared {
  readonly kind: OwnTextKind;
  /** How each text of the family begins, as written (after its count, for a counted family). */
  readonly begins: string;
  /** The family is one text: `begins`, whole. */
  readonly whole: boolean;
  /** A counted family's nouns: its texts begin "1 employee", "12 employees", then `begins`. */
  readonly nouns: readonly [one: string, many: string] | null;
}

/** A family of one text. */
export interface WholeText extends Declared {
  readonly text: string;
}

/** A family of texts that begin alike: `say(rest)` is `begins` then `rest`. */
export interface Opening extends Declared {
  say(rest: string): string;
}

/** A family of texts that begin with a count and its noun, then `begins`. */
export interface Counted extends Declared {
  say(count: number, rest?: string): string;
}

export type TextFamily = WholeText | Opening | Counted;

export function whole(kind: OwnTextKind, text: string): WholeText {
  return { kind, begins: text, whole: true, nouns: null, text };
}

export function opening(kind: OwnTextKind, begins: string): Opening {
  return { kind, begins, whole: false, nouns: null, say: (rest) => `${begins}${rest}` };
}

export function counted(kind: OwnTextKind, nouns: readonly [string, string], begins: string): Counted {
  return {
    kind,
    begins,
    whole: false,
    nouns,
    say: (count, rest = '') => `${plural(count, nouns[0], nouns[1])}${begins}${rest}`,
  };
}

/** Compared after NFKC, as a cell read as an input is: "Processing…" reads "Processing...". */
export const fold = (text: string) => text.normalize('NFKC');

/**
 * A text as the refusal of our own texts compares it, whatever form a copy took: folded, in lower
 * case, every number one `#` ("HTTP 429" and "HTTP 430" read alike), its spaces collapsed.
 */
export const loose = (text: string) =>
  fold(text)
    .toLowerCase()
    .replace(/\d+(?:[.,]\d+)*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

/** Three words this long are a sentence of ours, not a name's ("by the formula" may be one). */
const LONG = 15;

/**
 * Whether a loose text is ours wherever it stands: words with a sentence's punctuation ("lookup
 * lost:", "processing..."), or three words or more, and long ("employee list ordered"). Shorter,
 * it may be part of a real name ("Cut to Size Ltd", "From the Menu Ltd").
 */
export function distinctive(looseText: string): boolean {
  const words = looseText.split(' ').filter((token) => /\p{L}/u.test(token)).length;
  if (/\p{L}(?::|;|\?|\.\.\.| \()|\(\p{L}|->/u.test(looseText)) return words >= 1;
  return words >= 3 && looseText.length >= LONG;
}

const COUNT = /^[\d,]+ /;

/** Whether `text` is one of the family's texts, as the add-on writes it. */
export function holds(family: TextFamily, text: string): boolean {
  const folded = fold(text);
  const begins = fold(family.begins);
  const matches = (rest: string) => (family.whole ? rest === begins : rest.startsWith(begins));
  if (!family.nouns) return matches(folded);
  const count = COUNT.exec(folded)?.[0];
  if (count === undefined) return false;
  const rest = folded.slice(count.length);
  return family.nouns.some((noun) => rest.startsWith(noun) && matches(rest.slice(noun.length)));
}
