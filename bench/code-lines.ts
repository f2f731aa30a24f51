// `npm run code-lines`: the lines of code in src/ the issue tracker holds against its ceiling: in
// every .ts, .html and .css file, the lines that hold something other than blanks and comments. A
// line that is only `//`, `/* … */`, `<!-- … -->` or part of a block comment does not count.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const COUNTED = new Set(['.ts', '.html', '.css']);

/** After one of these (or nothing), a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(['', ...'(,=:[!&|?{};+-*%<>~^']);

interface Scan {
  text: string;
  at: number;
  /** The lines (0-based) on which a character of code stands. */
  coded: Set<number>;
  line: number;
  /** The last character of code, to tell a regular expression from a division. */
  last: string;
}

function code(scan: Scan, char: string): void {
  scan.coded.add(scan.line);
  if (char.trim() !== '') scan.last = char;
}

/** Moves one character on, counting the line breaks. */
function step(scan: Scan): string {
  const char = scan.text[scan.at++]!;
  if (char === '\n') scan.line++;
  return char;
}

function skipUntil(scan: Scan, end: string, asCode: boolean): void {
  while (scan.at < scan.text.length && !scan.text.startsWith(end, scan.at)) {
    const char = step(scan);
    if (asCode && char !== '\n') code(scan, char);
  }
  for (let i = 0; i < end.length && scan.at < scan.text.length; i++) {
    const char = step(scan);
    if (asCode) code(scan, char);
  }
}

/** A quoted string: code up to its closing mark, escapes skipped. */
function quoted(scan: Scan, close: string): void {
  while (scan.at < scan.text.length) {
    const char = step(scan);
    if (char !== '\n') code(scan, char);
    if (char === '\\') {
      if (scan.text[scan.at] !== '\n') code(scan, step(scan));
      else step(scan);
    } else if (char === close || char === '\n') return;
  }
}

/** A regular expression: code up to its closing `/`, which a character class may hold. */
function regex(scan: Scan): void {
  let inClass = false;
  while (scan.at < scan.text.length && scan.text[scan.at] !== '\n') {
    const char = step(scan);
    code(scan, char);
    if (char === '\\') code(scan, step(scan));
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return;
  }
}

/** A template literal, its `${…}` parts scanned as code. */
function template(scan: Scan): void {
  while (scan.at < scan.text.length) {
    const char = step(scan);
    if (char !== '\n') code(scan, char);
    if (char === '\\') code(scan, step(scan));
    else if (char === '`') return;
    else if (char === '$' && scan.text[scan.at] === '{') {
      code(scan, step(scan));
      scanCode(scan, true);
    }
  }
}

/** One character of code and what it opens: a string, a template, a regular expression. */
function codeChar(scan: Scan): string {
  const before = scan.last;
  const char = step(scan);
  if (char.trim() === '') return char;
  code(scan, char);
  if (char === "'" || char === '"') quoted(scan, char);
  else if (char === '`') template(scan);
  else if (char === '/' && BEFORE_REGEX.has(before)) regex(scan);
  return char;
}

/** Scans script (or CSS) text; inside a template's `${…}`, up to its closing brace. */
function scanCode(scan: Scan, untilBrace = false): void {
  let depth = 0;
  while (scan.at < scan.text.length) {
    if (scan.text.startsWith('//', scan.at)) skipUntil(scan, '\n', false);
    else if (scan.text.startsWith('/*', scan.at)) skipUntil(scan, '*/', false);
    else {
      const char = codeChar(scan);
      if (char === '{') depth++;
      else if (char === '}' && untilBrace && depth-- === 0) return;
    }
  }
}

/** The lines of one file's text that hold code. */
export function codeLinesOf(text: string, extension: string): number {
  const scan: Scan = { text, at: 0, coded: new Set(), line: 0, last: '' };
  if (extension === '.html') {
    while (scan.at < text.length) {
      if (text.startsWith('<!--', scan.at)) skipUntil(scan, '-->', false);
      else {
        const char = step(scan);
        if (char.trim() !== '') code(scan, char);
      }
    }
  } else scanCode(scan);
  return scan.coded.size;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return COUNTED.has(extname(entry.name)) ? [path] : [];
  });
}

/** The code lines of every .ts, .html and .css file below `dir` (src/ by default). */
export function countCodeLines(dir: string): number {
  return files(dir).reduce((sum, path) => sum + codeLinesOf(readFileSync(path, 'utf8'), extname(path)), 0);
}

// Run by scripts/run-ts.mjs, which names this file; imported by the bench, which does not print.
if (process.argv[2] === 'bench/code-lines.ts') {
  console.log(`src/ code lines (non-blank, non-comment): ${countCodeLines(join(process.cwd(), 'src'))}`);
}
