// Utilities and Blob. Assumption ids (UT1...) are those of docs/platform-assumptions.md.
//
// Verified (Apps Script reference, Class Utilities and Class Blob): byte arrays are Java bytes,
// signed -128..127 (computeDigest, base64Decode, getBytes); gzip/ungzip work on blobs; sleep blocks
// the script, and "The maximum allowed value is 300000 (or 5 minutes)"; getDataAsString() decodes
// "with UTF-8 encoding".
// Assumed:
// - UT1: the messages for an unknown digest algorithm, for data that is not gzip and for a sleep
//   over 5 minutes
// - UT2: a string given to computeDigest, base64Encode or newBlob without a charset is taken as UTF-8
// Not emulated: formatDate pattern letters beyond y M d H h m s S a, quoted text and Z (MMM and
// MMMM are the month's English name, as Java's SimpleDateFormat writes them in an English locale).
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { enumOf } from './enums';
import { gasError } from './errors';
import type { Runtime } from './runtime';

export type Byte = number;

/** Documented: the longest one Utilities.sleep may be. */
export const MAX_SLEEP_MS = 300_000;

// Byte arrays cross this boundary at every gzip, digest and blob: plain loops over typed arrays,
// since Array.from with a mapping function made them a quarter of a bulk run's time.
export function toSignedBytes(buffer: Uint8Array): Byte[] {
  const signed = new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  const bytes: Byte[] = new Array(signed.length);
  for (let i = 0; i < signed.length; i++) bytes[i] = signed[i]!;
  return bytes;
}

export function fromBytes(bytes: readonly Byte[]): Buffer {
  const unsigned = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i < bytes.length; i++) unsigned[i] = bytes[i]! & 0xff;
  return unsigned;
}

/** What Apps Script accepts where it wants a BlobSource: anything that can give a blob. */
export interface BlobSourceLike {
  getBlob(): FakeBlob;
}

/** The Blob methods this fake mirrors: mirror.ts checks their signatures. */
export type BlobMethods =
  | 'copyBlob'
  | 'getBlob'
  | 'getBytes'
  | 'getContentType'
  | 'getDataAsString'
  | 'getName'
  | 'isGoogleType'
  | 'setBytes'
  | 'setContentType'
  | 'setDataFromString'
  | 'setName';

export class FakeBlob {
  #data: Buffer;
  #contentType: string | null;
  #name: string | null;

  constructor(data: Buffer, contentType: string | null = null, name: string | null = null) {
    this.#data = Buffer.from(data);
    this.#contentType = contentType;
    this.#name = name;
  }

  getBytes(): Byte[] {
    return toSignedBytes(this.#data);
  }

  /** A blob's bytes unconverted, for gzip and ungzip: not through a signed array and back. */
  static dataOf(blob: { getBytes(): Byte[] }): Buffer {
    return #data in blob ? blob.#data : fromBytes(blob.getBytes());
  }

  getDataAsString(charset?: string): string {
    return this.#data.toString(nodeEncoding(charset));
  }

  getContentType(): string | null {
    return this.#contentType;
  }

  getName(): string | null {
    return this.#name;
  }

  isGoogleType(): boolean {
    return false;
  }

  getBlob(): FakeBlob {
    return this;
  }

  copyBlob(): FakeBlob {
    return new FakeBlob(this.#data, this.#contentType, this.#name);
  }

  setBytes(data: Byte[]): FakeBlob {
    this.#data = fromBytes(data);
    return this;
  }

  setDataFromString(text: string, charset?: string): FakeBlob {
    this.#data = Buffer.from(text, nodeEncoding(charset));
    return this;
  }

  setContentType(contentType: string | null): FakeBlob {
    this.#contentType = contentType;
    return this;
  }

  setName(name: string): FakeBlob {
    this.#name = name;
    return this;
  }
}

function nodeEncoding(charset: unknown): BufferEncoding {
  const name = String(charset ?? 'UTF-8')
    .toUpperCase()
    .replace('_', '-');
  if (name === 'UTF-8') return 'utf8';
  if (name === 'US-ASCII') return 'ascii';
  if (name === 'ISO-8859-1') return 'latin1';
  throw gasError(`Unsupported charset: ${String(charset)}`);
}

const DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

/** The Utilities methods this fake mirrors: mirror.ts checks their signatures. */
export type UtilitiesMethods =
  | 'base64Decode'
  | 'base64DecodeWebSafe'
  | 'base64Encode'
  | 'base64EncodeWebSafe'
  | 'computeDigest'
  | 'computeHmacSha256Signature'
  | 'formatDate'
  | 'getUuid'
  | 'gzip'
  | 'newBlob'
  | 'sleep'
  | 'ungzip';

export class FakeUtilities {
  readonly DigestAlgorithm = enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']);
  readonly Charset = enumOf(['US_ASCII', 'UTF_8']);
  readonly #runtime: Runtime;

  constructor(runtime: Runtime) {
    this.#runtime = runtime;
  }

  sleep(milliseconds: number): void {
    this.#runtime.enter('free', 'Utilities.sleep');
    const ms = Math.max(0, Number(milliseconds) || 0);
    if (ms > MAX_SLEEP_MS) throw gasError('Invalid argument: milliseconds'); // UT1
    this.#runtime.clock.block(ms, 'sleep');
  }

  /** `algorithm` is an enum: Apps Script passes DigestAlgorithm.SHA_256, which prints as its name. */
  computeDigest(algorithm: unknown, value: Byte[] | string, charset?: unknown): Byte[] {
    this.#runtime.enter('free', 'Utilities.computeDigest');
    const hash = DIGESTS[String(algorithm)];
    if (!hash) throw gasError(`Invalid argument: algorithm (${String(algorithm)} is not emulated)`);
    return toSignedBytes(createHash(hash).update(this.#input(value, charset)).digest());
  }

  computeHmacSha256Signature(value: Byte[] | string, key: Byte[] | string, charset?: unknown): Byte[] {
    this.#runtime.enter('free', 'Utilities.computeHmacSha256Signature');
    return toSignedBytes(
      createHmac('sha256', this.#input(key, charset)).update(this.#input(value, charset)).digest(),
    );
  }

  base64Encode(data: Byte[] | string, charset?: unknown): string {
    this.#runtime.enter('free', 'Utilities.base64Encode');
    return this.#input(data, charset).toString('base64');
  }

  base64EncodeWebSafe(data: Byte[] | string, charset?: unknown): string {
    this.#runtime.enter('free', 'Utilities.base64EncodeWebSafe');
    return this.#input(data, charset).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(encoded: string, _charset?: unknown): Byte[] {
    this.#runtime.enter('free', 'Utilities.base64Decode');
    return toSignedBytes(Buffer.from(String(encoded), 'base64'));
  }

  base64DecodeWebSafe(encoded: string, _charset?: unknown): Byte[] {
    this.#runtime.enter('free', 'Utilities.base64DecodeWebSafe');
    return toSignedBytes(Buffer.from(String(encoded).replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
  }

  newBlob(data: Byte[] | string, contentType?: string, name?: string): FakeBlob {
    this.#runtime.enter('free', 'Utilities.newBlob');
    return new FakeBlob(this.#input(data, undefined), contentType ?? null, name ?? null);
  }

  gzip(blob: BlobSourceLike, name?: string): FakeBlob {
    this.#runtime.enter('free', 'Utilities.gzip');
    const source = blob.getBlob();
    return new FakeBlob(gzipSync(FakeBlob.dataOf(source)), 'application/x-gzip', name ?? source.getName());
  }

  ungzip(blob: BlobSourceLike): FakeBlob {
    this.#runtime.enter('free', 'Utilities.ungzip');
    const source = blob.getBlob();
    try {
      return new FakeBlob(gunzipSync(FakeBlob.dataOf(source)), null, source.getName());
    } catch {
      throw gasError('Could not decompress gzip.');
    }
  }

  getUuid(): string {
    this.#runtime.enter('free', 'Utilities.getUuid');
    return randomUUID();
  }

  formatDate(date: { getTime(): number }, timeZone: string, format: string): string {
    this.#runtime.enter('free', 'Utilities.formatDate');
    return formatDate(date.getTime(), timeZone, format);
  }

  #input(data: Byte[] | string, charset: unknown): Buffer {
    return typeof data === 'string' ? Buffer.from(data, nodeEncoding(charset)) : fromBytes(data);
  }
}

/**
 * One formatter per time zone: building one cost ~40 µs, and the add-on formats the day at
 * nearly every call (a third of a concurrency test's emulator time). A zone Intl refuses throws
 * each time, as it is never kept.
 */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/** A SimpleDateFormat subset, in the given IANA time zone. */
export function formatDate(epochMs: number, timeZone: string, pattern: string): string {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const hour = Number(parts.hour);
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '').replace(':', '') || '+0000';
  const fields: Record<string, (count: number) => string> = {
    y: (n) => (n === 2 ? String(parts.year).slice(-2) : String(parts.year)),
    M: (n) => monthText(Number(parts.month), n),
    d: (n) => pad(Number(parts.day), n),
    H: (n) => pad(hour, n),
    h: (n) => pad(hour % 12 === 0 ? 12 : hour % 12, n),
    m: (n) => pad(Number(parts.minute), n),
    s: (n) => pad(Number(parts.second), n),
    S: (n) => pad(((epochMs % 1000) + 1000) % 1000, n),
    a: () => (hour < 12 ? 'AM' : 'PM'),
    Z: () => offset,
  };
  return renderPattern(pattern, fields);
}

/** Writes `pattern` with each run of a letter replaced by its field, and 'quoted' text as is. */
function renderPattern(pattern: string, fields: Record<string, (count: number) => string>): string {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const ch = pattern.charAt(i);
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    let run = 1;
    while (pattern.charAt(i + run) === ch) run++;
    out += fieldText(fields, ch, run);
    i += run;
  }
  return out;
}

/** A run of one letter as its field says, or other characters as they are. */
function fieldText(fields: Record<string, (count: number) => string>, ch: string, run: number): string {
  const field = fields[ch];
  if (field) return field(run);
  if (/[A-Za-z]/.test(ch)) throw new Error(`Emulator: formatDate pattern letter '${ch}' is not emulated`);
  return ch.repeat(run);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** SimpleDateFormat's month: a number for M and MM, "Jan" for MMM, "January" for MMMM or more. */
function monthText(month: number, count: number): string {
  if (count < 3) return pad(month, count);
  const name = MONTHS[month - 1] ?? '';
  return count === 3 ? name.slice(0, 3) : name;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
