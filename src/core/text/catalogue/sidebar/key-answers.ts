// What the server refuses of a key pasted in the API key panel (api/api-key.ts), before it is tried;
// the panel's own words, and its wording of what a save or a test did, are in key.ts.
import { said } from './said';

export const KEY_ANSWERS = {
  // A pasted key refused before it is tried (api/api-key.ts).
  pasteFirst: said('message', 'Paste your API key first (account dashboard > Settings > API Key).'),
  noSpaces: said('message', 'An API key has no spaces: copy it again from the dashboard.'),
  notAKey: said('message', 'This does not look like an API key.'),
} as const;
