import { errorMessage } from '../core/text/error-message';

/**
 * `work`'s answer, or `fallback` once the failure is logged as `failure` and the error's message:
 * for work whose failure the user need not see (it is retried, or its result only helps). Its
 * words are the developer's: `test/unit/text/sidebar-home.test.ts` reads them as a log line's.
 */
export function orWarn<T>(failure: string, fallback: T, work: () => T): T {
  try {
    return work();
  } catch (error) {
    console.warn(`${failure}: ${errorMessage(error)}`);
    return fallback;
  }
}
