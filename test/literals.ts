// The string and template literals of a TypeScript source, with their lines, for tests that look
// for texts written outside their home (test/unit/text/catalogue-home.test.ts). TypeScript 7 has no
// JavaScript compiler API, so this is a small scanner: it skips comments and regular expressions,
// and reads a template literal's texts between its `${…}`, and the code inside them.

export interface Literal {
  line: number;
  /** A string's text, escapes kept as written; a template's text up to its first `${`. */
  text: string;
  /** A template's texts after each of its `${…}`. */
  after: string[];
}

/** A `/` after one of these (or at the start) begins a regular expression, not a division. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^', '']);
const KEYWORDS_BEFORE_REGEX = /\b(return|typeof|case|of|in)$/;

class Scanner {
  readonly found: Literal[] = [];
  private i = 0;
  private line = 1;

  constructor(private readonly src: string) {}

  /** Reads code until the end, or until the `}` that closes a template's hole (`inHole`). */
  code(inHole: boolean): void {
    let depth = 0;
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === '}' && inHole && depth === 0) return;
      if (c === '{') depth++;
      if (c === '}') depth--;
      if (c === '\n') this.line++;
      if (c === "'" || c === '"') this.string(c);
      else if (c === '`') this.template();
      else if (c === '/' && this.src[this.i + 1] === '/') this.skipTo('\n');
      else if (c === '/' && this.src[this.i + 1] === '*') this.skipTo('*/');
      else if (c === '/' && this.regexAhead()) this.regex();
      else this.i++;
    }
  }

  private skipTo(end: string): void {
    const at = this.src.indexOf(end, this.i + 2);
    const stop = at === -1 ? this.src.length : at + (end === '\n' ? 0 : end.length);
    this.line += (this.src.slice(this.i, stop).match(/\n/g) ?? []).length;
    this.i = stop;
  }

  private regexAhead(): boolean {
    const before = this.src.slice(0, this.i).trimEnd();
    return BEFORE_REGEX.has(before.slice(-1)) || KEYWORDS_BEFORE_REGEX.test(before);
  }

  private regex(): void {
    let inClass = false;
    for (this.i++; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '\\') this.i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
    }
    this.i++;
  }

  private string(quote: string): void {
    const line = this.line;
    let text = '';
    for (this.i++; this.i < this.src.length && this.src[this.i] !== quote; this.i++) {
      if (this.src[this.i] === '\\') text += this.src[this.i++];
      text += this.src[this.i];
    }
    this.i++;
    this.found.push({ line, text, after: [] });
  }

  private template(): void {
    const line = this.line;
    const parts = [''];
    for (this.i++; this.i < this.src.length && this.src[this.i] !== '`'; ) {
      const c = this.src[this.i]!;
      if (c === '\\') {
        parts[parts.length - 1] += c + this.src[this.i + 1];
        this.i += 2;
      } else if (c === '$' && this.src[this.i + 1] === '{') {
        this.i += 2;
        this.code(true);
        this.i++;
        parts.push('');
      } else {
        if (c === '\n') this.line++;
        parts[parts.length - 1] += c;
        this.i++;
      }
    }
    this.i++;
    this.found.push({ line, text: parts[0]!, after: parts.slice(1) });
  }
}

export function literalsOf(source: string): Literal[] {
  const scanner = new Scanner(source);
  scanner.code(false);
  return scanner.found;
}
