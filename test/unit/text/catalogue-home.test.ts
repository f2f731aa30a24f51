// A text a cell or a status column can show lives in the catalogue (src/core/text/catalogue/), so
// that the refusal of the add-on's own texts as inputs, derived from it, cannot miss one. This scans
// the string and template literals of src/ (the sidebar's own words in src/client are not cell
// texts; sidebar-home.test.ts keeps the sidebar's sentences in the catalogue too) and fails, naming file and line, on any that begins like a cell text outside it: like a
// family the catalogue declares, or one of the beginnings every cell text of ours is known by.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OWN_TEXT_FAMILIES } from '../../../src/core/text/catalogue/own-texts';
import { type Literal, literalsOf } from '../../literals';

const ROOT = join(__dirname, '../../..');
const SRC = join(ROOT, 'src');
const CATALOGUE = 'src/core/text/catalogue/';

/** Beginnings every cell text of the add-on is known by, whatever the catalogue declares. */
const WELL_KNOWN = [
  'Queued',
  'Processing',
  'Not sent',
  'Error: ',
  'Waiting: ',
  'Expired: ',
  'Invalid input',
  'Lookup failed',
  'Lookup lost',
  'Set your API key',
  'Employee list ordered',
  'Not found',
  'Found',
];

const BEGINNINGS = [
  ...WELL_KNOWN,
  ...OWN_TEXT_FAMILIES.filter((family) => family.nouns === null).map((family) => family.begins),
];
/** A counted family's words after its count: "${count} employees found; writing them". */
const AFTER_COUNT = OWN_TEXT_FAMILIES.filter((family) => family.nouns !== null).flatMap((family) =>
  family.nouns!.map((noun) => ` ${noun}${family.begins}`),
);

/** Whether a literal is written like one of our cell texts. */
function likeACellText({ text, after }: Literal): boolean {
  return (
    BEGINNINGS.some((begins) => text.startsWith(begins)) ||
    after.some((part) => AFTER_COUNT.some((words) => part.startsWith(words)))
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every literal of src/ outside the catalogue (and the sidebar) that begins like a cell text. */
function strayTexts(): string[] {
  return sourceFiles(SRC)
    .map((path) => relative(ROOT, path))
    .filter((file) => !file.startsWith(CATALOGUE) && !file.startsWith('src/client/'))
    .flatMap((file) =>
      literalsOf(readFileSync(join(ROOT, file), 'utf8'))
        .filter(likeACellText)
        .map(({ line, text }) => `${file}:${line} ${JSON.stringify(text.slice(0, 60))}`),
    );
}

describe('the one home of cell texts', () => {
  it('finds no literal that begins like a cell text outside the catalogue', () => {
    expect(strayTexts()).toEqual([]);
  });
});

describe('the scanner of literals', () => {
  it('reads strings and templates, past comments and regular expressions', () => {
    const source = [
      "const a = 'Queued: x'; // 'Found' in a comment",
      "/* 'Not found' */ const b = /^['\"`]Error: /.test(c) ? 1 / 2 : `#{n} employees found; writing them`;",
      'const d = `Waiting: #{f(`Processing: #{x}`)} done`;',
    ]
      .join('\n')
      .replaceAll('#{', '$'.concat('{'));
    expect(literalsOf(source)).toEqual([
      { line: 1, text: 'Queued: x', after: [] },
      { line: 2, text: '', after: [' employees found; writing them'] },
      { line: 3, text: 'Processing: ', after: [''] },
      { line: 3, text: 'Waiting: ', after: [' done'] },
    ]);
  });
});
