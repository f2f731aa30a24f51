// One event tells every panel that the account may have changed, so panels reload without
// knowing about each other.

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
