// Words the Bulk run panel puts together from numbers.

import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';
import type { Counted } from '../../../core/text/catalogue/sidebar/said';
import type { RunConfirmation } from '../../../shared/bulk-rpc';

/** A count as the panel shows it: "1,200". */
export const count = (n: number) => n.toLocaleString('en-US');

/** "1 row", "1,200 rows": a plain noun takes an s; the catalogue's counted nouns bring their plural. */
export function plural(n: number, noun: string | Pick<Counted, 'one' | 'many'>): string {
  const { one, many } = typeof noun === 'string' ? { one: noun, many: `${noun}s` } : noun;
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return BULK_TEXTS.lessThanAMinute.text;
  const minutes = Math.round(seconds / 60);
  return minutes < 90
    ? BULK_TEXTS.minutesLeft.say(minutes)
    : BULK_TEXTS.hoursLeft.say(Math.round(minutes / 60));
}

/** The question before a run and its button, from the server's figures. */
export function confirmationWords(asked: RunConfirmation): { text: string; button: string } {
  const T = BULK_TEXTS;
  const cost = (asked.bound ? T.costUpTo : T.costAbout).say(asked.credits);
  const lookups = plural(asked.lookups, T.newLookupsCounted);
  if (asked.cap === null)
    return { text: T.willSpend.say(cost, lookups, T.balance.text), button: T.runAndSpend.say(cost) };
  const over = T.overCap.say(lookups, cost, asked.cap.credits);
  const { fits, perLookup } = asked.cap;
  if (fits === 0) return { text: T.payNone.say(over, perLookup), button: T.runStopsAtOnce.text };
  const most = fits * perLookup;
  return {
    text: T.stopsAfter.say(over, plural(fits, T.lookupsCounted), most, T.balance.text),
    button: T.runAndSpendUpTo.say(most),
  };
}
