// The add-on's own words in a cell or a status column, read back. A formula, bulk run, recipe or
// watch that reads such a cell as its input must never buy it (formulas/placeholders.ts refuses
// what this recognises, for free): a queued range read by another formula once bought "Queued: 776
// lookups…" 776 times. The families are collected from the catalogue's files as they declare them
// (family.ts), so a new text is refused as soon as it is made; test/unit/text/own-texts.test.ts
// renders every maker and checks each is refused, and that no family goes without a sample.
import * as api from './api';
import * as budget from './budget';
import * as cells from './cells';
import { fold, holdsFolded, isFamily, type OwnTextKind, type TextFamily } from './family';
import * as jobs from './jobs';
import * as queue from './queue';
import * as statuses from './statuses';

export type { OwnTextKind } from './family';

/** Every family the catalogue declares, longest beginning first (the most particular wins). */
export const OWN_TEXT_FAMILIES: readonly TextFamily[] = [api, budget, cells, jobs, queue, statuses]
  .flatMap((file) => Object.values(file).filter(isFamily))
  .sort((a, b) => b.begins.length - a.begins.length);

/** The family `text` is one of, or null when it is none of the add-on's own texts. */
export function ownTextFamily(text: string): TextFamily | null {
  // Read for every input cell of a run: the text is folded once, not once a family.
  const folded = fold(text);
  return OWN_TEXT_FAMILIES.find((family) => holdsFolded(family, folded)) ?? null;
}

/** What kind of the add-on's own text `text` is, or null when it is none of them. */
export function ownTextKind(text: string): OwnTextKind | null {
  return ownTextFamily(text)?.kind ?? null;
}
