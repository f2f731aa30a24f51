// The add-on's own words, read back as an input. A formula, bulk run, recipe or watch that reads
// such a cell must never buy it (formulas/placeholders.ts refuses what this recognises, for free):
// a queued range read by another formula once bought "Queued: 776 lookups…" 776 times. People copy
// text in every form, so a text is ours when, in any case and with any numbers (`loose`), it holds
// a family's distinctive beginning or a sentence's (`distinctive`) anywhere, or is one of our short
// texts whole ("Found", or "Row 7: Found"). The families are listed here by name, with their kind;
// every other text of the catalogue, the sidebar's, the report's and the notes' included, is known
// by the beginnings of its sentences, or, too short or common for that ("Full profile", "Key
// saved."), whole (marks.ts, derived from the catalogue by `npm run marks`, so that its whole
// sentences stay out of Code.js). test/unit/text/copied-texts.test.ts renders every text in every
// form people copy it and checks each is refused.
import {
  INVALID_INPUT,
  INVALID_INPUT_422,
  INVALID_INPUT_BARE,
  KEY_REFUSED,
  LOOKUP_FAILED,
  NO_ANSWER,
  NO_CREDITS,
  NOT_AUTHORIZED,
  NOT_SENT_NETWORK,
  PROVIDER_ERROR,
  RATE_LIMITED,
  SERVICE_FAILED,
  UNEXPECTED_ANSWER,
} from './api';
import { DAILY_BUDGET, NO_FORMULA_BUDGET } from './budget';
import { ERROR, LIST_ORDERED, NO_KEY, NOT_FOUND, PROCESSING, TABLE_CUT, TABLE_ROWS } from './cells';
import { holds, loose, type OwnTextKind, type TextFamily } from './family';
import { LIST_DELIVERED, LIST_FOUND, LIST_NOTE, LOOKUP_LOST, RESULT_EXPIRED, STALLED } from './jobs';
import { ANYWHERE, FAMILY_MARKS, MARKS, WHOLE } from './marks';
import { LOCK_BUSY, NOT_FILLED_IN, NOT_SENT, NOT_SENT_BARE, NOT_SENT_YET, QUEUED } from './queue';
import { wasLine } from './refresh';
import { SPENDING_ANSWERS } from './sidebar/spending-answers';
import { EXPIRED_STATUS, FOUND, PROCESSING_STATUS, SKIPPED, WAITING } from './statuses';

/** Every family the catalogue declares, longest beginning first (the most particular wins). */
export const OWN_TEXT_FAMILIES: readonly TextFamily[] = [
  ...[NOT_AUTHORIZED, NOT_SENT_NETWORK, NO_ANSWER, KEY_REFUSED, NO_CREDITS, INVALID_INPUT],
  ...[INVALID_INPUT_422, INVALID_INPUT_BARE, RATE_LIMITED, SERVICE_FAILED, UNEXPECTED_ANSWER],
  ...[LOOKUP_FAILED, PROVIDER_ERROR, DAILY_BUDGET, NO_FORMULA_BUDGET],
  ...[NOT_FOUND, NO_KEY, PROCESSING, LIST_ORDERED, ERROR, TABLE_ROWS, TABLE_CUT],
  ...[STALLED, LOOKUP_LOST, RESULT_EXPIRED, LIST_FOUND, LIST_DELIVERED],
  ...[QUEUED, NOT_SENT, NOT_SENT_YET, LOCK_BUSY, NOT_FILLED_IN, NOT_SENT_BARE],
  ...[FOUND, PROCESSING_STATUS, EXPIRED_STATUS, SKIPPED, WAITING],
].sort((a, b) => b.begins.length - a.begins.length);

/** A mark that begins with a letter begins a word: "Terror: …" holds no "error:". */
const AT_A_WORD = '(?:(?<![\\p{L}\\p{N}#])|(?!\\p{L}))';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts known only whole: alone, after a label ("Row 7: "), or before a remark in brackets that ends it. */
const wholeCell = (groups: string) => `^(?:.*: )?(?:${groups})(?: \\(.*\\))?$`;

type Find = (looseText: string, text: string) => TextFamily | null;

/**
 * One pattern over the families at `indices` of OWN_TEXT_FAMILIES, a group each of its line of
 * `FAMILY_MARKS` (`wrap` places them): the family whose group matched. The marks are marks.ts's,
 * made loose and escaped by `npm run marks`: making them as every execution loads cost each
 * formula a millisecond.
 */
function oneOf(indices: readonly number[], wrap: (groups: string) => string): Find {
  const familyMarks = FAMILY_MARKS.split('\n');
  const groups = indices.map((index) => `(${familyMarks[index]})`).join('|');
  const pattern = new RegExp(wrap(groups), 'u');
  return (looseText) => {
    const found = pattern.exec(looseText);
    return found
      ? OWN_TEXT_FAMILIES[indices[found.findIndex((group, i) => i > 0 && group !== undefined) - 1]!]!
      : null;
  };
}

/**
 * Built on first use, not as every execution loads, and read for every input cell of a run: the
 * families known anywhere in a text (marks.ts `ANYWHERE`: their beginning is `distinctive`); those
 * known whole (alone, after a label, "Row 7: Found", or before a remark in brackets that ends the
 * text, "Found (copied)"); and those whose beginning may begin a name ("Cut to"), known only as
 * written.
 */
let finds: Find[] | null = null;
let marks: RegExp | null = null;

function findsOf(): Find[] {
  const whole = OWN_TEXT_FAMILIES.flatMap((family, index) => (family.whole ? [index] : []));
  const asWritten = OWN_TEXT_FAMILIES.filter((family, index) => !family.whole && !ANYWHERE.includes(index));
  return [
    oneOf(ANYWHERE, (groups) => `${AT_A_WORD}(?:${groups})`),
    oneOf(whole, wholeCell),
    (_, text) => asWritten.find((family) => holds(family, text)) ?? null,
  ];
}

function familyOf(looseText: string, text: string): TextFamily | null {
  finds ??= findsOf();
  for (const find of finds) {
    const family = find(looseText, text);
    if (family) return family;
  }
  return null;
}

/**
 * The texts made mostly of values, known by their shape in a loose text (digits read "#"): a
 * receipt's purchase line "2026-11-20 08:55 for 1 credit (formula, Sheet1!B2)", the spend report's
 * period line "This month: 2026-11-01 to 2026-11-20", a list note's "Collected 2026-11-20 08:55
 * (Europe/London)", a refreshed cell's note "was jane@old.example until 2026-12-01". A time beside a
 * price and a buyer, a period's name before its days, "was … until" a day: no name has these.
 */
function shapes(): string {
  const day = '#-#-#';
  const time = `${day} #:#`;
  const words = (labels: Readonly<Record<string, { text: string }>>) =>
    Object.values(labels)
      .map((label) => escaped(loose(label.text)))
      .join('|');
  const after = '(?:^|: )';
  return [
    `${time} for # credits? \\((?:${words(SPENDING_ANSWERS.sources)})[,)]`,
    `${after}(?:${words(SPENDING_ANSWERS.periods)}): ${day}(?: to ${day})?`,
    `${AT_A_WORD}${escaped(loose(LIST_NOTE.collected('')))} ${time}`,
    `${after}${escaped(loose(wasLine('\u0000', day))).replace('\u0000', '.+')}`,
  ].join('|');
}

/** What kind of the add-on's own text `text` is (`message`: the sidebar's, a note's), or null. */
export function ownTextKind(text: string): OwnTextKind | 'message' | null {
  const looseText = loose(text);
  const family = familyOf(looseText, text);
  if (family) return family.kind;
  marks ??= new RegExp(`${AT_A_WORD}(?:${MARKS})|${wholeCell(WHOLE)}|${shapes()}`, 'u');
  return marks.test(looseText) ? 'message' : null;
}
