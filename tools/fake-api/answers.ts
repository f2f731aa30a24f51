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

/** What a lookup answers: a provider error, a miss (null) or the generated data. */
export function answer(request: ParsedRequest, missRate: number): unknown {
  if (PROVIDER_ERROR_MARKER.test(request.input)) return structuredClone(PROVIDER_ERROR_RESULT);
  if (MISS_MARKER.test(request.input)) return null;
  if (hashFraction(`miss:${request.op.type}:${request.input}`) < missRate) return null;
  return lookup(request.op.type, request.input, request.filters);
}
