// ENRICH(type, input, ...): which operation `type` names (its type or its function name, in any
// case, with spaces or hyphens), or the closest type to a typo.
import { HELP_PLACES } from '../operations/docs';
import { GENERIC_FUNCTION, OPERATIONS, operationByFunction, operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { REFUSALS } from '../text/catalogue/refusals';
import { normalizeText } from './canonical';
import { clipped } from './refusals';

/** For ENRICH(type, input): the operation named by `type` (its type, or its function name), or why not. */
export function resolveType(type: unknown): { op: Operation } | { message: string } {
  const generic = GENERIC_FUNCTION.functionName;
  const text = typeof type === 'string' ? normalizeText(type) : '';
  if (text === '') return { message: REFUSALS.typeFirst(generic, GENERIC_FUNCTION.example) };
  const key = text.toLowerCase().replace(/[\s-]+/g, '_');
  const op = operationByType(key) ?? operationByFunction(key.toUpperCase());
  if (op) return { op };
  const near = closestType(key);
  const hint = near
    ? REFUSALS.didYouMean(near)
    : REFUSALS.typesListed(
        generic,
        OPERATIONS.length,
        HELP_PLACES.enrichTypes,
        HELP_PLACES.menuItem,
        GENERIC_FUNCTION.example,
      );
  return { message: REFUSALS.unknownType(clipped(text), hint) };
}

/** The type a typo most likely meant, matched against types and function names. */
function closestType(key: string): string | null {
  // Within 3 edits of a type means within 3 characters of its length: longer text is no typo,
  // and measuring it would cost time a formula does not have.
  if (key.length > Math.max(...OPERATIONS.map((op) => op.type.length)) + 3) return null;
  let best: { type: string; distance: number } | null = null;
  for (const op of OPERATIONS) {
    const distance = Math.min(editDistance(key, op.type), editDistance(key, op.functionName.toLowerCase()));
    if (distance <= 3 && (best === null || distance < best.distance)) best = { type: op.type, distance };
  }
  return best?.type ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
