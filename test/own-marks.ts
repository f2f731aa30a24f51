// The marks of our own texts (src/core/text/catalogue/marks.ts): the distinctive beginning of every
// sentence the catalogue writes, derived from the catalogue's own source, so that the refusal of
// our texts as inputs knows the sidebar's, the report's and the notes' words without shipping them
// whole in Code.js. Each string of the catalogue, and each part of a template between its values,
// is made loose as an input is (`loose`: lower case, any number `#`); its shortest distinctive
// beginning of two words or more is a mark (family.ts `distinctive`). A template is also read whole,
// each value any text (`…`), so that its fixed words in order are ours even where none is alone:
// `Unknown type "${typed}". …` marks `unknown type "…".` ("Unknown type" or "Did you mean" alone may
// be a user's words), and `Daily cap of ${credits} reached: …` its cut beginning. The catalogue's
// texts without a mark (labels, states: "Full profile") are ours only whole (`WHOLE`). `npm run
// marks` writes them; test/unit/text/own-marks.test.ts checks the file is fresh.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distinctive, loose } from '../src/core/text/catalogue/family';
import { OWN_TEXT_FAMILIES } from '../src/core/text/catalogue/own-texts';
import { literalsOf } from './literals';

export const CATALOGUE = join(__dirname, '../src/core/text/catalogue');
export const MARKS_FILE = join(CATALOGUE, 'marks.ts');

/** A mark's words at most: enough to be ours, few enough to keep the table small. */
const WORDS = 6;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && path !== MARKS_FILE ? [path] : [];
  });
}

/** A part of a literal as written in the source, its escapes read. */
const unescaped = (part: string) => part.replace(/\\(.)/g, '$1');

/** Where a template's value stood, while its text is made loose; `ANY` in a mark. */
const HOLE = '\uE000';
/** A value in a mark: any text (a loose text holds no `…`, NFKC makes it `...`). */
const ANY = '…';

/**
 * The mark of a part of a literal, or of a template read whole: its shortest distinctive beginning
 * of two words or more, a value counting as a word, never at either end of it.
 */
function markOf(part: string): string | null {
  const kept: string[] = [];
  let words = 0;
  for (const token of loose(unescaped(part))
    .replace(/^[\uE000 ]+/u, '')
    .split(' ')) {
    kept.push(token);
    if (/\p{L}/u.test(token)) words++;
    const mark = kept.join(' ');
    if (words >= 2 && token !== HOLE && distinctive(mark.replaceAll(HOLE, 'x')))
      return mark.replaceAll(HOLE, ANY);
    if (words === WORDS) return null;
  }
  return null;
}

/** The marks of a literal's parts, and of the template read whole. */
function marksOf(parts: readonly string[]): (string | null)[] {
  const marks = parts.map(markOf);
  return parts.length === 1 ? marks : [...marks, markOf(parts.join(HOLE))];
}

/** A declaration's kind ('label', 'wait', …) and a family's parts are no text of their own. */
const NOT_TEXTS = new Set(['kind', 'begins', 'nouns']);

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, each]) => (NOT_TEXTS.has(key) ? [] : stringsOf(each)));
}

/** Every text the catalogue's modules export as written (not made from values): labels, states, sentences. */
export function catalogueTexts(): string[] {
  const modules = sourceFiles(CATALOGUE).map((file) => require(file) as Record<string, unknown>);
  return [...new Set(modules.flatMap((exported) => stringsOf(exported)))];
}

/** Every mark of the catalogue, none holding another, sorted. */
export function catalogueMarks(): string[] {
  const all = new Set(
    sourceFiles(CATALOGUE).flatMap((file) =>
      literalsOf(readFileSync(file, 'utf8'))
        .flatMap(({ text, after }) => marksOf([text, ...after]))
        .filter((mark): mark is string => mark !== null),
    ),
  );
  const marks = [...all];
  return marks.filter((mark) => !marks.some((other) => other !== mark && mark.includes(other))).sort();
}

/** The catalogue's texts that have no mark (a label, a state, "Key saved."), loose, sorted: ours only whole. */
export function catalogueWholeTexts(): string[] {
  const texts = catalogueTexts().filter((text) => markOf(text) === null);
  return [...new Set(texts.map(loose))].filter((text) => text !== '').sort();
}

/** The marks as the alternatives of one regular expression. */
export const marksSource = (marks: readonly string[]) =>
  marks.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(ANY, '.*?')).join('|');

/**
 * Each family of own-texts.ts, in its order: its marks (its beginning, after its count for a
 * counted family), loose and escaped, as one group's alternatives; and which families are known
 * anywhere in a text, their beginning being distinctive.
 */
export function familyMarks(): { marks: string[]; anywhere: number[] } {
  const marks = OWN_TEXT_FAMILIES.map((family) =>
    family.nouns ? family.nouns.map((noun) => loose(`1 ${noun}${family.begins}`)) : [loose(family.begins)],
  );
  return {
    marks: marks.map((each) => each.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
    anywhere: OWN_TEXT_FAMILIES.flatMap((family, index) =>
      !family.whole && distinctive(marks[index]![0]!) ? [index] : [],
    ),
  };
}
