// What the server says in the Settings and Spending panels: the pace learned (core/api/pacing.ts).
import { plural } from '../../plural';
import { said, saidBy } from './said';

/** The pace: POSTs a second, learned `minutes` ago (null: as the documentation asks), under `ceiling`. */
function paceLine(rate: number, minutes: number | null, ceiling: number): string {
  const pace = `${rate.toFixed(1)} a second`;
  const cap = `at most ${ceiling}, your plan's figure, as Most requests a second says`;
  if (minutes === null)
    return `${pace}, as the API's documentation asks, until its answers show more (${cap}).`;
  const ago =
    minutes === 0
      ? 'just now'
      : minutes < 120
        ? `${plural(minutes, 'minute', 'minutes')} ago`
        : `${plural(Math.round(minutes / 60), 'hour', 'hours')} ago`;
  return `${pace}, learned ${ago} (${cap}).`;
}

export const SETTINGS_ANSWERS = {
  /** "1.0 a second, learned 5 minutes ago (at most 50, …)". */
  paceLine: saidBy('hint', paceLine),
  unknownSetting: saidBy('message', (name: string) => `Unknown setting ${name}.`),
  outOfBounds: saidBy(
    'message',
    (caption: string, min: number, max: number) => `${caption} must be a number from ${min} to ${max}.`,
  ),
  /** "Daily formula budget (credits a day)": a field's label and its unit, as its messages name it. */
  caption: saidBy('label', (label: string, unit: string) => `${label} (${unit})`),
  // Each setting's label and the unit its number is in.
  dailyBudget: said('label', 'Daily formula budget'),
  creditsADay: said('label', 'credits a day'),
  confirmAbove: said('label', 'Confirm runs above'),
  perRunCap: said('label', 'Per-run cap'),
  credits: said('label', 'credits'),
  mostPerSecond: said('label', 'Most requests a second'),
  plansFigure: said('label', "your plan's figure"),
} as const;
