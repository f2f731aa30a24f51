// How the catalogue declares a word of the sidebar: what it is (its kind) and its text, or the
// maker of its text. The sidebar's words never land in a cell or a status column, so they are not
// families of own-texts.ts; pasted back into a sheet, their sentences are refused as inputs all the
// same, by their beginnings (marks.ts). test/unit/text/sidebar-home.test.ts keeps every sentence,
// label and fragment of two or more words of the sidebar here.

/**
 * A message says what an action did or why it did not; a hint explains a field or a panel; a
 * confirm asks before acting; a label names a heading, a field or a button in several words; a
 * progress line says how far a run or the collection is.
 */
export type SidebarKind = 'message' | 'hint' | 'confirm' | 'label' | 'progress';

/** One text, as written. */
export interface Said {
  readonly kind: SidebarKind;
  readonly text: string;
}

/** A noun counted, as the code passes it to `plural()`: its singular and its plural. */
export interface Counted {
  readonly kind: SidebarKind;
  readonly one: string;
  readonly many: string;
}

/** A text made from its values: `say(…)`. */
export interface SaidBy<A extends unknown[]> {
  readonly kind: SidebarKind;
  say(...values: A): string;
}

export const said = (kind: SidebarKind, text: string): Said => ({ kind, text });

export const saidBy = <A extends unknown[]>(kind: SidebarKind, say: (...values: A) => string): SaidBy<A> => ({
  kind,
  say,
});

export const counted = (kind: SidebarKind, one: string, many: string): Counted => ({ kind, one, many });
