// Every time the add-on shows is in the spreadsheet's time zone (one clock); a panel that shows
// times names the zone once, with these words (client/panels/receipt, cache, watches).
import { saidBy } from './said';

export const TIMES_TEXTS = {
  note: saidBy('hint', (zone: string) => `Times are in the spreadsheet's time zone, ${zone}.`),
} as const;
