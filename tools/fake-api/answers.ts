// What a lookup answers: the markers an input may carry first (README.md lists them), then the
// miss rate, then the generated data (data.ts).
import { lookup } from './data';
import { hashFraction } from './random';
import type { ParsedRequest } from './requests';

/** Inputs with these words never match anything (charged like any miss). */
const MISS_MARKER = /nobody|notfound/i;
/** Inputs with this word get a provider failure inside a 200 success (docs/api-behaviour.md). */
const PROVIDER_ERROR_MARKER = /provider-error/i;

const PROVIDER_ERROR_RESULT = {
  error: { code: 'provider_unavailable', message: 'Upstream provider timed out' },
} as const;

/**
 * The data's revisions: after `bump`, an operation answers as if its data had changed since (a
 * company's website moved), for tests of buying an answer again. Revision 0 is the data itself.
 */
export class Revisions {
  readonly #byType = new Map<string, number>();

  /** The next revision, of one operation's answers or (no type) of every operation's. */
  bump(type?: string): void {
    const at = type ?? '*';
    this.#byType.set(at, (this.#byType.get(at) ?? 0) + 1);
  }

  of(type: string): number {
    return (this.#byType.get('*') ?? 0) + (this.#byType.get(type) ?? 0);
  }
}

/**
 * What a lookup answers: a provider error, a miss (null) or the generated data. A later revision
 * derives the data from the input with ` (revised <n>)` after it: a company name then names
 * another website; a URL's slug, and so its answer, stays the same.
 */
export function answer(request: ParsedRequest, missRate: number, revision = 0): unknown {
  if (PROVIDER_ERROR_MARKER.test(request.input)) return structuredClone(PROVIDER_ERROR_RESULT);
  if (MISS_MARKER.test(request.input)) return null;
  if (hashFraction(`miss:${request.op.type}:${request.input}`) < missRate) return null;
  const input = revision > 0 ? `${request.input} (revised ${revision})` : request.input;
  return lookup(request.op.type, input, request.filters);
}
