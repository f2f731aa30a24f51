// A server that echoes the caller's API key, as careless and hostile servers do: in an error
// message, in a provider failure, or inside the data it answers, in one of the forms such echoes
// take (cased otherwise, encoded in base64 or hex, escaped for a URL, JSON, JavaScript or HTML, cut
// short, with invisible characters, spaces or dashes in it, or reversed). Tests turn
// it on per operation with `FakeApi.echoKey(type, echo)`, to check that no form of the key ever
// reaches what the add-on shows.

export const KEY_ECHO_FORMS = [
  'raw',
  'upper',
  'base64',
  'base64url',
  'bearer-base64',
  'basic-base64',
  'prefix24',
  'zero-width',
  'uri',
  'json',
  'bearer',
  'hex',
  'hex-upper',
  'html-decimal',
  'html-hex',
  'spaced',
  'dashed',
  'reversed',
  'uri-twice',
  'js-hex',
] as const;

export type KeyEchoForm = (typeof KEY_ECHO_FORMS)[number];

/**
 * Where the echo goes:
 * - `invalid-input`: a 422 whose message holds it (not charged, as any 422);
 * - `provider-error`: a 200 `success` whose result is a provider failure holding it (charged);
 * - `result`: the real answer, with the echo added to its data (charged as usual).
 */
export type KeyEchoPlace = 'invalid-input' | 'provider-error' | 'result';

export interface KeyEcho {
  readonly form: KeyEchoForm;
  readonly place: KeyEchoPlace;
}

/** The key as the echo shows it. */
export function echoedKey(key: string, form: KeyEchoForm): string {
  switch (form) {
    case 'raw':
      return key;
    case 'upper':
      return key.toUpperCase();
    case 'base64':
      return base64(key);
    case 'base64url':
      return base64(key).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    case 'bearer-base64':
      return base64(`Bearer ${key}`);
    case 'basic-base64':
      return base64(`${key}:`);
    case 'prefix24':
      return key.slice(0, 24);
    case 'zero-width':
      // A zero-width space every 4 characters, a word joiner and a soft hyphen for good measure.
      return key.replace(/(.{4})(?=.)/g, '$1\u200b').replace(/^(.)/, '$1\u2060\u00ad');
    case 'uri':
      // Every byte escaped: what a strict encoder, or a double-encoding proxy, sends back.
      return [...utf8(key)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    case 'json':
      // The key written as JSON \u escapes inside a message: decoding the answer leaves them as text.
      return [...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    case 'bearer':
      return `Bearer ${key}`;
    case 'hex':
      return hex(key);
    case 'hex-upper':
      return hex(key).toUpperCase();
    case 'html-decimal':
      return [...key].map((char) => `&#${char.codePointAt(0)};`).join('');
    case 'html-hex':
      return [...key].map((char) => `&#x${char.codePointAt(0)!.toString(16)};`).join('');
    case 'spaced':
      // As a card number is printed: groups of 4 characters.
      return key.replace(/(.{4})(?=.)/g, '$1 ');
    case 'dashed':
      return key.replace(/(.{4})(?=.)/g, '$1-');
    case 'reversed':
      return [...key].reverse().join('');
    case 'uri-twice':
      // Escaped, then the escapes escaped again (%2566 for "f"): a proxy encoding an encoded URL.
      return [...utf8(key)].map((byte) => `%25${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    case 'js-hex':
      return [...key].map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  }
}

export const ECHO_MESSAGE = 'Access denied for credentials';

/** The message an error echo says. */
export function echoMessage(key: string, form: KeyEchoForm): string {
  return `${ECHO_MESSAGE} ${echoedKey(key, form)}`;
}

/** The provider failure a `provider-error` echo answers inside a 200 `success`. */
export function echoedProviderError(key: string, form: KeyEchoForm): unknown {
  return { error: { code: 'provider_auth', message: echoMessage(key, form) } };
}

/**
 * The answer's data with the echo added: a text gets it appended, an object a `requested_by`
 * field, a list it in its first item (or as its only item).
 */
export function withEchoedKey(result: unknown, key: string, form: KeyEchoForm): unknown {
  const echo = echoedKey(key, form);
  if (typeof result === 'string') return `${result} (requested by ${echo})`;
  if (Array.isArray(result)) {
    const [first, ...rest] = result;
    return [withEchoedKey(first ?? {}, key, form), ...rest];
  }
  if (typeof result === 'object' && result !== null) return { ...result, requested_by: echo };
  return { value: result, requested_by: echo };
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...utf8(text)));
}

function hex(text: string): string {
  return [...utf8(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
