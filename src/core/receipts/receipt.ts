// A cell's receipt, in the words the sidebar's "This cell" panel shows: the lookup, the input as
// sent, when it was bought and for what (or that the cell shows a saved result, free, and which
// purchase paid for it), where the answer is kept and how old it is, its job, and whether it may
// have been charged twice. Read from the record of purchases and the cache's layers; never the key.
import type { Purchase } from '../billing/purchases';
import { OUTCOME_LABELS, SOURCE_LABELS } from '../billing/report';
import { toCredits } from '../billing/totals';
import type { Kept, KeptLayer } from '../cache/kept';
import { apiJobId, describeJob, type JobRecord } from '../jobs/registry';
import type { Operation } from '../operations/types';
import { DAY_MS } from '../platform/time';
import { NOT_FOUND } from '../text/catalogue/cells';
import { FOUND } from '../text/catalogue/statuses';
import { creditsText } from '../text/credits';
import { plural } from '../text/plural';

export interface ReceiptLine {
  label: string;
  text: string;
}

/** The lookup a cell shows. */
export interface ReceiptSubject {
  op: Operation;
  /** The input as sent (formulas/sent-input.ts). */
  input: string;
  /**
   * The cell whose purchase this is (a formula's row, a run's row): a purchase made for another
   * one means this cell shows a saved result, free. Null: every purchase of it is its own (the
   * rows of an employee list's sheet).
   */
  served: string | null;
}

export interface ReceiptFacts {
  subject: ReceiptSubject;
  /** This lookup's purchases in the record, oldest first. */
  purchases: readonly Purchase[];
  kept: Kept;
  job: JobRecord | null;
  now: number;
  /** "2025-01-06 04:00", in the spreadsheet's time zone. */
  formatTime(ms: number): string;
}

const LAYER_NAMES: Readonly<Record<KeptLayer, string>> = {
  fast: 'the fast cache',
  properties: 'document properties',
  sheet: 'the hidden sheet',
  memory: 'the memory of all your spreadsheets',
};

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1 credit (formula, Sheet1!B2)": what a purchase cost and what it served. */
function purchaseText(facts: ReceiptFacts, purchase: Purchase): string {
  const by = [SOURCE_LABELS[purchase.source].toLowerCase(), purchase.served].filter(Boolean).join(', ');
  return `${facts.formatTime(purchase.at)} for ${creditsText(toCredits(purchase.cents))} (${by})`;
}

function boughtLine(facts: ReceiptFacts, purchase: Purchase | undefined): ReceiptLine {
  const { kept, subject } = facts;
  const own = purchase && (subject.served === null || purchase.served === subject.served);
  if (purchase && own) return { label: 'Bought', text: purchaseText(facts, purchase) };
  if (purchase)
    return { label: 'Bought', text: `Saved result, free. Bought ${purchaseText(facts, purchase)}` };
  const answer = kept.answer;
  if (answer?.boughtIn !== undefined) {
    const cost = answer.credits === undefined ? '' : ` for ${creditsText(answer.credits)}`;
    const where = `'${answer.boughtIn}'`;
    return {
      label: 'Bought',
      text: `Saved result, free. Bought in ${where} on ${facts.formatTime(answer.at)}${cost}`,
    };
  }
  if (answer) {
    const cost = answer.credits === undefined ? '' : ` for ${creditsText(answer.credits)}`;
    return {
      label: 'Bought',
      text: `Saved result, free. Bought ${facts.formatTime(answer.at)}${cost}; that purchase is not in the record (it keeps 90 days)`,
    };
  }
  if (facts.job?.state === 'processing') return { label: 'Bought', text: 'Not yet: its job is running' };
  return { label: 'Bought', text: 'Not bought: no saved answer (a formula asks the API when it runs)' };
}

function answerLine(facts: ReceiptFacts, purchase: Purchase | undefined): ReceiptLine | null {
  const answer = facts.kept.answer;
  if (answer)
    return {
      label: 'Answer',
      text: answer.kind === 'found' ? FOUND.text : `${NOT_FOUND.text} (charged all the same)`,
    };
  return purchase ? { label: 'Answer', text: OUTCOME_LABELS[purchase.outcome] } : null;
}

function keptLine(facts: ReceiptFacts): ReceiptLine {
  const { answer, layers } = facts.kept;
  if (!answer) return { label: 'Kept', text: 'Nowhere: a formula that shows it buys it again when it runs' };
  const where = listed(layers.map((layer) => LAYER_NAMES[layer]));
  if (layers.length === 1 && layers[0] === 'fast')
    return { label: 'Kept', text: `In the fast cache only, for a few hours at most` };
  return {
    label: 'Kept',
    text: `In ${where}, until you clear or refresh it (${ageText(facts.now - answer.at)})`,
  };
}

/** "bought 41 days ago": an answer's age, which alone never makes it bought again. */
function ageText(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  return days < 1 ? 'bought today' : `bought ${plural(days, 'day', 'days')} ago`;
}

function twiceLine(purchase: Purchase | undefined): ReceiptLine {
  if (!purchase || purchase.twice <= 0) return { label: 'Charged twice', text: 'No' };
  return {
    label: 'Charged twice',
    text: `Possibly: a network failure lost the first answer and it was sent again (up to ${creditsText(toCredits(purchase.twice))} more)`,
  };
}

/** The job the answer came from, if any: its state while the registry still has it. */
function jobLine(facts: ReceiptFacts, purchase: Purchase | undefined): ReceiptLine | null {
  const { job } = facts;
  const id = job ? apiJobId(job) : null;
  if (job && id) return { label: 'Job', text: `${id}: ${describeJob(job, facts.now).stateText}` };
  return purchase?.job ? { label: 'Job', text: purchase.job } : null;
}

/** The receipt's lines, in the order the panel shows them. */
export function receiptLines(facts: ReceiptFacts): ReceiptLine[] {
  const { op, input } = facts.subject;
  const purchase = [...facts.purchases].reverse().find((row) => row.count === 1);
  const lines: (ReceiptLine | null)[] = [
    { label: 'Lookup', text: `${op.label} (${op.functionName})` },
    { label: 'Input as sent', text: input },
    boughtLine(facts, purchase),
    answerLine(facts, purchase),
    keptLine(facts),
    jobLine(facts, purchase),
    twiceLine(purchase),
  ];
  return lines.filter((line): line is ReceiptLine => line !== null);
}
