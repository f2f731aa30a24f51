// The add-on's own words in a cell or a status column, each family by how it begins, tagged with
// what it is. A formula, bulk run, recipe or watch that reads such a cell as its input must never
// buy it (formulas/placeholders.ts refuses what this recognises, for free): a queued range read by
// another formula once bought "Queued: 776 lookups…" 776 times. A maker of a new cell text adds its
// family here; test/unit/text/own-texts.test.ts renders every maker and checks each is refused.

export type OwnTextKind = 'placeholder' | 'error' | 'wait' | 'promise';

interface OwnText {
  kind: OwnTextKind;
  /** The text as it begins (after NFKC, which turns "…" into "..."), or the whole text (`exact`). */
  begins: string;
  exact?: true;
}

const OWN_TEXTS: readonly OwnText[] = [
  { kind: 'placeholder', begins: 'Not found', exact: true },
  { kind: 'placeholder', begins: 'Found', exact: true },
  { kind: 'wait', begins: 'Queued: ' },
  { kind: 'wait', begins: 'Processing...' },
  { kind: 'wait', begins: 'Processing: ' },
  { kind: 'wait', begins: 'Not sent: ' },
  { kind: 'wait', begins: 'Not sent yet: ' },
  { kind: 'error', begins: 'Not filled in: ' },
  { kind: 'wait', begins: 'Waiting: ' },
  { kind: 'promise', begins: 'Employee list ordered' },
  { kind: 'error', begins: 'Error: ' },
  { kind: 'error', begins: 'Invalid input: ' },
  { kind: 'error', begins: 'Expired: ' },
  { kind: 'error', begins: 'Set your API key: ' },
  { kind: 'error', begins: 'Lookup lost: ' },
  { kind: 'error', begins: 'Lookup failed: ' },
  { kind: 'error', begins: 'Taking unusually long: ' },
  { kind: 'error', begins: 'Unexpected answer from the API' },
  { kind: 'error', begins: 'The result expired before it was collected' },
  { kind: 'error', begins: 'Daily formula budget of ' },
  { kind: 'wait', begins: 'Too many lookups at once: ' },
];

/** "12 employees found; writing them…", "12 employees -> sheet 'Employees - Acme'". */
const LIST_DELIVERY = /^[\d,]+ employees? (found; writing them|-> sheet ')/;

/** What kind of the add-on's own text `text` is, or null when it is none of them. */
export function ownTextKind(text: string): OwnTextKind | null {
  if (LIST_DELIVERY.test(text)) return 'promise';
  const found = OWN_TEXTS.find((own) => (own.exact ? text === own.begins : text.startsWith(own.begins)));
  return found?.kind ?? null;
}
