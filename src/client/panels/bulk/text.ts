// Words the Bulk run panel puts together from numbers.
import { BULK_TEXTS } from '../../../core/text/catalogue/sidebar/bulk';

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return BULK_TEXTS.lessThanAMinute.text;
  const minutes = Math.round(seconds / 60);
  return minutes < 90
    ? BULK_TEXTS.minutesLeft.say(minutes)
    : BULK_TEXTS.hoursLeft.say(Math.round(minutes / 60));
}
