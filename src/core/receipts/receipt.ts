// A cell's receipt, in the words the sidebar's "This cell" panel shows: the lookup, the input as
// sent, when it was bought and for what (or that the cell shows a saved result, free, and which
// purchase paid for it), where the answer is kept and how old it is, its job, and whether it may
// have been charged twice. Read from the record of purchases and the cache's layers; never the key.

import type { ReceiptLine } from '../../shared/receipt-rpc';
import type { Purchase } from '../billing/purchases';
import { OUTCOME_LABELS, sourceLabel } from '../billing/report';
import { toCredits } from '../billing/totals';
import type { Kept } from '../cache/kept';
import { apiJobId, describeJob, type JobRecord } from '../jobs/registry';
import type { Operation } from '../operations/types';
import { DAY_MS } from '../platform/time';
import { NOT_FOUND } from '../text/catalogue/cells';
import { RECEIPT_LINES } from '../text/catalogue/sidebar/receipt-answers';
import { FOUND } from '../text/catalogue/statuses';
import { listed } from '../text/plural';

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

/** "1 credit (formula, Sheet1!B2)": what a purchase cost and what it served. */
function purchaseText(facts: ReceiptFacts, purchase: Purchase): string {
  const by = [sourceLabel(purchase.source).toLowerCase(), purchase.served].filter(Boolean).join(', ');
  return RECEIPT_LINES.purchase.say(facts.formatTime(purchase.at), toCredits(purchase.cents), by);
}

/** When and for what the lookup was bought, or why it shows a saved answer, or that it was not. */
function boughtText(facts: ReceiptFacts, purchase: Purchase | undefined): string {
  if (purchase) {
    // A purchase made for another cell: this one shows its saved answer, free.
    const own = facts.subject.served === null || purchase.served === facts.subject.served;
    return own ? purchaseText(facts, purchase) : RECEIPT_LINES.savedFree.say(purchaseText(facts, purchase));
  }
  const answer = facts.kept.answer;
  if (answer) {
    const cost = answer.credits === undefined ? '' : RECEIPT_LINES.costFor.say(answer.credits);
    const at = facts.formatTime(answer.at);
    if (answer.boughtIn !== undefined) return RECEIPT_LINES.boughtIn.say(answer.boughtIn, at, cost);
    return RECEIPT_LINES.notInRecord.say(at, cost);
  }
  if (facts.job?.state === 'processing') return RECEIPT_LINES.jobRunning.text;
  return RECEIPT_LINES.notBought.text;
}

type Label = keyof typeof RECEIPT_LINES.labels;
/** A line of the receipt under its label. */
const line = (label: Label, text: string): ReceiptLine => ({ label: RECEIPT_LINES.labels[label].text, text });

function answerLine(facts: ReceiptFacts, purchase: Purchase | undefined): ReceiptLine | null {
  const answer = facts.kept.answer;
  const { notFoundCharged } = RECEIPT_LINES;
  if (answer)
    return line('answer', answer.kind === 'found' ? FOUND.text : notFoundCharged.say(NOT_FOUND.text));
  return purchase ? line('answer', OUTCOME_LABELS[purchase.outcome]) : null;
}

function keptLine(facts: ReceiptFacts): ReceiptLine {
  const { answer, layers } = facts.kept;
  if (!answer) return line('kept', RECEIPT_LINES.keptNowhere.text);
  if (layers.length === 1 && layers[0] === 'fast') return line('kept', RECEIPT_LINES.keptFast.text);
  const where = listed(layers.map((layer) => RECEIPT_LINES.layers[layer].text));
  return line('kept', RECEIPT_LINES.keptIn.say(where, Math.floor((facts.now - answer.at) / DAY_MS)));
}

function twiceLine(purchase: Purchase | undefined): ReceiptLine {
  if (!purchase || purchase.twice <= 0) return line('twice', RECEIPT_LINES.notTwice.text);
  return line('twice', RECEIPT_LINES.twice.say(toCredits(purchase.twice)));
}

/** The job the answer came from, if any: its state while the registry still has it. */
function jobLine(facts: ReceiptFacts, purchase: Purchase | undefined): ReceiptLine | null {
  const { job } = facts;
  const id = job ? apiJobId(job) : null;
  if (job && id) return line('job', `${id}: ${describeJob(job, facts.now).stateText}`);
  return purchase?.job ? line('job', purchase.job) : null;
}

/** The receipt's lines, in the order the panel shows them. */
export function receiptLines(facts: ReceiptFacts): ReceiptLine[] {
  const { op, input } = facts.subject;
  const purchase = [...facts.purchases].reverse().find((row) => row.count === 1);
  const lines: (ReceiptLine | null)[] = [
    line('lookup', `${op.label} (${op.functionName})`),
    line('input', input),
    line('bought', boughtText(facts, purchase)),
    answerLine(facts, purchase),
    keptLine(facts),
    jobLine(facts, purchase),
    twiceLine(purchase),
  ];
  return lines.filter((line): line is ReceiptLine => line !== null);
}
