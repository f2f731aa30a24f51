// What the server says in the Settings panel: a refused change, the settings' names (billing/settings.ts).
import { said, saidBy } from './said';

export const SETTINGS_ANSWERS = {
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
