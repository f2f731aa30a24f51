// The messages a formula shows instead of spending credits on an input that cannot be right: what
// the operation needs, what the input looks like instead, and which function takes it. A reader
// calls reject(); prepareRequest catches the one Invalid error and returns its message.
import { GENERIC_FUNCTION, OPERATIONS } from '../operations/table';
import type { InputKind, Operation } from '../operations/types';
import { INPUT_NEEDS, REFUSALS, SEEN_WHAT } from '../text/catalogue/refusals';
import { listed } from '../text/plural';
import { normalizeEmail, readPronetAddress, splitUrl } from './input-normalizers';

/**
 * How messages name operations: by custom function, as ENRICH("type") calls, or (the sidebar's bulk
 * runs and recipes, where the user picked a lookup from a list) by the lookup's label.
 */
export type Naming = 'function' | 'enrich' | 'label';

export class Invalid extends Error {}

export function reject(message: string): never {
  throw new Invalid(message);
}

export interface Context {
  op: Operation;
  /** Who needs the input: "PRONET_EMAIL" or `ENRICH("pronet_profile_to_email")`. */
  caller: string;
  refer(op: Operation): string;
}

export function contextFor(op: Operation, naming: Naming): Context {
  if (naming === 'function') return { op, caller: op.functionName, refer: (o) => o.functionName };
  if (naming === 'label') return { op, caller: op.label, refer: (o) => `"${o.label}"` };
  const generic = GENERIC_FUNCTION.functionName;
  return { op, caller: `${generic}("${op.type}")`, refer: (o) => `${generic}("${o.type}", ...)` };
}

/** What each input kind must hold: one for every kind, or this does not compile. */
const NEEDS: Readonly<Record<InputKind, string>> = INPUT_NEEDS;

export const needs = (ctx: Context) => `${ctx.caller} ${NEEDS[ctx.op.input]}`;

/** A user's text as a refusal shows it: at most 40 characters. */
export const clipped = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
export const quote = (text: string) => `"${clipped(text)}"`;

/** What an input looks like, to say why it is the wrong kind and which function takes it. */
export type Seen = 'person_url' | 'company_url' | 'post_url' | 'email' | 'handle' | 'web_url' | 'text';

const SEEN: Readonly<Record<Seen, { what: string; takenBy: readonly InputKind[]; listTakers: boolean }>> = {
  person_url: { what: SEEN_WHAT.person_url, takenBy: ['person_url'], listTakers: true },
  company_url: { what: SEEN_WHAT.company_url, takenBy: ['company_url'], listTakers: true },
  post_url: { what: SEEN_WHAT.post_url, takenBy: ['post_url'], listTakers: true },
  email: { what: SEEN_WHAT.email, takenBy: ['email'], listTakers: true },
  handle: { what: SEEN_WHAT.handle, takenBy: ['photonet_handle'], listTakers: true },
  web_url: { what: SEEN_WHAT.web_url, takenBy: ['company_domain'], listTakers: false },
  // Plain text may be a person's name or a company's: only a same-purpose twin is suggested.
  text: { what: SEEN_WHAT.text, takenBy: ['person_name', 'company_name'], listTakers: false },
};

/** What an input looks like; a pronet-shaped path on another host is only a web address. */
export function classify(text: string): Seen {
  const pronet = readPronetAddress(text);
  if (pronet) return 'url' in pronet ? `${pronet.kind}_url` : 'web_url';
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
  const takers = OPERATIONS.filter((o) => o !== ctx.op && takenBy.includes(o.input));
  const twin =
    output === null ? undefined : takers.find((o) => o.group === ctx.op.group && outputOf(o) === output);
  if (twin)
    return seen === 'text' ? REFUSALS.forNames(ctx.refer(twin)) : REFUSALS.useInstead(ctx.refer(twin));
  if (!listTakers) return '';
  return takers.length === 0 ? '' : REFUSALS.forWhat(what, listed(takers.map(ctx.refer), 'or'));
}

export function wrongKind(ctx: Context, seen: Seen): never {
  reject(REFUSALS.thisIs(SEEN[seen].what, needs(ctx)) + suggestion(ctx, seen));
}

/** A network's page on another host: never sent, whatever its path says. */
export function foreignHostRefused(ctx: Context, host: string, domain: string): never {
  reject(REFUSALS.foreignHost(host, domain, needs(ctx)));
}

export function notThisKind(ctx: Context, text: string, seen: Seen | null): never {
  reject(REFUSALS.got(needs(ctx), quote(text), seen ? suggestion(ctx, seen) : ''));
}

export function refuseSeen(ctx: Context, text: string, refused: readonly Seen[]): void {
  const seen = classify(text);
  if (refused.includes(seen)) wrongKind(ctx, seen);
}
