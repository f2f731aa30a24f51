// A reservation booked as it lapses says what it bought where the store still holds its answers:
// found, or not found. The ledger reads the answers through the result cache's own reading of a
// snapshot (answersIn), never its own idea of their format.
import type { ResultCache } from '../cache/result-cache';
import type { BudgetDeps } from './budget';

export function cacheResolver(cache: Pick<ResultCache, 'answersIn'>): NonNullable<BudgetDeps['resolve']> {
  return (all, keys) => {
    const kinds = new Map<string, 'found' | 'notFound'>();
    for (const [key, answer] of cache.answersIn(all, keys))
      kinds.set(key, answer.kind === 'found' ? 'found' : 'notFound');
    return kinds;
  };
}
