// Every word the sidebar can show lives in the catalogue (src/core/text/catalogue/sidebar/), tagged
// with what it is, as the cells' texts do (issue 30): sentences, and labels and fragments too. This
// scans the string and template literals of the sidebar (src/client), the server and the parts of
// core whose words reach the sidebar, the report or the notes (SIDEBAR_FACING), and fails, naming file and line, on a text written outside the catalogue: a literal that
// begins with a capital letter and has at least three words, that ends with ".", "?" or ":", or that
// is two or more words and nothing else (letters, apostrophes, commas, spaces and the "…" where a
// template's values go: "Cancel run", "not set", "about … min left"). What is not words for a user
// (an HTML attribute's value, a class list) is in STAYS with its reason. Single words, a log line's
// words (console.warn or the server's orWarn: the developer's) and the static text of sidebar.html are not scanned.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Literal, literalsOf } from '../../literals';

const ROOT = join(__dirname, '../../..');

/**
 * The sidebar, and the files whose words reach it, the report or the notes: the whole server, and
 * the parts of core that word a run's setup and progress, its confirmation, a watch, a receipt, a
 * recipe, the spend report and its settings, a job, a key pasted, Freeze's alert, and a formula's
 * refusal (copied bare, its sentence was bought: issue 40).
 */
const SIDEBAR_FACING = [
  'src/client/',
  'src/server/',
  'src/core/api/',
  'src/core/billing/',
  'src/core/bulk/',
  'src/core/cache/',
  'src/core/formulas/',
  'src/core/jobs/',
  'src/core/lookup/',
  'src/core/receipts/',
  'src/core/recipes/',
  'src/core/render/',
  'src/core/runs/',
  'src/core/watches/',
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
  'src/server/collector/drivers.ts': [
    { begins: 'Loading...', why: "Sheets' own text in a cell being computed" },
  ],
  'src/server/watches/api.ts': [{ begins: 'MMM d, HH:mm', why: 'a date format, not words' }],
  'src/server/watches/runtime-tally.ts': [
    { begins: 'not opened', why: 'the end of a console.warn log line, for the developer' },
    { begins: 'not closed', why: 'the end of a console.warn log line, for the developer' },
    { begins: 'time not counted', why: 'the end of a console.warn log line, for the developer' },
  ],
  'src/core/billing/': [
    { begins: 'estimate of', why: "a programmer's error (a RangeError for a bug), never a user's" },
    { begins: 'charge of', why: "a programmer's error (a RangeError for a bug), never a user's" },
    { begins: 'The … must be a number of credits', why: "a programmer's error (a RangeError for a bug)" },
    { begins: 'Expected a day as', why: "a programmer's error (a RangeError for a bug), never a user's" },
  ],
  'src/core/formulas/': [
    { begins: 'Unknown function', why: "a programmer's error (thrown for a bug), never a user's" },
    { begins: 'www.', why: "a host's prefix, not words" },
    { begins: '#NAME?', why: "Sheets' own error value in a cell, not ours" },
    { begins: 'loading...', why: "Sheets' own text in a cell being computed, not ours" },
  ],
  'src/core/recipes/preview.ts': [{ begins: 'via:', why: "a query's prefix inside the preview, not words" }],
  'src/core/lookup/claims.ts': [
    { begins: '"c":', why: "a reservation's JSON field, looked for before parsing, not words" },
  ],
  'src/core/api/': [
    { begins: 'Bearer', why: 'the Authorization header the API takes, and its redacted form, not words' },
  ],
  'src/core/cache/': [
    { begins: 'resultKey needs', why: "a programmer's error (thrown for a bug), never a user's" },
    { begins: 'Not a result cache key', why: "a programmer's error (thrown for a bug), never a user's" },
    { begins: 'Clearing or counting one', why: "a programmer's error (thrown for a bug), never a user's" },
    { begins: 'A … outcome is not a paid', why: "a programmer's error (thrown for a bug), never a user's" },
    { begins: '…:…:', why: "a result key's parts, not words" },
  ],
};

/** A sentence, or a label or fragment of two or more words. */
const isSentence = (text: string) =>
  /\p{L}/u.test(text) &&
  (/^[A-Z]\S*(\s+\S+){2,}/.test(text) ||
    /[.?:]$/.test(text.trim()) ||
    /^[a-z][a-z'’]*( +[a-z'’,…]+)+$/i.test(text.trim()));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const facesSidebar = (file: string) => SIDEBAR_FACING.some((place) => file.startsWith(place));

function stays(file: string, whole: string): boolean {
  return Object.entries(STAYS).some(
    ([place, kept]) => file.startsWith(place) && kept.some(({ begins }) => whole.startsWith(begins)),
  );
}

/** A literal read whole: a template's texts joined where its values go. */
const wholeText = ({ text, after }: Literal) => [text, ...after].join('…');

const sourceLines = new Map<string, string[]>();
const lines = (file: string) => {
  if (!sourceLines.has(file)) sourceLines.set(file, readFileSync(join(ROOT, file), 'utf8').split('\n'));
  return sourceLines.get(file)!;
};
/**
 * A log line's words (`console.warn(…)`, or the server's `orWarn(…)` that logs its first argument,
 * on the literal's line or the one before): for the developer, not the user.
 */
const LOG_CALL = /\b(console\.\w+|orWarn)\(/;
const logged = (source: readonly string[], line: number) =>
  /\b(console\.\w+|orWarn)\($/.test(source[line - 2]?.trim() ?? '') || LOG_CALL.test(source[line - 1] ?? '');

function straySentences(): string[] {
  return sourceFiles(join(ROOT, 'src'))
    .map((path) => relative(ROOT, path))
    .filter(facesSidebar)
    .flatMap((file) =>
      literalsOf(readFileSync(join(ROOT, file), 'utf8'))
        .filter((literal) => !logged(lines(file), literal.line))
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

  it("excuses only a log line's words: console's, or the server's orWarn", () => {
    const source = [
      "orWarn('Could not note the day', undefined, () => {",
      'console.warn(',
      "  'Could not read the queue:',",
      "throw new Error('Could not read the queue.');",
    ];
    expect([1, 2, 3, 4].filter((line) => logged(source, line))).toEqual([1, 2, 3]);
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
