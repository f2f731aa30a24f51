// Cache keys name an account and a request without holding either: a paid answer is found again
// by the same request of the same account, and a key in a log or a property reveals nothing.
import type { EnrichmentRequest } from '../api/wire';
import { keyForm } from '../formulas/canonical';
import type { HashPort } from '../platform/ports';
import { RESULT_KEY_VERSION } from '../platform/stored-keys';

const KEY_VERSION = RESULT_KEY_VERSION;
const SCOPE_PATTERN = /^[0-9a-f]{16}$/;
const RESULT_KEY_PATTERN = new RegExp(`^${KEY_VERSION}:[0-9a-f]{16}:[0-9a-f]{32}$`);

/** Names an account without holding its key: 16 hex characters of a one-way hash. */
export function accountScope(hash: HashPort, apiKey: string): string {
  return hex(hash, `enrich-account:${apiKey.trim()}`).slice(0, 16);
}

/**
 * The cache key of one request for one account: `r1:<scope>:<32 hex>`, 52 characters whatever the
 * input, and holding none of it (inputs can be long or personal). Option order does not matter, nor
 * what keyForm() folds (formulas/canonical.ts): spellings of one thing share one answer.
 */
export function resultKey(hash: HashPort, scope: string, request: EnrichmentRequest): string {
  if (!SCOPE_PATTERN.test(scope)) throw new Error('resultKey needs a scope made by accountScope().');
  const json = canonicalJson(keyForm(request));
  return `${KEY_VERSION}:${scope}:${hex(hash, `enrich-request:${json}`).slice(0, 32)}`;
}

export function isResultKey(key: string): boolean {
  return RESULT_KEY_PATTERN.test(key);
}

export function assertResultKey(key: string): void {
  // A key of another shape would land among other settings, where eviction never looks. The key is
  // not echoed: a caller's mistake could have put raw input there.
  if (!isResultKey(key)) throw new Error('Not a result cache key: make keys with resultKey().');
}

/** Which keys belong to one account's scope; all keys when no scope is given. */
export function scopeFilter(scope: string | undefined): (key: string) => boolean {
  if (scope === undefined) return () => true;
  if (!SCOPE_PATTERN.test(scope))
    throw new Error('Clearing or counting one account needs its accountScope().');
  const prefix = `${KEY_VERSION}:${scope}:`;
  return (key) => key.startsWith(prefix);
}

function hex(hash: HashPort, text: string): string {
  return hash.sha256Hex(text).toLowerCase();
}

/** JSON with object keys sorted at every level and undefined fields left out, as JSON.stringify does. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`);
  return `{${fields.join(',')}}`;
}
