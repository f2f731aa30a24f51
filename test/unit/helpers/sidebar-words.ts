// What the sidebar shows of a refusal the server throws as a code (core/text/catalogue/sidebar/
// refuse.ts): the sidebar's calls word it (client/rpc-client.ts), and so do the tests.
import { refusalWords } from '../../../src/core/text/catalogue/sidebar/refusals';

/** A thrown refusal's code as the sidebar shows it; anything else as it was thrown. */
export function inSidebarWords(error: unknown): unknown {
  const message = (error as Error | null)?.message;
  if (typeof message !== 'string' || refusalWords(message) === message) return error;
  return new Error(refusalWords(message));
}

/** Runs `work` as a sidebar call would: what it throws reads as the sidebar shows it. */
export function asTheSidebarSays<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw inSidebarWords(error);
  }
}
