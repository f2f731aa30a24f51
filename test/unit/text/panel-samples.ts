// Every text of the sidebar, the spend report and the notes, rendered with sample values
// (copied-texts.test.ts): what a user may paste back into a sheet.
import type { Purchase } from '../../../src/core/billing/purchases';
import { spendReport } from '../../../src/core/billing/report';
import { sheetNote } from '../../../src/core/jobs/employee-sheet';
import { operationByFunction, operationByType } from '../../../src/core/operations/table';
import { type ReceiptFacts, receiptLines } from '../../../src/core/receipts/receipt';
import { ANSWER_WORDS } from '../../../src/core/text/catalogue/api';
import { FREEZE_TEXTS } from '../../../src/core/text/catalogue/freeze';
import { CUT_LIST_ADVICE, cutListText, JOB_RECORD_TEXTS } from '../../../src/core/text/catalogue/jobs';
import { lostResultsRefusal, lostResultsText } from '../../../src/core/text/catalogue/lost';
import { wasLine } from '../../../src/core/text/catalogue/refresh';
import { SHEET_TEXTS, STORE_FAILURES } from '../../../src/core/text/catalogue/sheets';
import { BULK_TEXTS } from '../../../src/core/text/catalogue/sidebar/bulk';
import { BULK_ANSWERS } from '../../../src/core/text/catalogue/sidebar/bulk-answers';
import { CACHE_TEXTS } from '../../../src/core/text/catalogue/sidebar/cache';
import { CALL_TEXTS } from '../../../src/core/text/catalogue/sidebar/calls';
import { JOBS_TEXTS } from '../../../src/core/text/catalogue/sidebar/jobs';
import { JOBS_ANSWERS } from '../../../src/core/text/catalogue/sidebar/jobs-answers';
import { KEY_TEXTS } from '../../../src/core/text/catalogue/sidebar/key';
import { KEY_ANSWERS } from '../../../src/core/text/catalogue/sidebar/key-answers';
import { RECEIPT_TEXTS } from '../../../src/core/text/catalogue/sidebar/receipt';
import { RECEIPT_ANSWERS } from '../../../src/core/text/catalogue/sidebar/receipt-answers';
import { RECIPE_ANSWERS } from '../../../src/core/text/catalogue/sidebar/recipes-answers';
import {
  BULK_REFUSALS,
  CALL_REFUSALS,
  RECEIPT_REFUSALS,
  SPENDING_REFUSALS,
  WATCHES_REFUSALS,
} from '../../../src/core/text/catalogue/sidebar/refusals';
import { paceWords, SETTINGS_TEXTS } from '../../../src/core/text/catalogue/sidebar/settings';
import { SETTINGS_ANSWERS } from '../../../src/core/text/catalogue/sidebar/settings-answers';
import { SPENDING_TEXTS } from '../../../src/core/text/catalogue/sidebar/spending';
import { SPENDING_ANSWERS } from '../../../src/core/text/catalogue/sidebar/spending-answers';
import { TIMES_TEXTS } from '../../../src/core/text/catalogue/sidebar/times';
import { slowedWords, WATCHES_TEXTS } from '../../../src/core/text/catalogue/sidebar/watches';
import { clockCheck, WATCHES_ANSWERS } from '../../../src/core/text/catalogue/sidebar/watches-answers';
import { capProblem } from '../../../src/core/watches/caps';
import { pauseNotice } from '../../../src/core/watches/pause';
import { paceAt } from '../../../src/core/watches/runtime';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 20, 9, 0);
const website = operationByFunction('COMPANY_WEBSITE')!;

const purchase = (served: string): Purchase => ({
  at: NOW - 5 * MINUTE,
  day: '2026-11-20',
  source: 'formula',
  type: 'company_name_to_website',
  input: 'acme',
  cents: 100,
  outcome: 'found',
  twice: 100,
  served,
  count: 1,
});

/** A receipt of `served` whose purchase served `bought`, its answer kept in `layers`. */
function receipt(bought: string | null, layers: ReceiptFacts['kept']['layers'], boughtIn?: string): string[] {
  const facts: ReceiptFacts = {
    subject: { op: website, input: 'acme', served: 'Sheet1!B2' },
    purchases: bought === null ? [] : [purchase(bought)],
    kept: {
      answer: {
        kind: 'found',
        result: 'acme.com',
        at: NOW - 5 * MINUTE,
        credits: 1,
        ...(boughtIn ? { boughtIn } : {}),
      },
      layers,
    },
    job: null,
    now: NOW,
    formatTime: () => '2026-11-20 08:55',
  };
  return receiptLines(facts).map((line) => line.text);
}

const report = spendReport(
  [{ ...purchase('Sheet1!B2'), count: 3, input: '' }],
  'month',
  '2026-11-20',
  { zone: 'Europe/London', format: () => '2026-11-20 08:55' },
  'Leads Q3',
  SPENDING_ANSWERS.recordLost.say('2026-11-19 10:00', '_enrich_ledger'),
);

/** An employee list's note, line by line. */
function listNote(): string[] {
  const op = operationByType('company_name_to_employees')!;
  const request = { type: op.type, input_data: 'Acme Corp', department: 'Sales', employee_count: 25 };
  const collectedAt = '2026-11-20 08:55 (Europe/London)';
  return sheetNote({ op, request, employees: 12, credits: 6, collectedAt, cutFrom: 25 }).split('\n');
}

/** The texts the issue found bought, each rendered by its maker. */
const PANEL: string[] = [
  // Receipt lines, and the memory's (not the answer's, "Found"); a purchase's own line, "2026-11-20
  // 08:55 for 1 credit (formula, Sheet1!B2)", is a time, a price and a buyer with its cell: a shape
  // no name has
  ...receipt('Sheet1!B2', ['properties', 'sheet']).slice(2, 3),
  ...receipt('Sheet1!B2', ['properties', 'sheet']).slice(4),
  ...receipt('Sheet1!C9', ['memory']).slice(2),
  ...receipt(null, ['memory'], 'Leads Q3').slice(2),
  ...receipt(null, ['fast']).slice(2),
  // The pace line
  paceWords({ rate: 1, minutesAgo: 5, ceiling: 50, refusalsToday: 2 }),
  paceWords({ rate: 1, minutesAgo: null, ceiling: 10, refusalsToday: 0 }),
  // The watches' notes: the quota, the caps, a pause
  ...[1, 0.96, 0.85, 0.6].map((share) => slowedWords(paceAt(share, 'edit', 0).slowed!, 'hour')),
  slowedWords(paceAt(0.85, 'edit', 0).slowed!, 'minute'),
  clockCheck('off'),
  capProblem(12),
  capProblem(5, { price: 12.5, bound: true }),
  WATCHES_ANSWERS.runCapReached.say(200),
  pauseNotice(
    { credits: true, message: 'Not enough credits (HTTP 402).' } as Parameters<typeof pauseNotice>[0],
    'hour',
  ),
  // The spend report
  report.title,
  // Its period line: a period's name and its days, a shape no name has
  ...report.summary,
  spendReport([], 'today', '2026-11-20', { zone: 'Europe/London', format: () => '' }, 'Leads Q3').summary[0]!,
  report.rows[0]![3]!,
  // The deleted cache's notes, and a list sheet's
  lostResultsText({ name: '_enrich_cache', deleted: 'sheet', holds: { entries: 30, credits: 30 } }),
  lostResultsText({ name: '_enrich_cache', deleted: 'rows', holds: { entries: 5, credits: 5 } }),
  lostResultsRefusal({ name: '_enrich_cache', deleted: 'sheet', holds: null }),
  cutListText(25),
  CUT_LIST_ADVICE,
  // A list sheet's note, its "Collected 2026-11-20 08:55 (Europe/London)" too (a word, a time and
  // a time zone), and a refreshed cell's "was jane@old.example until 2026-12-01" (two words around
  // a value and a day): shapes no name has
  ...listNote(),
  wasLine('jane@old.example', '2026-12-01'),
  wasLine('Acme Corp', '2026-12-01'),
  // A job's record, in its cell and the Jobs panel
  JOB_RECORD_TEXTS.noEmployees,
  JOB_RECORD_TEXTS.notStored,
  JOB_RECORD_TEXTS.unchecked('network error'),
  JOB_RECORD_TEXTS.sheetNotWritten('the sheet is protected'),
  JOB_RECORD_TEXTS.sheetNotYet('the spreadsheet is busy'),
  JOBS_ANSWERS.unknownOperation.say('company_name_to_fax'),
  // Freeze's alert
  FREEZE_TEXTS.selectFirst,
  FREEZE_TEXTS.none,
  FREEZE_TEXTS.frozen(2, 3),
  FREEZE_TEXTS.left('B2, D4:E9', false),
  FREEZE_TEXTS.outside('B3:B5', false, 'B2', 4),
  // The hidden sheets' header and note, and what the server says of its sheets
  ...SHEET_TEXTS.cacheHeader,
  SHEET_TEXTS.cacheNote,
  ...SHEET_TEXTS.ledgerHeader,
  SHEET_TEXTS.hiddenDeleted('_enrich_cache'),
  SHEET_TEXTS.inTheWay('Enrich spend report'),
  SHEET_TEXTS.savingElsewhere,
  SHEET_TEXTS.noSpreadsheet,
  ...Object.values(STORE_FAILURES),
  // What an answer was, inside an error's text
  ANSWER_WORDS.providerError,
  ANSWER_WORDS.held(10),
];

export const PANEL_TEXTS = PANEL.filter(isSentence);

/** Sample values for the makers that take more than words and numbers. */
const SAMPLES: Readonly<Record<string, unknown[]>> = {
  'TIMES_TEXTS.note': ['Europe/London'],
  'SPENDING_ANSWERS.memoryEvicted': [[{ boughtIn: 'Leads Q3', entries: 12, credits: 120 }]],
  'JOBS_TEXTS.retryQuestion': [{ state: 'expired', query: 'Acme', costText: '10 credits', credits: 10 }],
  'JOBS_ANSWERS.summary': [
    {
      busy: false,
      delivered: ["42 employees -> sheet 'Employees - Acme'"],
      collected: 2,
      expired: 1,
      failed: 1,
      stalled: 1,
      pending: 3,
      formulasQueued: 0,
    },
  ],
  'RECEIPT_TEXTS.buyAgainAsk': [{ lookups: 3, formulas: 2, credits: 30, isBound: false }],
  'BULK_ANSWERS.lostDuringRun': [
    lostResultsText({ name: '_enrich_cache', deleted: 'sheet', holds: { entries: 30, credits: 30 } }),
  ],
  'RECIPE_ANSWERS.yours': [['Website from company name', 'Phone from company name']],
  'WATCHES_TEXTS.drivers': [{ edit: true, change: false, form: false, formLinked: true, clock: 'off' }, true],
};

const CATALOGUE = {
  BULK_TEXTS,
  CACHE_TEXTS,
  CALL_TEXTS,
  JOBS_TEXTS,
  KEY_TEXTS,
  RECEIPT_TEXTS,
  SETTINGS_TEXTS,
  SPENDING_TEXTS,
  WATCHES_TEXTS,
  TIMES_TEXTS,
  BULK_ANSWERS,
  JOBS_ANSWERS,
  KEY_ANSWERS,
  RECEIPT_ANSWERS,
  RECIPE_ANSWERS,
  SETTINGS_ANSWERS,
  SPENDING_ANSWERS,
  WATCHES_ANSWERS,
  BULK_REFUSALS,
  CALL_REFUSALS,
  RECEIPT_REFUSALS,
  SPENDING_REFUSALS,
  WATCHES_REFUSALS,
};

type Entry = { text: string } | { say: (...values: unknown[]) => string } | { one: string; many: string };

function rendered(name: string, entry: Entry): [string, string][] {
  if ('text' in entry) return [[name, entry.text]];
  if ('one' in entry) return [[name, `12 ${entry.many}`]];
  if ('say' in entry) return [[name, entry.say(...(SAMPLES[name] ?? [12, 3, 5, 7]))]];
  return Object.entries(entry as Record<string, Entry>).flatMap(([key, each]) =>
    rendered(`${name}.${key}`, each),
  );
}

/**
 * A sentence, not a label or fragment of one or two words, or three short ones, without a
 * sentence's punctuation ("Go on", "by the formula", "column B", "No"): those are a user's words too,
 * never refused.
 */
export function isSentence(text: string): boolean {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word)).length;
  return (words >= 3 && text.trim().length >= 15) || /\p{L}[:?;…]|\(\p{L}/u.test(text);
}

/** Every sentence of the sidebar's catalogue, rendered, by its name. */
export const SIDEBAR_TEXTS: [string, string][] = Object.entries(CATALOGUE)
  .flatMap(([file, texts]) =>
    Object.entries(texts as Record<string, Entry>).flatMap(([key, entry]) =>
      rendered(`${file}.${key}`, entry),
    ),
  )
  .filter(([, text]) => isSentence(text));
