// What any sidebar call that works on the spreadsheet may answer (server/sidebar-call.ts).
import { said, saidBy } from './said';

export const CALL_TEXTS = {
  keyFirst: said('message', 'Set your API key first (API key, above).'),
  noSheet: saidBy('message', (name: string) => `There is no sheet named "${name}" any more.`),
  busy: said('message', 'The spreadsheet is busy; try again in a moment.'),
} as const;
