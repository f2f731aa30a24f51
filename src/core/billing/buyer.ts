// Who bought a lookup: the one name for it in the record of purchases, the reservations, the
// jobs and the Spending totals. What the lookup pass's caller says in its options
// (LookupContext.buyer), and what every record keeps.

export type Buyer =
  | 'formula'
  | 'bulk'
  | 'recipe'
  | 'watch'
  | 'keyTest'
  | 'retry'
  | 'buyAgain'
  /** Answers bought again on purpose, within a budget (bulk/refresh.ts): never by their age alone. */
  | 'refresh';

/**
 * The buyers the Spending panel counts apart: formulas (their daily cap), the runs the user
 * confirms (a bulk run, a recipe, a watch, Retry and Buy again count as `bulk`), the key test,
 * and refreshes (fresh data is a choice of its own).
 */
export type CountedBuyer = Extract<Buyer, 'formula' | 'bulk' | 'keyTest' | 'refresh'>;

export const countedAs = (buyer: Buyer): CountedBuyer =>
  buyer === 'formula' || buyer === 'keyTest' || buyer === 'refresh' ? buyer : 'bulk';

/** How the record of purchases spells a buyer: one letter a row. */
export const BUYER_CODES: Readonly<Record<Buyer, string>> = {
  formula: 'f',
  bulk: 'b',
  recipe: 'r',
  watch: 'w',
  keyTest: 'k',
  retry: 't',
  buyAgain: 'a',
  refresh: 'h',
};

export const isBuyer = (value: unknown): value is Buyer =>
  typeof value === 'string' && Object.keys(BUYER_CODES).includes(value);
