// What the server says of recipes in the Bulk run panel: the slots' names, the built-in recipes'
// names and descriptions (recipes/recipes.ts), a user's recipe's description and what its steps
// read (recipes/custom.ts). The server's refusals of a recipe are in bulk-answers.ts.
import { said, saidBy } from './said';

export const RECIPE_ANSWERS = {
  /** The sheet columns a recipe reads, by `SlotName`. */
  slots: {
    fullName: said('label', 'Full name'),
    company: said('label', 'Company'),
    email: said('label', 'Email'),
    profileUrl: said('label', 'Profile URL'),
    companyName: said('label', 'Company name'),
    companyDomain: said('label', 'Company domain'),
    companyUrl: said('label', 'Company page URL'),
    postUrl: said('label', 'Post URL'),
    identifier: said('label', 'Identifier'),
    photonetHandle: said('label', 'Photonet handle'),
  },
  emailFromName: said('label', 'Email from name'),
  emailFromNameIs: said(
    'hint',
    "Email from name and company; where it is not found, the person's profile URL, then the email from that profile.",
  ),
  contactFromProfile: said('label', 'Contact from profile URL'),
  contactFromProfileIs: said('hint', "A person's email and phone from their profile URL."),
  companyProfile: said('label', 'Company profile from name'),
  companyProfileIs: said(
    'hint',
    "A company's website, phone, email, page URL and employee count from its name, then the facts of its page.",
  ),
  /** A user's recipe: its steps' lookups, in order. */
  yours: saidBy('hint', (labels: readonly string[]) => `Your recipe: ${labels.join(', then ')}.`),
  /** What a step reads from an earlier one, as a refusal names it. */
  itsInput: said('label', 'its input'),
  itsFallback: said('label', 'what it falls back on'),
} as const;
