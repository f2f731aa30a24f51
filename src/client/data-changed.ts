// One event tells every panel that the account may have changed, so panels reload without
// knowing about each other.
import type { BackgroundCollection } from '../shared/jobs-rpc';

/**
 * Fired on `document` by any panel after something that may have spent credits or changed the
 * account (a key test, a new key, a collected job, a bulk slice): the other panels reload.
 */
export const DATA_CHANGED = 'enrich:data-changed';

export function announceChange(): void {
  document.dispatchEvent(new CustomEvent(DATA_CHANGED));
}

/**
 * Fired on `document` by the Watches panel each time it read the watches, with the clock check's
 * schedule (`BackgroundCollection`) as its detail: the offer under Bulk run words it the same.
 */
export const WATCHES_LISTED = 'enrich:watches-listed';

/**
 * Calls `heard` with the clock check's schedule each time the Watches panel lists it: null while no
 * check runs ('off' before the first watch), when how often one would run is not known yet.
 */
export function onScheduleListed(heard: (clock: BackgroundCollection | null) => void): void {
  document.addEventListener(WATCHES_LISTED, (event) => {
    const clock = (event as CustomEvent<BackgroundCollection>).detail;
    heard(clock === 'off' ? null : clock);
  });
}
