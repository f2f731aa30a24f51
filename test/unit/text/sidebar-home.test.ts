// Every word the sidebar can show lives in the catalogue (src/core/text/catalogue/sidebar/), tagged
// with what it is, as the cells' texts do (issue 30): sentences, and labels and fragments too. This
// scans the string and template literals of the sidebar (src/client) and of the server's files that
// answer it, and fails, naming file and line, on a text written outside the catalogue: a literal that
// begins with a capital letter and has at least three words, that ends with ".", "?" or ":", or that
// is two or more words and nothing else (letters, apostrophes, commas, spaces and the "…" where a
// template's values go: "Cancel run", "not set", "about … min left"). What is not words for a user
// (an HTML attribute's value, a class list) is in STAYS with its reason. Single words and the static
// text of sidebar.html are not scanned.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Literal, literalsOf } from '../../literals';

const ROOT = join(__dirname, '../../..');

/** The sidebar, and the server's files whose words reach it. */
const SIDEBAR_FACING = [
  'src/client/',
  /^src\/server\/[^/]+\.ts$/,
  'src/server/presenters/',
  'src/server/watches/api.ts',
  'src/server/collector/drivers.ts',
];

/** What cannot move, by file: the literal's beginning, and why it stays. */
const STAYS: Readonly<Record<string, readonly { begins: string; why: string }[]>> = {
  'src/client/dom.ts': [{ begins: 'message …', why: "the status line's CSS class list, not words" }],
  'src/client/panels/key/view.ts': [
    { begins: 'noopener noreferrer', why: "the dashboard link's rel attribute, not words" },
  ],
  'src/server/config.ts': [{ begins: 'Enrich for Sheets', why: "the add-on's name, not a sentence" }],
  'src/server/help.ts': [
    { begins: 'Enrich for Sheets: functions', why: "the Help dialog's title, not the sidebar" },
  ],
  'src/server/menu.ts': [{ begins: '', why: "the Extensions menu's items, not the sidebar" }],
  'src/server/links.ts': [{ begins: '', why: 'the privacy and support texts of the store listing and Help' }],
  'src/server/key-test.ts': [
    { begins: 'Key test (API key panel)', why: "a ledger row's source, written in a sheet" },
  ],
  'src/server/purchase-record.ts': [{ begins: 'Could not move', why: 'a console.warn log line' }],
  'src/server/jobs-api.ts': [{ begins: 'Could not refresh formulas: ', why: 'a console.warn log line' }],
  'src/server/user-memory.ts': [{ begins: 'Could not give the memory', why: 'a console.warn log line' }],
  'src/server/freeze.ts': [
    { begins: 'Select the cells to freeze first.', why: "a menu item's alert, not the sidebar" },
  ],
  'src/server/collector/drivers.ts': [
    { begins: 'Loading...', why: "Sheets' own text in a cell being computed" },
  ],
  'src/server/watches/api.ts': [{ begins: 'MMM d, HH:mm', why: 'a date format, not words' }],
};

/** A sentence, or a label or fragment of two or more words. */
const isSentence = (text: string) =>
  /^[A-Z]\S*(\s+\S+){2,}/.test(text) ||
  /[.?:]$/.test(text.trim()) ||
  /^[a-z][a-z'’]*( +[a-z'’,…]+)+$/i.test(text.trim());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const facesSidebar = (file: string) =>
  SIDEBAR_FACING.some((place) => (typeof place === 'string' ? file.startsWith(place) : place.test(file)));

function stays(file: string, whole: string): boolean {
  return Object.entries(STAYS).some(
    ([place, kept]) => file.startsWith(place) && kept.some(({ begins }) => whole.startsWith(begins)),
  );
}

/** A literal read whole: a template's texts joined where its values go. */
const wholeText = ({ text, after }: Literal) => [text, ...after].join('…');

function straySentences(): string[] {
  return sourceFiles(join(ROOT, 'src'))
    .map((path) => relative(ROOT, path))
    .filter(facesSidebar)
    .flatMap((file) =>
      literalsOf(readFileSync(join(ROOT, file), 'utf8'))
        .map((literal) => ({ line: literal.line, whole: wholeText(literal) }))
        .filter(({ whole }) => isSentence(whole) && !stays(file, whole))
        .map(({ line, whole }) => `${file}:${line} ${JSON.stringify(whole.slice(0, 60))}`),
    );
}

describe('the one home of the sidebar words', () => {
  it('finds no sentence, label or fragment of the sidebar outside the catalogue', () => {
    expect(straySentences()).toEqual([]);
  });

  it('keeps a reason for every literal that stays, and each still stays somewhere', () => {
    const entries = Object.entries(STAYS).flatMap(([place, kept]) =>
      kept.map((each) => ({ place, ...each })),
    );
    expect(entries.filter(({ why }) => why.length < 10)).toEqual([]);
    expect(entries.filter(({ place }) => !facesSidebar(place) && !place.endsWith('/'))).toEqual([]);
  });

  it('reads a sentence, a label and a fragment as the rule says', () => {
    expect(
      [
        'Key saved.',
        'Run it?',
        'If not found: ',
        'Paste your key',
        'Retry failed rows',
        'Cancel run',
        'not set',
        'about … min left',
        ' in all your spreadsheets',
        'Buy again…',
      ].filter(isSentence),
    ).toHaveLength(10);
    expect(
      ['Refresh', 'saved', 'data-id', 'job-head', 'bulk-numbers', '…', '… · …'].filter(isSentence),
    ).toEqual([]);
  });
});
