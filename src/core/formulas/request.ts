// Turns a custom function's (or a bulk run's) raw cell arguments into an EnrichmentRequest, or into
// a short message the user can act on, before any credit is spent. Every rule about what an
// operation accepts is chosen by the table's `input` kind, so a new row needs no code here.
import type { EnrichmentRequest } from '../api/wire';
import { GENERIC_FUNCTION, OPERATIONS, operationByFunction, operationByType } from '../operations/table';
import type { InputKind, Operation, OptionName } from '../operations/types';

/** Longest `input_data` sent. The API states no maximum; nothing a lookup needs is this long. */
export const MAX_INPUT_LENGTH = 2000;
/** Longest department or seniority filter sent. */
export const MAX_FILTER_LENGTH = 200;
/** Photonet handles are at most 30 letters, digits, periods and underscores. */
export const MAX_HANDLE_LENGTH = 30;

export interface RawArguments {
  /** A cell value: string, number, boolean, Date, '' for an empty cell, null or undefined. */
  input: unknown;
  /** Name lookups: joined after the name. */
  company?: unknown;
  /** Name lookups: joined after the company. */
  location?: unknown;
  /** Name lookups: joined last. */
  jobTitle?: unknown;
  /** Employee lists only. */
  department?: unknown;
  seniority?: unknown;
  /** Employee lists only: sent as `employee_count`. */
  max?: unknown;
}

export type Prepared =
  | { kind: 'request'; request: EnrichmentRequest }
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string };

/** How messages name operations: by custom function, or as ENRICH("type") calls. */
export type Naming = 'function' | 'enrich';

/** What each input kind must hold, as the end of "PRONET_EMAIL needs ...". */
export const INPUT_HINTS: Readonly<Record<InputKind, string>> = {
  person_name: "a person's full name",
  email: 'an email address such as ada@acme.com',
  person_url: 'a person profile URL (pronet.com/in/...)',
  company_name: 'a company name',
  company_domain: 'a company domain such as acme.com',
  company_url: 'a company page URL (pronet.com/company/...)',
  post_url: 'a post URL (pronet.com/posts/... or pronet.com/feed/update/...)',
  any_identifier: 'a company or person identifier',
  photonet_handle: 'a photonet handle (@name) or profile URL',
};

// ---------------------------------------------------------------------------------------------
// Text helpers the bulk run reuses.

const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
const SPACES = /[\s\p{Cc}]+/gu;

/** Trims, collapses runs of whitespace (tabs, newlines, non-breaking spaces) and drops invisible characters. */
export function normalizeText(text: string): string {
  return text.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

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
  while (parts.length > 1 && parts[parts.length - 1]!.split(' ').every(isSuffixWord)) {
    credentials.unshift(parts.pop()!);
  }
  let core = parts.join(', ');
  const [last, first] = parts;
  if (parts.length === 2 && last !== undefined && first !== undefined) {
    const [given, suffix] = splitSuffixes(first);
    core = [given, last, suffix].filter((part) => part !== '').join(' ');
  }
  return [core, ...credentials].join(' ');
}

interface UrlParts {
  host: string;
  segments: string[];
  hasScheme: boolean;
  hasPath: boolean;
}

const URL_SHAPE = /^(?:(https?):\/\/)?([^\s/?#@]+)(\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
const HOST_SHAPE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d+)?$/;

/** A URL with or without scheme; without one, the host must contain a dot ("acme.com/x"). */
function splitUrl(text: string): UrlParts | null {
  const match = URL_SHAPE.exec(text);
  if (!match) return null;
  const host = (match[2] ?? '').toLowerCase();
  const hasScheme = match[1] !== undefined;
  if (!HOST_SHAPE.test(host) || (!hasScheme && !host.includes('.'))) return null;
  const path = match[3] ?? '';
  return { host, segments: path.split('/').filter((s) => s !== ''), hasScheme, hasPath: path !== '' };
}

/** Text a user means as a web address rather than a name: a scheme, `www.` or a path. */
function looksLikeUrl(text: string): boolean {
  const url = splitUrl(text);
  return url !== null && (url.hasScheme || url.hasPath || url.host.startsWith('www.'));
}

export type PronetKind = 'person' | 'company' | 'post';

export interface PronetUrl {
  kind: PronetKind;
  /** https, lowercased host, no trailing slash, no query or fragment. */
  url: string;
}

/**
 * Recognizes a pronet URL by its path, whatever the host: `/in/<slug>` a person, `/company/<slug>`
 * a company page, `/posts/...` or `/feed/update/...` a post. Sub-paths such as `/in/ada/details/`
 * are dropped for people and companies; posts keep their whole path.
 */
export function parsePronetUrl(text: string): PronetUrl | null {
  const url = splitUrl(normalizeText(text));
  if (!url) return null;
  const [first, second, third] = url.segments;
  const origin = `https://${url.host}`;
  switch (first?.toLowerCase()) {
    case 'in':
      return second ? { kind: 'person', url: `${origin}/in/${second}` } : null;
    case 'company':
      return second ? { kind: 'company', url: `${origin}/company/${second}` } : null;
    case 'posts':
      return second ? { kind: 'post', url: `${origin}/posts/${url.segments.slice(1).join('/')}` } : null;
    case 'feed':
      return second?.toLowerCase() === 'update' && third
        ? { kind: 'post', url: `${origin}/feed/update/${url.segments.slice(2).join('/')}` }
        : null;
    default:
      return null;
  }
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
 * A plausible email address with a lowercased domain, or null. Accepts a `mailto:` link and the
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
  return host === null ? null : `${local}@${host}`;
}

// First path segments of photonet pages that are not profiles (posts, reels, settings...).
const PHOTONET_PAGES = new Set(['p', 'reel', 'reels', 'tv', 'explore', 'stories', 'accounts', 'direct']);
const HANDLE_SHAPE = new RegExp(`^[a-z0-9._]{1,${MAX_HANDLE_LENGTH}}$`);

/** "@Ada.Lovelace", "ada.lovelace" or a profile URL "https://www.photonet.com/ada.lovelace/" -> "ada.lovelace". */
export function normalizePhotonetHandle(text: string): string | null {
  const value = normalizeText(text);
  let handle = value.replace(/^@/, '');
  if (looksLikeUrl(value)) {
    const first = splitUrl(value)?.segments[0];
    if (first === undefined || PHOTONET_PAGES.has(first.toLowerCase())) return null;
    handle = first;
  }
  handle = handle.toLowerCase();
  return HANDLE_SHAPE.test(handle) && /[a-z0-9]/.test(handle) ? handle : null;
}

/** A whole number of at least 1, from a number or a numeric text such as "50"; otherwise null. */
export function parseEmployeeCount(value: unknown): number | null {
  const count =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(count) && count >= 1 ? count : null;
}

// ---------------------------------------------------------------------------------------------
// Cells.

type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  /** A value no lookup takes; `what` completes "This is ...". */
  | { kind: 'unusable'; what: string };

type FilledCell = Exclude<Cell, { kind: 'empty' }>;

const isDate = (value: unknown) => Object.prototype.toString.call(value) === '[object Date]';

function readCell(value: unknown): Cell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') {
    const text = normalizeText(value);
    return text === '' ? { kind: 'empty' } : { kind: 'text', text };
  }
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? { kind: 'number', value }
      : { kind: 'unusable', what: 'not a usable number' };
  }
  if (typeof value === 'boolean') return { kind: 'unusable', what: 'a TRUE/FALSE value' };
  if (isDate(value)) return { kind: 'unusable', what: 'a date' };
  if (Array.isArray(value)) return { kind: 'unusable', what: 'a range of several cells' };
  return { kind: 'unusable', what: 'a value of an unsupported kind' };
}

const isBlank = (value: unknown) => readCell(value).kind === 'empty';

// ---------------------------------------------------------------------------------------------
// Messages. Thrown inside this module only, caught once in prepareRequest.

class Invalid extends Error {}

function reject(message: string): never {
  throw new Invalid(message);
}

interface Context {
  op: Operation;
  /** Who needs the input: "PRONET_EMAIL" or `ENRICH("pronet_profile_to_email")`. */
  caller: string;
  refer(op: Operation): string;
}

function contextFor(op: Operation, naming: Naming): Context {
  if (naming === 'function') return { op, caller: op.functionName, refer: (o) => o.functionName };
  const generic = GENERIC_FUNCTION.functionName;
  return { op, caller: `${generic}("${op.type}")`, refer: (o) => `${generic}("${o.type}", ...)` };
}

const needs = (ctx: Context) => `${ctx.caller} needs ${INPUT_HINTS[ctx.op.input]}`;

const quote = (text: string) => `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;

function listWords(words: readonly string[], conjunction: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** What an input looks like, to say why it is the wrong kind and which function takes it. */
type Seen = 'person_url' | 'company_url' | 'post_url' | 'email' | 'handle' | 'web_url' | 'text';

const SEEN: Readonly<Record<Seen, { what: string; takenBy: readonly InputKind[]; listTakers: boolean }>> = {
  person_url: { what: 'a person profile URL', takenBy: ['person_url'], listTakers: true },
  company_url: { what: 'a company page URL', takenBy: ['company_url'], listTakers: true },
  post_url: { what: 'a post URL', takenBy: ['post_url'], listTakers: true },
  email: { what: 'an email address', takenBy: ['email'], listTakers: true },
  handle: { what: 'a photonet handle', takenBy: ['photonet_handle'], listTakers: true },
  web_url: { what: 'a web address', takenBy: ['company_domain'], listTakers: false },
  // Plain text may be a person's name or a company's: only a same-purpose twin is suggested.
  text: { what: 'text', takenBy: ['person_name', 'company_name'], listTakers: false },
};

const PRONET_SEEN: Readonly<Record<PronetKind, Seen>> = {
  person: 'person_url',
  company: 'company_url',
  post: 'post_url',
};

function classify(text: string): Seen {
  const pronet = parsePronetUrl(text);
  if (pronet) return PRONET_SEEN[pronet.kind];
  if (normalizeEmail(text) !== null) return 'email';
  if (/^@[\w.]+$/.test(text)) return 'handle';
  const url = splitUrl(text);
  return url && (url.hasScheme || url.host.startsWith('www.')) ? 'web_url' : 'text';
}

// Operation types read `<input>_to_<output>`: two operations with the same output do the same job
// from different inputs, which is the function to suggest for an input of the other kind.
function outputOf(op: Operation): string | null {
  const at = op.type.lastIndexOf('_to_');
  return at < 0 ? null : op.type.slice(at + '_to_'.length);
}

function suggestion(ctx: Context, seen: Seen): string {
  const { takenBy, what, listTakers } = SEEN[seen];
  const output = outputOf(ctx.op);
  const twin = OPERATIONS.find(
    (o) =>
      o !== ctx.op &&
      takenBy.includes(o.input) &&
      o.group === ctx.op.group &&
      output !== null &&
      outputOf(o) === output,
  );
  if (twin) {
    return seen === 'text' ? ` For names, use ${ctx.refer(twin)}.` : ` Use ${ctx.refer(twin)} instead.`;
  }
  if (!listTakers) return '';
  const takers = OPERATIONS.filter((o) => o !== ctx.op && takenBy.includes(o.input));
  return takers.length === 0 ? '' : ` For ${what}, use ${listWords(takers.map(ctx.refer), 'or')}.`;
}

function wrongKind(ctx: Context, seen: Seen): never {
  reject(`This is ${SEEN[seen].what}; ${needs(ctx)}.${suggestion(ctx, seen)}`);
}

function notThisKind(ctx: Context, text: string, seen: Seen | null): never {
  reject(`${needs(ctx)}; got ${quote(text)}.${seen ? suggestion(ctx, seen) : ''}`);
}

function refuseSeen(ctx: Context, text: string, refused: readonly Seen[]): void {
  const seen = classify(text);
  if (refused.includes(seen)) wrongKind(ctx, seen);
}

/** The text of a filled input cell; numbers become text only where the kind allows them. */
function inputText(ctx: Context, cell: FilledCell, numbers: boolean): string {
  if (cell.kind === 'text') return cell.text;
  if (cell.kind === 'number' && numbers) return String(cell.value);
  reject(`This is ${cell.kind === 'number' ? 'a number' : cell.what}; ${needs(ctx)}.`);
}

/** An optional text argument: absent when blank, numbers as text (a zip code, a company "1800"). */
function optionalText(value: unknown, label: string, limit: number): string | undefined {
  const cell = readCell(value);
  if (cell.kind === 'empty') return undefined;
  if (cell.kind === 'unusable') reject(`The ${label} argument is ${cell.what}; give text or leave it blank.`);
  const text = cell.kind === 'number' ? String(cell.value) : cell.text;
  if (text.length > limit) reject(`The ${label} is ${text.length} characters long; the limit is ${limit}.`);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Inputs, one reader per input kind.

type InputReader = (ctx: Context, cell: FilledCell, args: RawArguments) => string;

const LEAD_ARGUMENTS = [
  { arg: 'company', label: 'company' },
  { arg: 'location', label: 'location' },
  { arg: 'jobTitle', label: 'job title' },
] as const;

const URL_KINDS: readonly Seen[] = ['person_url', 'company_url', 'post_url'];

const readPersonName: InputReader = (ctx, cell, args) => {
  const text = inputText(ctx, cell, false);
  refuseSeen(ctx, text, [...URL_KINDS, 'email', 'handle', 'web_url']);
  const name = normalizePersonName(text);
  if (!/\p{L}/u.test(name)) notThisKind(ctx, text, null);
  const context = LEAD_ARGUMENTS.map(({ arg, label }) => optionalText(args[arg], label, MAX_INPUT_LENGTH));
  return [name, ...context].filter((part) => part !== undefined).join(' ');
};

const readEmail: InputReader = (ctx, cell) => {
  const text = inputText(ctx, cell, false);
  const email = normalizeEmail(text);
  if (email !== null) return email;
  refuseSeen(ctx, text, [...URL_KINDS, 'handle']);
  notThisKind(ctx, text, text.includes('@') || looksLikeUrl(text) ? null : 'text');
};

function pronetUrlReader(wanted: PronetKind): InputReader {
  return (ctx, cell) => {
    const text = inputText(ctx, cell, false);
    const parsed = parsePronetUrl(text);
    if (parsed?.kind === wanted) return parsed.url;
    const seen = classify(text);
    if (seen === 'text' || seen === 'web_url') notThisKind(ctx, text, seen === 'text' ? 'text' : null);
    wrongKind(ctx, seen);
  };
}

const readCompanyName: InputReader = (ctx, cell) => {
  const text = inputText(ctx, cell, true);
  refuseSeen(ctx, text, [...URL_KINDS, 'email', 'web_url']);
  return text;
};

const readCompanyDomain: InputReader = (ctx, cell) => {
  const text = inputText(ctx, cell, false);
  const seen = classify(text);
  if (seen === 'email') {
    const domain = normalizeEmail(text)!.split('@')[1];
    reject(`This is an email address; ${ctx.caller} needs a company domain, such as its domain ${domain}.`);
  }
  if (seen !== 'web_url' && seen !== 'text') wrongKind(ctx, seen);
  return normalizeDomain(text) ?? notThisKind(ctx, text, 'text');
};

const readIdentifier: InputReader = (ctx, cell) => {
  const text = inputText(ctx, cell, true);
  return parsePronetUrl(text)?.url ?? text;
};

const readPhotonetHandle: InputReader = (ctx, cell) => {
  const isHandleNumber = cell.kind === 'number' && Number.isSafeInteger(cell.value) && cell.value >= 0;
  const text = isHandleNumber ? String(cell.value) : inputText(ctx, cell, false);
  refuseSeen(ctx, text, [...URL_KINDS, 'email']);
  const handle = normalizePhotonetHandle(text);
  if (handle !== null) return handle;
  if (looksLikeUrl(text)) reject(`This web address is not a photonet profile; ${needs(ctx)}.`);
  reject(
    `${quote(text)} cannot be a photonet handle; ${ctx.caller} needs letters, digits, periods and underscores only (at most ${MAX_HANDLE_LENGTH}).`,
  );
};

const INPUT_READERS: Readonly<Record<InputKind, InputReader>> = {
  person_name: readPersonName,
  email: readEmail,
  person_url: pronetUrlReader('person'),
  company_name: readCompanyName,
  company_domain: readCompanyDomain,
  company_url: pronetUrlReader('company'),
  post_url: pronetUrlReader('post'),
  any_identifier: readIdentifier,
  photonet_handle: readPhotonetHandle,
};

// ---------------------------------------------------------------------------------------------
// Options.

const FILTER_ARGUMENTS = [
  { arg: 'department', option: 'department', label: 'a department' },
  { arg: 'seniority', option: 'seniority', label: 'a seniority' },
  { arg: 'max', option: 'employee_count', label: 'max (a number of employees)' },
] as const satisfies readonly { arg: keyof RawArguments; option: OptionName; label: string }[];

/** Arguments an operation does not take are an error, unless blank: they would be silently ignored. */
function refuseUnusedArguments(ctx: Context, args: RawArguments): void {
  const doers = (ops: readonly Operation[]) => `only ${listWords(ops.map(ctx.refer), 'and')} do`;
  if (ctx.op.input !== 'person_name') {
    const nameOps = OPERATIONS.filter((o) => o.input === 'person_name');
    for (const { arg, label } of LEAD_ARGUMENTS) {
      if (!isBlank(args[arg])) reject(`${ctx.caller} does not take a ${label}; ${doers(nameOps)}.`);
    }
  }
  for (const { arg, option, label } of FILTER_ARGUMENTS) {
    if (ctx.op.options.includes(option) || isBlank(args[arg])) continue;
    reject(
      `${ctx.caller} does not take ${label}; ${doers(OPERATIONS.filter((o) => o.options.includes(option)))}.`,
    );
  }
}

type Filters = Pick<EnrichmentRequest, 'department' | 'seniority' | 'employee_count'>;

function readFilters(ctx: Context, args: RawArguments): Filters {
  const filters: Filters = {};
  const takes = (option: OptionName) => ctx.op.options.includes(option);
  const department = takes('department')
    ? optionalText(args.department, 'department', MAX_FILTER_LENGTH)
    : undefined;
  if (department !== undefined) filters.department = department;
  const seniority = takes('seniority')
    ? optionalText(args.seniority, 'seniority', MAX_FILTER_LENGTH)
    : undefined;
  if (seniority !== undefined) filters.seniority = seniority;
  if (takes('employee_count') && !isBlank(args.max)) {
    const count = parseEmployeeCount(args.max);
    if (count === null)
      reject(`max must be a whole number of at least 1, such as 50; got ${shown(args.max)}.`);
    filters.employee_count = count;
  }
  return filters;
}

function shown(value: unknown): string {
  const cell = readCell(value);
  if (cell.kind === 'text') return quote(cell.text);
  if (cell.kind === 'number') return String(cell.value);
  return cell.kind === 'unusable' ? cell.what : 'nothing';
}

// ---------------------------------------------------------------------------------------------
// Entry points.

/**
 * Normalizes and validates one row of arguments. An empty input is `empty` whatever the other
 * arguments hold: a sheet's blank rows must stay blank and free.
 */
export function prepareRequest(op: Operation, args: RawArguments, naming: Naming = 'function'): Prepared {
  const ctx = contextFor(op, naming);
  const cell = readCell(args.input);
  if (cell.kind === 'empty') return { kind: 'empty' };
  try {
    refuseUnusedArguments(ctx, args);
    const inputData = INPUT_READERS[op.input](ctx, cell, args);
    if (inputData.length > MAX_INPUT_LENGTH) {
      reject(
        `This input is ${inputData.length} characters long; ${ctx.caller} takes at most ${MAX_INPUT_LENGTH}.`,
      );
    }
    return { kind: 'request', request: { type: op.type, input_data: inputData, ...readFilters(ctx, args) } };
  } catch (error) {
    if (error instanceof Invalid) return { kind: 'invalid', message: error.message };
    throw error;
  }
}

/** For ENRICH(type, input): the operation named by `type` (its type, or its function name), or why not. */
export function resolveType(type: unknown): { op: Operation } | { message: string } {
  const generic = GENERIC_FUNCTION.functionName;
  const text = typeof type === 'string' ? normalizeText(type) : '';
  if (text === '') {
    return { message: `${generic} needs an operation type first, e.g. ${GENERIC_FUNCTION.example}.` };
  }
  const key = text.toLowerCase().replace(/[\s-]+/g, '_');
  const op = operationByType(key) ?? operationByFunction(key.toUpperCase());
  if (op) return { op };
  const near = closestType(key);
  const hint = near
    ? `Did you mean ${near}?`
    : `${generic} takes one of the ${OPERATIONS.length} types listed in the help, e.g. ${GENERIC_FUNCTION.example}.`;
  return { message: `Unknown type ${quote(text)}. ${hint}` };
}

export function prepareByType(type: unknown, args: RawArguments): Prepared {
  const resolved = resolveType(type);
  if ('message' in resolved) return { kind: 'invalid', message: resolved.message };
  return prepareRequest(resolved.op, args, 'enrich');
}

const LONGEST_TYPE_NAME = Math.max(...OPERATIONS.map((op) => op.type.length));

/** The type a typo most likely meant, matched against types and function names. */
function closestType(key: string): string | null {
  // Within 3 edits of a type means within 3 characters of its length: longer text is no typo,
  // and measuring it would cost time a formula does not have.
  if (key.length > LONGEST_TYPE_NAME + 3) return null;
  let best: { type: string; distance: number } | null = null;
  for (const op of OPERATIONS) {
    const distance = Math.min(editDistance(key, op.type), editDistance(key, op.functionName.toLowerCase()));
    if (distance <= 3 && (best === null || distance < best.distance)) best = { type: op.type, distance };
  }
  return best?.type ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
