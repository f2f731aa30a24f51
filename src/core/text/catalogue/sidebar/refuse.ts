// A refusal of a sidebar call as the server throws it: its family, entry and values, which the
// sidebar words (refusals.ts `refusalWords`). Only the type of the words is imported: Code.js
// carries the code, never the sentence.

import { REFUSED } from '../../../../shared/rpc';
import type { Refusals } from './refusals';
import type { SaidBy } from './said';

type ValuesOf<E> = E extends SaidBy<infer A> ? A : [];

/** The error to throw for entry `entry` of the family `family` of refusals, with its values. */
export function refuse<F extends keyof Refusals, E extends keyof Refusals[F] & string>(
  family: F,
  entry: E,
  ...values: ValuesOf<Refusals[F][E]>
): Error {
  return new Error(`${REFUSED}${JSON.stringify([family, entry, ...values])}`);
}
