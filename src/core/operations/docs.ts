// What each operation does, in words: the custom functions' JSDoc and the help page (both written
// by build.mjs) and the sidebar's operation picker read it. The server never does, so these words
// stay out of Code.js, which every formula execution loads. Prices are not repeated here: every
// reader appends priceLabel().
// The words themselves live in the text catalogue (text/catalogue/operation-docs.ts).
import { ROW_OF_FIELDS_HELP } from '../text/catalogue/operation-docs';
import type { Operation } from './types';

export { GENERIC_HELP, OPERATION_DOCS } from '../text/catalogue/operation-docs';

/**
 * Where the Help is: its item in the add-on's menu, and its section listing ENRICH's types, which
 * ENRICH's refusal of an unknown type points to.
 */
export const HELP_PLACES = { menuItem: 'Help: functions and prices', enrichTypes: 'ENRICH types' } as const;

/**
 * How far a row-of-fields answer reaches, for the function's help and the playground's chip:
 * without a field it fills the formula's cell and the ones to its right, one a field, and shows
 * #REF! when one of them holds something (core/formulas/spill.ts). Empty for other shapes.
 */
export function rowOfFieldsDoc(op: Pick<Operation, 'shape' | 'fields'>): string {
  if (op.shape !== 'record') return '';
  return ROW_OF_FIELDS_HELP(op.fields.length, op.fields.join(', '));
}
