// The Settings panel's words: the hint under each field, the prices, the pace learned.
import { said, saidBy } from './said';

export const SETTINGS_TEXTS = {
  formulaDailyCap: said(
    'hint',
    'All formulas of this spreadsheet together. Past it, a formula says so instead of paying.',
  ),
  confirmAbove: said('hint', 'A bulk run estimated above this asks you first.'),
  runHardCap: said('hint', 'A bulk run stops once it has spent this much. 0 means no cap.'),
  requestsPerSecond: said(
    'hint',
    'The add-on learns the pace the API really allows, starting at 1 a second as its documentation asks, and never goes past this figure.',
  ),
  prices: said('label', 'Price of each lookup'),
  pricesHint: said('hint', 'A lookup that finds nothing is charged too. Saved results are free.'),
  pace: saidBy(
    'hint',
    (pace: string, refusals: number) => `API pace now: ${pace} Refused as too fast today: ${refusals}.`,
  ),
  saved: said('message', 'Settings saved.'),
} as const;
