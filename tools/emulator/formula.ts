// The formulas the emulator understands: one function call with literal and reference arguments
// (=PRONET_EMAIL(A2), =COMPANY_WEBSITE(A2:A20, "x", 3, TRUE), =FN('Other sheet'!B2)), any of them
// possibly empty (=FN(A2, , 3)), or a single literal or reference (=A2, ="x", =3). Anything else is
// Sheets' "Formula parse error." Built-in Sheets functions are not emulated: a name that is not one
// of the bundle's functions is #NAME? (assumption X4 of docs/platform-assumptions.md).

import { parseA1, splitSheetName } from './a1';

export type Literal = string | number | boolean;

export type FormulaArg =
  | { readonly kind: 'literal'; readonly value: Literal }
  | { readonly kind: 'ref'; readonly sheetName: string | null; readonly a1: string };

export type ParsedFormula =
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly FormulaArg[] }
  | { readonly kind: 'value'; readonly arg: FormulaArg }
  | { readonly kind: 'invalid' };

type Token =
  | { readonly t: 'string'; readonly v: string }
  | { readonly t: 'number'; readonly v: number }
  | { readonly t: 'word'; readonly v: string }
  | { readonly t: 'punct'; readonly v: '(' | ')' | ',' };

const WORD =
  /^(?:'(?:[^']|'')+'!|[A-Za-z_][A-Za-z0-9_.]*!)?\$?[A-Za-z_][A-Za-z0-9_.$]*(?::\$?[A-Za-z]*\$?\d*)?/;

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const read = readToken(text.slice(i), ch);
    if (!read) return null;
    tokens.push(read.token);
    i += read.length;
  }
  return tokens;
}

/** The token `rest` starts with, and how many characters it takes; null when none fits. */
function readToken(rest: string, ch: string): { token: Token; length: number } | null {
  if (ch === '(' || ch === ')' || ch === ',') return { token: { t: 'punct', v: ch }, length: 1 };
  if (ch === '"') {
    const match = /^"((?:[^"]|"")*)"/.exec(rest);
    return match
      ? { token: { t: 'string', v: match[1]!.replace(/""/g, '"') }, length: match[0].length }
      : null;
  }
  if (/[-+\d.]/.test(ch)) {
    const match = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(rest);
    return match ? { token: { t: 'number', v: Number(match[0]) }, length: match[0].length } : null;
  }
  // Digits-first row ranges (=FN(2:5)) are not emulated.
  const match = WORD.exec(rest);
  return match ? { token: { t: 'word', v: match[0] }, length: match[0].length } : null;
}

const COMMA: Token = { t: 'punct', v: ',' };
const EMPTY_ARG: FormulaArg = { kind: 'literal', value: '' };

function argOf(token: Token | undefined): FormulaArg | null {
  if (!token || token.t === 'punct') return null;
  if (token.t === 'string' || token.t === 'number') return { kind: 'literal', value: token.v };
  const upper = token.v.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'literal', value: upper === 'TRUE' };
  const { sheetName, a1 } = splitSheetName(token.v);
  // Validate the shape against a generous grid; the real size is checked when the formula runs.
  if (!parseA1(a1, 1_000_000, 18_278)) return null;
  return { kind: 'ref', sheetName, a1 };
}

/**
 * The arguments of `NAME( ... )`, comma-separated; null when the call is malformed. An empty
 * argument (`=FN(A1, , 10)`, `=FN(A1,)`) is accepted, as Sheets accepts it, and arrives as an empty
 * string, as an empty cell does (assumption X11).
 */
function callArgs(tokens: readonly Token[]): FormulaArg[] | null {
  const last = tokens[tokens.length - 1];
  if (last?.t !== 'punct' || last.v !== ')') return null;
  const inner = tokens.slice(2, -1);
  if (inner.length === 0) return [];
  const args: FormulaArg[] = [];
  let pending: Token[] = [];
  for (const token of [...inner, COMMA]) {
    if (token.t !== 'punct' || token.v !== ',') {
      pending.push(token);
      continue;
    }
    const arg = pending.length === 0 ? EMPTY_ARG : pending.length === 1 ? argOf(pending[0]) : null;
    if (!arg) return null;
    args.push(arg);
    pending = [];
  }
  return args;
}

/**
 * Parsed formulas by their text: recalculation asks again for every formula at every edit, and a
 * sheet of thousands made that the tests' and the bench's largest cost. The results are read-only.
 */
const PARSED = new Map<string, ParsedFormula>();
const PARSED_KEPT = 20_000;

/** Parses formula text that starts with '='. */
export function parseFormula(formula: string): ParsedFormula {
  let parsed = PARSED.get(formula);
  if (!parsed) {
    if (PARSED.size >= PARSED_KEPT) PARSED.clear();
    parsed = parseFormulaText(formula);
    PARSED.set(formula, parsed);
  }
  return parsed;
}

function parseFormulaText(formula: string): ParsedFormula {
  const invalid = { kind: 'invalid' } as const;
  if (!formula.startsWith('=')) return invalid;
  const tokens = tokenize(formula.slice(1));
  if (!tokens || tokens.length === 0) return invalid;
  const [first, second] = tokens;
  if (first?.t === 'word' && second?.t === 'punct' && second.v === '(') {
    const args = callArgs(tokens);
    return args ? { kind: 'call', name: first.v, args } : invalid;
  }
  if (tokens.length !== 1) return invalid;
  const arg = argOf(first);
  return arg ? { kind: 'value', arg } : invalid;
}
