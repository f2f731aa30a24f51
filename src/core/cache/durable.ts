// A durable layer's failure is thrown with what was being done: losing a paid answer silently
// means the user pays again, so the caller must know.
import { errorMessage } from '../text/error-message';

export const READ_FAILED = 'Could not read saved results from the document properties';
export const SAVE_FAILED = 'Could not save paid results in the document properties';
export const CLEAR_FAILED = 'Could not clear saved results from the document properties';
export const READ_SHEET_FAILED = 'Could not read saved results from the hidden sheet';
export const CLEAR_SHEET_FAILED = 'Could not clear saved results from the hidden sheet';

export function durable<T>(failure: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new Error(`${failure}: ${errorMessage(error)}`);
  }
}

/**
 * A save planned on the store's read in hand, if any (platform/execution-store.ts), and planned
 * again on a fresh `read` if the store refused it: another execution wrote since, and what was
 * planned no longer fits.
 */
export function onReadInHand<T>(
  inHand: Record<string, string> | undefined,
  save: (all: Record<string, string>) => T,
  read: () => Record<string, string>,
): T {
  if (inHand) {
    try {
      return save(inHand);
    } catch {
      // Planned again below, on what the store holds now.
    }
  }
  return save(read());
}
