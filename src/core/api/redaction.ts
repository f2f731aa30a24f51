// Finds the API key in a text, whatever form a server's echo gave it, and hides it.
//
// A server may echo the key upper-cased, base64- or hex-encoded (base64 alone, or as part of
// "Bearer …" or "key:…"), reversed, escaped for a URL (once or twice), JSON, JavaScript or HTML,
// with zero-width characters, spaces or dashes in it, or cut short. So the text is first read as it
// would print: escapes decoded, Unicode format characters (\p{Cf}), white space and dashes dropped,
// letters lower-cased; then every run of MIN_RUN or more consecutive characters of the key, or of
// its other forms, is found there, and the stretch of the original text it came from is replaced.
// Nothing recurses: a text is scanned in one pass, and answer data is walked with a stack.

export type Redact = (text: string) => string;

export const KEY_MARKER = '[API key]';
/** The shortest run of the key that is hidden: long enough not to hit ordinary words. */
const MIN_RUN = 8;
/** Shorter keys cannot be told from ordinary text: they are left alone (no key is that short). */
const MIN_KEY = 4;
/** Dropped from a text before it is searched: invisible, or what groups a key's characters. */
const SKIPPED = /[\p{Cf}\s-]/u;
/** A text with none of these reads as it is searched, but for letter case. */
const NEEDS_DECODING = /[%\\&\p{Cf}\s-]/u;

/** A redactor for one key: its pieces are worked out once, then each text is one pass. */
export function keyRedactor(key: string | null | undefined): Redact {
  const secret = key?.trim() ?? '';
  if (secret.length < MIN_KEY) return (text) => text;
  const run = Math.min(MIN_RUN, secret.length);
  const pieces = new Set<string>();
  for (const source of keyForms(secret)) {
    const lower = source.toLowerCase().replace(/[\s-]/g, '');
    for (let i = 0; i + run <= lower.length; i++) pieces.add(lower.slice(i, i + run));
  }
  return (text) => (text.length < run ? text : hide(text, pieces, run));
}

/**
 * Hides the key in every string of parsed JSON data, object keys included, in place; answers the
 * data (a new string when the data is a string). Walks with a stack, so depth costs no recursion.
 */
export function redactData(data: unknown, redact: Redact): unknown {
  if (typeof data === 'string') return redact(data);
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) redactItems(value, redact, stack);
    else if (isRecord(value)) redactFields(value, redact, stack);
  }
  return data;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function redactItems(list: unknown[], redact: Redact, stack: unknown[]): void {
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (typeof item === 'string') list[i] = redact(item);
    else if (isRecord(item)) stack.push(item);
  }
}

function redactFields(record: Record<string, unknown>, redact: Redact, stack: unknown[]): void {
  for (const name of Object.keys(record)) {
    const item = record[name];
    const safeName = redact(name);
    const safeItem = typeof item === 'string' ? redact(item) : item;
    if (safeName !== name) delete record[name];
    if (safeName !== name || safeItem !== item) record[safeName] = safeItem;
    if (isRecord(item)) stack.push(item);
  }
}

/**
 * The key as text, reversed, in hex, and its base64 and base64url forms at each of the three byte
 * alignments it can have inside a longer encoded text (only whole groups of three bytes encode the
 * same way wherever the key sits; the key alone also has its padded tail).
 */
function keyForms(secret: string): string[] {
  const bytes = utf8(secret);
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const forms = [secret, [...secret].reverse().join(''), hex];
  for (let skip = 0; skip < 3 && skip < bytes.length; skip++) {
    const rest = bytes.slice(skip);
    const whole = skip === 0 ? rest : rest.slice(0, rest.length - (rest.length % 3));
    const encoded = base64(whole);
    forms.push(encoded, encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  }
  return forms;
}

/** The text as it prints, lower-cased, with where each of its characters came from. */
interface Reading {
  text: string;
  /** Start and end (exclusive) in the original text of each character; null when they coincide. */
  from: { start: number[]; end: number[] } | null;
}

function hide(text: string, pieces: ReadonlySet<string>, run: number): string {
  const reading = read(text);
  const found = stretches(reading.text, pieces, run);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [first, last] of found) {
    const start = reading.from ? reading.from.start[first]! : first;
    const end = reading.from ? reading.from.end[last]! : last + 1;
    out += text.slice(at, start) + KEY_MARKER;
    at = end;
  }
  return out + text.slice(at);
}

/** The first and last character of each stretch of `text` made of the key's pieces, merged. */
function stretches(text: string, pieces: ReadonlySet<string>, run: number): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 0; i + run <= text.length; i++) {
    if (!pieces.has(text.slice(i, i + run))) continue;
    const last = found[found.length - 1];
    if (last && i <= last[1] + 1) last[1] = i + run - 1;
    else found.push([i, i + run - 1]);
  }
  return found;
}

function read(text: string): Reading {
  const lower = text.toLowerCase();
  if (!NEEDS_DECODING.test(text) && lower.length === text.length) return { text: lower, from: null };
  const chars: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  while (i < text.length) {
    const [char, length] = decodeAt(text, i);
    if (!SKIPPED.test(char)) {
      const folded = char.toLowerCase();
      chars.push(folded.length === char.length ? folded : char);
      start.push(i);
      end.push(i + length);
    }
    i += length;
  }
  // A character outside the BMP counts as two in `chars`' joined text: keep the maps in step.
  return { text: chars.join(''), from: widen(chars, start, end) };
}

function widen(chars: readonly string[], start: number[], end: number[]) {
  if (chars.every((char) => char.length === 1)) return { start, end };
  const wide = { start: [] as number[], end: [] as number[] };
  chars.forEach((char, k) => {
    for (let unit = 0; unit < char.length; unit++) {
      wide.start.push(start[k]!);
      wide.end.push(end[k]!);
    }
  });
  return wide;
}

/** JSON's one-character escapes (`\n`, `\"`, …): JSON.parse reads them. */
const JSON_SIMPLE = /^["\\/bfnrt]$/;

/** A URL escape (%XX, or %25XX escaped twice), JSON or JavaScript escape, or HTML character reference. */
const ESCAPE =
  /%(?:25)?([0-7][0-9a-f])|\\(?:u([0-9a-f]{4})|x([0-9a-f]{2}))|&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));/iy;

/** The character at `i` as it prints (an escape decoded), and how many units it spans. */
function decodeAt(text: string, i: number): [string, number] {
  const char = text[i]!;
  const escaped = char === '%' || char === '\\' || char === '&' ? escapeAt(text, i) : null;
  if (escaped) return escaped;
  const point = text.codePointAt(i)!;
  return point > 0xffff ? [String.fromCodePoint(point), 2] : [char, 1];
}

function escapeAt(text: string, i: number): [string, number] | null {
  ESCAPE.lastIndex = i;
  const found = ESCAPE.exec(text);
  if (found) {
    const [whole, url, json, js, htmlHex, htmlDecimal] = found;
    const point = htmlDecimal ? Number(htmlDecimal) : Number.parseInt(url ?? json ?? js ?? htmlHex!, 16);
    if (point <= 0x10ffff) return [String.fromCodePoint(point), whole.length];
  }
  const next = text[i + 1] ?? '';
  return text[i] === '\\' && JSON_SIMPLE.test(next) ? [JSON.parse(`"\\${next}"`) as string, 2] : null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const group = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[(group >> 18) & 63]! + BASE64[(group >> 12) & 63]!;
    out +=
      b === undefined ? '==' : BASE64[(group >> 6) & 63]! + (c === undefined ? '=' : BASE64[group & 63]!);
  }
  return out;
}

/** UTF-8 bytes (core has no TextEncoder in Apps Script). */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 63));
    else if (point < 0x10000)
      bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
    else
      bytes.push(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 63),
        0x80 | ((point >> 6) & 63),
        0x80 | (point & 63),
      );
  }
  return bytes;
}
