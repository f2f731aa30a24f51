// Which column of a sheet an input defaults to, read from the headers: the bulk panel's pickers
// and a recipe's slots (and so the watch made from either) take it. A column whose header names
// something else is never a default: with no header that fits, the picker waits for the user.

import type { SlotName } from '../../shared/recipe-rpc';
import type { InputKind } from '../operations/types';

/** An operation's input, or one of the columns a name lookup adds. */
export type ColumnRole = InputKind | 'company' | 'location' | 'jobTitle';

/** What a header names. */
type HeaderKind = Exclude<ColumnRole, 'company_name' | 'any_identifier'> | 'identifier' | 'other';

/**
 * What a header names: the first rule that matches. The order settles headers that name two things:
 * "Company email" is an email, "Company website" a domain, "Company page" a company's page, "Post
 * URL" a post, "Company phone" or "Company size" something no input reads.
 */
const KINDS: readonly (readonly [HeaderKind, RegExp])[] = [
  [
    'other',
    /phone|mobile|size|industry|revenue|employees|\bcount\b|date|time|status|notes?\b|postcode|postal/i,
  ],
  ['post_url', /\bposts?\b/i],
  ['email', /e-?mail/i],
  ['photonet_handle', /photonet|instagram|handle|user ?name/i],
  ['company_url', /(company|organi[sz]ation).*(url|page|profile|link)|pronet company/i],
  ['person_url', /profile|pronet|url|link/i],
  ['company_domain', /domain|website|\bsite\b/i],
  ['company', /company|organi[sz]ation|employer|account|firm|business/i],
  ['location', /location|city|country|region/i],
  ['jobTitle', /title|role|position/i],
  ['identifier', /identifier/i],
  ['person_name', /name/i],
];

const kindOf = (header: string): HeaderKind | undefined => KINDS.find(([, words]) => words.test(header))?.[0];

/** The kinds of header an input takes, preferred first; an input not listed takes its own kind. */
const TAKES: Partial<Readonly<Record<ColumnRole, readonly HeaderKind[]>>> = {
  company_name: ['company'],
  // Any company or person identifier (the spec's b2b_data_lookup): one named so, else a company's.
  any_identifier: ['identifier', 'company', 'company_domain', 'company_url', 'person_name'],
};

/** The column a lookup's kind of input is read from. */
export const INPUT_SLOT: Readonly<Record<InputKind, SlotName>> = {
  person_name: 'fullName',
  email: 'email',
  person_url: 'profileUrl',
  company_name: 'companyName',
  company_domain: 'companyDomain',
  company_url: 'companyUrl',
  post_url: 'postUrl',
  any_identifier: 'identifier',
  photonet_handle: 'photonetHandle',
};

/** The input a recipe's slot reads: the kind its column holds, or a name lookup's company. */
const SLOT_ROLES = Object.fromEntries([
  ...Object.entries(INPUT_SLOT).map(([kind, slot]) => [slot, kind]),
  ['company', 'company'],
]) as Readonly<Record<SlotName, ColumnRole>>;

export const slotRole = (slot: SlotName): ColumnRole => SLOT_ROLES[slot];

const wordCount = (header: string): number => header.trim().split(/\s+/).length;

/**
 * The first column (1-based) whose header names `role`'s input and that is not `taken`; null if
 * none. Of two headers of one kind, the one with fewer words ("Email" before "Company email").
 */
export function guessColumn(
  headers: readonly string[],
  role: ColumnRole,
  taken: ReadonlySet<number> = new Set(),
): number | null {
  for (const kind of TAKES[role] ?? [role as HeaderKind]) {
    const fits = headers
      .map((header, i) => ({ header, column: i + 1 }))
      .filter(({ header, column }) => kindOf(header) === kind && !taken.has(column));
    const best = fits.sort((a, b) => wordCount(a.header) - wordCount(b.header))[0];
    if (best) return best.column;
  }
  return null;
}
