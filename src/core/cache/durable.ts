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

/** A save planned on a view of the store, planned again on a fresh read if the store refused it. */
export function tryViewThen<T>(onView: () => T, fresh: () => T): T {
  try {
    return onView();
  } catch {
    return fresh();
  }
}
