// One reader per input kind: each turns a filled input cell into the `input_data` sent, or
// rejects it with a message that says what the operation needs. Chosen by the table's `input`.
import type { InputKind } from '../operations/types';
import { ARGUMENT_LABELS, REFUSALS, UNUSABLE } from '../text/catalogue/refusals';
import type { FilledCell, RawArguments } from './arguments';
import { readCell } from './arguments';
import { PHOTONET_DOMAIN, PRONET_DOMAIN } from './canonical';
import {
  foreignHost,
  looksLikeUrl,
  normalizeDomain,
  normalizeEmail,
  normalizePersonName,
  normalizePhotonetHandle,
  type PronetKind,
  parsePronetUrl,
  readPronetAddress,
} from './input-normalizers';
import { MAX_HANDLE_LENGTH, MAX_INPUT_LENGTH } from './limits';
import {
  type Context,
  classify,
  foreignHostRefused,
  needs,
  notThisKind,
  quote,
  refuseSeen,
  reject,
  type Seen,
  wrongKind,
} from './refusals';

/** The text of a filled input cell; numbers become text only where the kind allows them. */
function inputText(ctx: Context, cell: FilledCell, numbers: boolean): string {
  if (cell.kind === 'text') return cell.text;
  if (cell.kind === 'number' && numbers) return String(cell.value);
  reject(REFUSALS.thisIs(cell.kind === 'number' ? UNUSABLE.number : cell.what, needs(ctx)));
}

/** An optional text argument: absent when blank, numbers as text (a zip code, a company "1800"). */
export function optionalText(value: unknown, label: string, limit: number): string | undefined {
  const cell = readCell(value);
  if (cell.kind === 'empty') return undefined;
  if (cell.kind === 'unusable') reject(REFUSALS.argumentUnusable(label, cell.what));
  const text = cell.kind === 'number' ? String(cell.value) : cell.text;
  if (text.length > limit) reject(REFUSALS.argumentTooLong(label, text.length, limit));
  return text;
}

type InputReader = (ctx: Context, cell: FilledCell, args: RawArguments) => string;

export const LEAD_ARGUMENTS = [
  { arg: 'company', label: ARGUMENT_LABELS.company },
  { arg: 'location', label: ARGUMENT_LABELS.location },
  { arg: 'jobTitle', label: ARGUMENT_LABELS.jobTitle },
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
    const address = readPronetAddress(text);
    if (address !== null && 'foreignHost' in address)
      foreignHostRefused(ctx, address.foreignHost, PRONET_DOMAIN);
    if (address?.kind === wanted) return address.url;
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
    const domain = normalizeEmail(text)!.split('@')[1]!;
    reject(REFUSALS.emailForDomain(ctx.caller, domain));
  }
  if (seen !== 'web_url' && seen !== 'text') wrongKind(ctx, seen);
  return normalizeDomain(text) ?? notThisKind(ctx, text, 'text');
};

/**
 * Anything the fallback lookup may take. A pronet page and an email address are sent in their one
 * form; a URL on another host is a web address (a company's site), sent as written.
 */
const readIdentifier: InputReader = (ctx, cell) => {
  const text = inputText(ctx, cell, true);
  return parsePronetUrl(text)?.url ?? normalizeEmail(text) ?? text;
};

const readPhotonetHandle: InputReader = (ctx, cell) => {
  const isHandleNumber = cell.kind === 'number' && Number.isSafeInteger(cell.value) && cell.value >= 0;
  const text = isHandleNumber ? String(cell.value) : inputText(ctx, cell, false);
  refuseSeen(ctx, text, [...URL_KINDS, 'email']);
  const handle = normalizePhotonetHandle(text);
  if (handle !== null) return handle;
  const host = foreignHost(text, PHOTONET_DOMAIN);
  if (host !== null) foreignHostRefused(ctx, host, PHOTONET_DOMAIN);
  if (looksLikeUrl(text)) reject(REFUSALS.notPhotonetProfile(needs(ctx)));
  reject(REFUSALS.notAHandle(quote(text), ctx.caller, MAX_HANDLE_LENGTH));
};

export const INPUT_READERS: Readonly<Record<InputKind, InputReader>> = {
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
