// How a layer's failure is met. A durable layer's is thrown with what was being done: losing a paid
// answer silently means the user pays again, so the caller must know. The fast layer's is ignored.
import { STORE_FAILURES } from '../text/catalogue/sheets';
import { errorMessage } from '../text/error-message';

/** What was being done, as STORE_FAILURES words it. */
export type StoreFailure = keyof typeof STORE_FAILURES;

export function durable<T>(failure: StoreFailure, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new Error(`${STORE_FAILURES[failure]}: ${errorMessage(error)}`);
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

/** CacheService throws on oversize values and quotas; it is only a shortcut, so go on without it. */
export function tryFast<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
