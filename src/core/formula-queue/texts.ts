// What a formula's rows say while their lookups wait for the add-on's own executions. Never
// "recalculate": Sheets runs a custom function again only when its formula or an argument changes,
// which the user cannot do without retyping.
import { plural } from '../text/plural';

const SIDEBAR = 'Extensions > Enrich for Sheets';
/** What a driver gets through in a minute at 10 requests a second, with its writes. */
const LOOKUPS_PER_MINUTE = 500;

/** `followsUser`: an Edit or Open trigger of this account finishes the work without the sidebar. */
export function queuedText(left: number, followsUser: boolean): string {
  const lookups = plural(left, 'lookup', 'lookups');
  if (!followsUser)
    return `Queued: ${lookups}, not sent yet. Open the sidebar (${SIDEBAR} > Open sidebar) or choose ${SIDEBAR} > Finish pending lookups to fill them in; no credits were spent on them yet.`;
  const minutes = Math.ceil(left / LOOKUPS_PER_MINUTE);
  const when = minutes <= 1 ? 'within about a minute' : `within about ${minutes} minutes`;
  return `Queued: ${lookups} will fill in ${when}.`;
}
