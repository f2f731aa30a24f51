// One canonical form per thing a lookup names: two spellings of one profile, company or address are
// one purchase. Every fold the add-on makes is in this file, with its reason; the readers
// (input-normalizers.ts) apply them, and the cache key (cache/keys.ts) and a bulk run's duplicate
// count (bulk/plan.ts) read requests through keyForm(). test/unit/formulas/canonical.test.ts lists
// each spelling with its literal canonical form.
//
// | Input | Folded | Why |
// |---|---|---|
// | any text | the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the blank braille pattern (U+2800) to a space | they look like a space: Unicode calls the fillers letters, which is how a cell holding one passed for a name |
// | any text | format characters and Unicode's other default-ignorable characters removed (`\p{Cf}`, `\p{Default_Ignorable_Code_Point}`: zero-width space and joiners, LRM/RLM and the other bidirectional marks, word joiner, soft hyphen, BOM, the combining grapheme joiner U+034F, variation selectors) | invisible; pasted from web pages and CRMs, never part of what is named |
// | any text | Unicode NFKC | full-width letters, ligatures and other compatibility forms name the same letters |
// | any text | whitespace runs (tabs, newlines, no-break spaces) to one space, ends trimmed | layout, not content |
// | pronet URL | scheme to https, host to `www.pronet.com`, port dropped | every host of the network serves the same page; the API's own URLs read `https://www.pronet.com/...` |
// | pronet URL | the slug's percent-encoding: decoded, folded as any text (so `%20` and `%E2%80%8B` at its ends go), then encoded one way | `%2D` and `-` are one character; `ada-lovelace%20` is the page `ada-lovelace` |
// | pronet URL | the slug's letter case | the network's slugs ignore case; the API's own URLs are lower case |
// | pronet URL | trailing slash, query, fragment, and sub-pages after the slug (`/details/experience`) | tracking and tabs of the same page |
// | photonet URL or handle | to the handle: `@`, host, path after it; letter case | handles are lower case |
// | email | letter case, whole address; `mailto:` and a `Name <...>` wrapper | the API reads addresses without case (mail domains ignore it, and mailboxes do in practice) |
// | domain | letter case, scheme, `www`, port, path | a company's site, whatever page was pasted |
// | names, company names, identifiers, filters | letter case, in the cache key only | the API matches them without case; what is sent keeps the user's case, which the API echoes into answers and the add-on shows back (Jobs panel, list sheets) |
//
// Refused rather than folded: a URL on another host than the network's own (the bare domain and its
// subdomains, matched exactly after case and full-width folding, never by path alone); text that
// names nothing, without a letter or digit once folded (`...`, `—`, a cell of invisible characters
// only, a slug of `%20`): the messages are in placeholders.ts.
import type { EnrichmentRequest } from '../api/wire';
import { operationByType } from '../operations/table';
import type { InputKind } from '../operations/types';

// Characters that look like a space without being whitespace: the Hangul fillers and the blank
// braille pattern. In SPACES too, in case NFKC makes one (it maps U+FFA0 and U+3164 to U+1160).
const BLANK_LOOKING = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const SPACES = /[\s\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]+/gu;

/**
 * Every text read from a cell: blank-looking characters to spaces, invisible ones dropped, NFKC,
 * whitespace collapsed and trimmed.
 */
export function normalizeText(text: string): string {
  return text
    .replace(BLANK_LOOKING, ' ')
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(SPACES, ' ')
    .trim();
}

/** Whether a folded text names anything: it has a letter or a digit. */
export const namesSomething = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** Letter case folded the same way on every runtime (no locale). */
export const foldCase = (text: string): string => text.toLowerCase();

/** The networks' own domains, as the API's answers spell them (tools/fake-api/subjects.ts, data.ts). */
export const PRONET_DOMAIN = 'pronet.com';
export const PHOTONET_DOMAIN = 'photonet.com';
/** The one host sent for every pronet URL: the form the API itself answers with. */
const PRONET_HOST = `www.${PRONET_DOMAIN}`;

/**
 * A URL's host as compared: lower case, ideographic full stops as dots (NFKC has already made
 * full-width letters ASCII), one trailing dot dropped. IDNA maps hosts the same way.
 */
export function foldHost(host: string): string {
  return foldCase(host)
    .replace(/[\u3002\uFF61]/g, '.')
    .replace(/\.$/, '');
}

/** The domain itself or one of its subdomains, by exact label match: `pronet.com.evil.example` is not. */
export function isNetworkHost(host: string, domain: string): boolean {
  const folded = foldHost(host);
  return folded === domain || folded.endsWith(`.${domain}`);
}

/** A URL's path segment as the text it spells: percent-decoded (when it can be), folded as any text. */
export function segmentText(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A lone `%` or a broken sequence: the segment as written.
  }
  return normalizeText(text);
}

// encodeURIComponent escapes these, though a path segment may hold them (RFC 3986 pchar): keeping
// them as they are (`$ & + , : ; = @`) keeps `urn:li:activity:7123` readable.
const PATH_SAFE = /%(24|26|2B|2C|3A|3B|3D|40)/g;

/**
 * A slug decoded, folded as any text, lower case, then percent-encoded one way:
 * `Ada%2DLovelace%20` -> `ada-lovelace`. Null when it names nothing (`%20`, `%E2%80%8B`, `...`).
 */
export function foldSlug(segment: string): string | null {
  const text = foldCase(segmentText(segment));
  if (!namesSomething(text)) return null;
  return encodeURIComponent(text).replace(PATH_SAFE, (code) => decodeURIComponent(code));
}

/** The URL sent for a page of pronet: `https://www.pronet.com/<section>/<slug>`, its slug folded. */
export function pronetUrl(section: string, foldedSlug: string): string {
  return `https://${PRONET_HOST}/${section}/${foldedSlug}`;
}

// Inputs whose text the API matches without regard to case, where the sent text keeps it.
const CASELESS_INPUTS: ReadonlySet<InputKind> = new Set(['person_name', 'company_name', 'any_identifier']);

/**
 * The request as the cache key and a bulk run's duplicate count see it: the sent request with the
 * folds that apply to the key only (the letter case of names and filters).
 */
export function keyForm(request: EnrichmentRequest): EnrichmentRequest {
  const input = operationByType(request.type)?.input;
  const form: EnrichmentRequest = { ...request };
  if (input !== undefined && CASELESS_INPUTS.has(input)) form.input_data = foldCase(request.input_data);
  if (request.department !== undefined) form.department = foldCase(request.department);
  if (request.seniority !== undefined) form.seniority = foldCase(request.seniority);
  return form;
}
