// Cleans what users paste before it is checked or sent: "Last, First" names, URLs, domains, email
// addresses and photonet handles, each to its one canonical form (the folds are in canonical.ts).
// The bulk run reuses them on whole columns.
import {
  foldCase,
  foldHost,
  foldSlug,
  isNetworkHost,
  normalizeText,
  PHOTONET_DOMAIN,
  PRONET_DOMAIN,
  pronetUrl,
  segmentText,
} from './canonical';
import { MAX_HANDLE_LENGTH } from './limits';

// Credentials and generational suffixes that follow a comma without being a first name.
const NAME_SUFFIXES = new Set([
  ...['jr', 'sr', 'ii', 'iii', 'iv'],
  ...['phd', 'dphil', 'md', 'mba', 'cpa', 'cfa', 'esq', 'jd', 'llm', 'dds', 'dvm', 'rn', 'pe', 'pmp'],
  ...['msc', 'ms', 'ma', 'bsc', 'ba', 'mph'],
]);

const isSuffixWord = (word: string) => NAME_SUFFIXES.has(word.replace(/\./g, '').toLowerCase());

/** Splits "Ada PhD" into ["Ada", "PhD"]: trailing credentials are set aside, never the whole name. */
function splitSuffixes(part: string): [string, string] {
  const words = part.split(' ');
  let keep = words.length;
  while (keep > 1 && isSuffixWord(words[keep - 1]!)) keep--;
  return [words.slice(0, keep).join(' '), words.slice(keep).join(' ')];
}

/**
 * Collapses whitespace and turns a CRM's "Last, First" into "First Last". Only one comma with
 * text on both sides is a "Last, First"; comma-separated credentials ("Ada Lovelace, PhD",
 * "Lovelace, Ada, PhD") are moved after the name first, so they never pose as a first name.
 */
export function normalizePersonName(name: string): string {
  const parts = normalizeText(name)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const credentials: string[] = [];
  while (parts.length > 1 && parts[parts.length - 1]!.split(' ').every(isSuffixWord))
    credentials.unshift(parts.pop()!);
  let core = parts.join(', ');
  const [last, first] = parts;
  if (parts.length === 2 && last !== undefined && first !== undefined) {
    const [given, suffix] = splitSuffixes(first);
    core = [given, last, suffix].filter((part) => part !== '').join(' ');
  }
  return [core, ...credentials].join(' ');
}

interface UrlParts {
  /** Folded (canonical.ts), without port or user info. */
  host: string;
  segments: string[];
  hasScheme: boolean;
  hasPath: boolean;
}

// User info ("user@") only after a scheme: without one, "ada@acme.com" is an address, not a URL.
const URL_SHAPE = /^(?:(https?):\/\/(?:[^\s/?#@]*@)?)?([^\s/?#@]+)(\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
const HOST_SHAPE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/** A URL with or without scheme; without one, the host must contain a dot ("acme.com/x"). */
export function splitUrl(text: string): UrlParts | null {
  const match = URL_SHAPE.exec(text);
  if (!match) return null;
  const host = foldHost((match[2] ?? '').replace(/:\d+$/, ''));
  const hasScheme = match[1] !== undefined;
  if (!HOST_SHAPE.test(host) || (!hasScheme && !host.includes('.'))) return null;
  const path = match[3] ?? '';
  return { host, segments: path.split('/').filter((s) => s !== ''), hasScheme, hasPath: path !== '' };
}

/** Text a user means as a web address rather than a name: a scheme, `www.` or a path. */
export function looksLikeUrl(text: string): boolean {
  const url = splitUrl(text);
  return url !== null && (url.hasScheme || url.hasPath || url.host.startsWith('www.'));
}

/** The host of a web address that is not on `domain` (nor a subdomain of it); null otherwise. */
export function foreignHost(text: string, domain: string): string | null {
  const url = looksLikeUrl(text) ? splitUrl(text) : null;
  return url === null || isNetworkHost(url.host, domain) ? null : url.host;
}

export type PronetKind = 'person' | 'company' | 'post';

/** A pronet page in its canonical form (canonical.ts): `https://www.pronet.com/in/ada-lovelace`. */
export interface PronetUrl {
  kind: PronetKind;
  url: string;
}

/** A pronet-shaped path: on the network's own host, or on another one, which is refused. */
export type PronetAddress = PronetUrl | { kind: PronetKind; foreignHost: string };

interface PronetPage {
  kind: PronetKind;
  section: string;
  /** Folded (canonical.ts). */
  slug: string;
}

/** A page's first path segment, lower case, and what the page is (`/feed/update/` aside). */
const PAGE_KINDS = new Map(Object.entries<PronetKind>({ in: 'person', company: 'company', posts: 'post' }));

/**
 * `/in/<slug>` a person, `/company/<slug>` a company, `/posts/<slug>` or `/feed/update/<urn>` a post;
 * none when the slug names nothing (`/in/%20`).
 */
function pronetPage(segments: readonly string[]): PronetPage | null {
  const [first, second, third] = segments;
  const page = (kind: PronetKind, section: string, slug: string | undefined) => {
    const folded = slug === undefined ? null : foldSlug(slug);
    return folded === null ? null : { kind, section, slug: folded };
  };
  const section = first?.toLowerCase() ?? '';
  if (section === 'feed')
    return second?.toLowerCase() === 'update' ? page('post', 'feed/update', third) : null;
  const kind = PAGE_KINDS.get(section);
  return kind === undefined ? null : page(kind, section, second);
}

/**
 * Reads a pronet page's address: its kind by the path, and its canonical URL when the host is the
 * network's own; a pronet-shaped path on any other host comes back as that host, to be refused.
 */
export function readPronetAddress(text: string): PronetAddress | null {
  const url = splitUrl(normalizeText(text));
  const page = url === null ? null : pronetPage(url.segments);
  if (url === null || page === null) return null;
  if (!isNetworkHost(url.host, PRONET_DOMAIN)) return { kind: page.kind, foreignHost: url.host };
  return { kind: page.kind, url: pronetUrl(page.section, page.slug) };
}

/** A pronet page on the network's own host, in its canonical form; null for anything else. */
export function parsePronetUrl(text: string): PronetUrl | null {
  const address = readPronetAddress(text);
  return address !== null && 'url' in address ? address : null;
}

const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;

/** A lowercased host name of two labels or more whose last label has a letter (no IP addresses). */
function hostName(text: string): string | null {
  const host = text.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const valid = labels.length >= 2 && host.length <= 253 && labels.every((l) => LABEL.test(l));
  return valid && /\p{L}/u.test(tld) ? host : null;
}

/**
 * Reduces a URL or host to the bare lowercased domain: "https://www.Acme.com/about" -> "acme.com".
 * Subdomains other than `www` are kept (telling `acme.co.uk` from `eu.acme.com` needs a suffix list).
 */
export function normalizeDomain(text: string): string | null {
  const match = /^(?:https?:\/\/)?([^\s/?#]+)(?:[/?#]\S*)?$/i.exec(normalizeText(text));
  const host = match?.[1];
  if (host === undefined || host.includes('@')) return null;
  return hostName(
    host
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\d*\./, ''),
  );
}

const EMAIL_SHAPE = /^([^\s@<>()[\],;:"]+)@([^\s@<>]+)$/;

/**
 * A plausible email address in lower case, or null. Accepts a `mailto:` link and the
 * `Ada Lovelace <ada@acme.com>` form mail clients copy.
 */
export function normalizeEmail(text: string): string | null {
  let address = normalizeText(text);
  const bracketed = /<([^<>]+)>$/.exec(address);
  if (bracketed?.[1] !== undefined) address = bracketed[1].trim();
  const match = EMAIL_SHAPE.exec(address.replace(/^mailto:/i, ''));
  const [, local, domain] = match ?? [];
  if (local === undefined || domain === undefined) return null;
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  const host = hostName(domain);
  // An email address in the one form sent: lower case.
  return host === null ? null : foldCase(`${local}@${host}`);
}

// First path segments of photonet pages that are not profiles (posts, reels, settings...).
const PHOTONET_PAGES = new Set(['p', 'reel', 'reels', 'tv', 'explore', 'stories', 'accounts', 'direct']);
const HANDLE_SHAPE = new RegExp(`^[a-z0-9._]{1,${MAX_HANDLE_LENGTH}}$`);

/**
 * "@Ada.Lovelace", "ada.lovelace" or a profile URL on photonet's own hosts
 * "https://www.photonet.com/ada.lovelace/" -> "ada.lovelace".
 */
export function normalizePhotonetHandle(text: string): string | null {
  const value = normalizeText(text);
  let handle = value.replace(/^@/, '');
  if (looksLikeUrl(value)) {
    if (foreignHost(value, PHOTONET_DOMAIN) !== null) return null;
    const first = splitUrl(value)?.segments[0];
    if (first === undefined || PHOTONET_PAGES.has(first.toLowerCase())) return null;
    handle = segmentText(first);
  }
  handle = handle.toLowerCase();
  return HANDLE_SHAPE.test(handle) && /[a-z0-9]/.test(handle) ? handle : null;
}

/** A whole number of at least 1, from a number or a numeric text such as "50"; otherwise null. */
export function parseEmployeeCount(value: unknown): number | null {
  if (typeof value === 'string' && !/^\d+$/.test(value.trim())) return null;
  const count = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(count) && count >= 1 ? count : null;
}
