// How the platform counts a property's size: in UTF-8 bytes, whatever JavaScript's UTF-16 length.

const NOT_ASCII = /[\u0080-\uffff]/;

/** Bytes the text takes as UTF-8, as the platform counts property sizes. */
export function utf8Bytes(text: string): number {
  // Nearly every stored text is ASCII: counted by the regular expression engine up to the first
  // character that is not, one byte each.
  const ascii = text.search(NOT_ASCII);
  if (ascii < 0) return text.length;
  let bytes = ascii;
  for (let i = ascii; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    bytes += codePointBytes(codePoint);
    i += codePoint > 0xffff ? 2 : 1;
  }
  return bytes;
}

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const size = codePointBytes(codePoint);
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  pieces.push(text.slice(start));
  return pieces;
}

// A lone surrogate is written as U+FFFD, three bytes, which is what 0xd800..0xdfff falls into here.
function codePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}
