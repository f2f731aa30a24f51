// Which column of a sheet an input defaults to, read from the headers: the bulk panel's pickers
// and a recipe's slots (and so the watch made from either) take it. A column whose header names
// something else is never a default: with no header that fits, the picker waits for the user.

import type { SlotName } from '../../shared/recipe-rpc';
import type { InputKind } from '../operations/types';

/** An operation's input, or one of the columns a name lookup adds. */
export type ColumnRole = InputKind | 'company' | 'location' | 'jobTitle';

const COMPANY = /company|organi[sz]ation|employer|account|firm/i;
/** A company's web address or page is not its name. */
const COMPANY_ADDRESS = /url|domain|website|site|page|link/i;

/** Header words that say a column holds the role's input, and those that say it holds another. */
const HINTS: Readonly<Record<ColumnRole, { fits: RegExp; not?: RegExp }>> = {
  person_name: { fits: /name/i, not: COMPANY },
  email: { fits: /e-?mail/i },
  person_url: { fits: /profile|pronet|url|link/i, not: COMPANY },
  company_name: { fits: COMPANY, not: COMPANY_ADDRESS },
  company_domain: { fits: /domain|website|site/i },
  company_url: { fits: /company.*(url|page)|pronet|url/i },
  post_url: { fits: /post/i },
  any_identifier: { fits: /company|name|domain|identifier/i },
  photonet_handle: { fits: /photonet|handle|instagram|user/i },
  company: { fits: COMPANY, not: COMPANY_ADDRESS },
  location: { fits: /location|city|country|region/i },
  jobTitle: { fits: /title|role|position/i },
};

/** The input a recipe's slot reads. */
const SLOT_ROLES: Readonly<Record<SlotName, ColumnRole>> = {
  fullName: 'person_name',
  company: 'company',
  profileUrl: 'person_url',
  companyName: 'company_name',
  email: 'email',
  companyDomain: 'company_domain',
  companyUrl: 'company_url',
  postUrl: 'post_url',
  identifier: 'any_identifier',
  photonetHandle: 'photonet_handle',
};

export const slotRole = (slot: SlotName): ColumnRole => SLOT_ROLES[slot];

/** The first column (1-based) whose header names `role`'s input and that is not `taken`; null if none. */
export function guessColumn(
  headers: readonly string[],
  role: ColumnRole,
  taken: ReadonlySet<number> = new Set(),
): number | null {
  const { fits, not } = HINTS[role];
  const index = headers.findIndex(
    (header, i) => fits.test(header) && !not?.test(header) && !taken.has(i + 1),
  );
  return index < 0 ? null : index + 1;
}
