// Reads the text of one of our formulas back into its function and arguments, so that a driver
// with its 6 minutes can look up what the formula could not in its 30 s: `=COMPANY_WEBSITE(A2:A501)`,
// `=EMAIL_FROM_NAME(A2, "Acme")`, `=PRONET_PROFILE('Leads 2'!B2, "headline")`. Anything else (a
// nested call, an operator) is not read: the formula is then only re-entered, and finishes what
// it can in its own time.
import { isOurFormula } from './our-formulas';

export type FormulaArgument =
  | { kind: 'ref'; sheet: string | null; a1: string }
  | { kind: 'literal'; value: string | number | boolean };

/** An argument as Sheets passes it: a cell's value, or a range's rows (SheetGrids.argument). */
export type ReadArgument = (sheet: string, a1: string) => unknown;

export interface FormulaCall {
  functionName: string;
  args: FormulaArgument[];
}

const CALL = /^=\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$/s;
const STRING = /^"((?:[^"]|"")*)"$/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const REF =
  /^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!)?(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)$/;

/** Splits on the commas outside quotes. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ',') {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current.trim());
  return parts.length === 1 && parts[0] === '' ? [] : parts;
}

/** An argument as written: a text, a number, TRUE or FALSE, or a reference; '' when left out. */
function readArgument(text: string): FormulaArgument | null {
  if (text === '') return { kind: 'literal', value: '' };
  const string = STRING.exec(text);
  if (string) return { kind: 'literal', value: string[1]!.replace(/""/g, '"') };
  if (NUMBER.test(text)) return { kind: 'literal', value: Number(text) };
  if (/^(true|false)$/i.test(text)) return { kind: 'literal', value: text.toUpperCase() === 'TRUE' };
  const ref = REF.exec(text);
  if (!ref) return null;
  const sheet = ref[1] !== undefined ? ref[1].replace(/''/g, "'") : (ref[2] ?? null);
  return { kind: 'ref', sheet, a1: ref[3]!.replace(/\$/g, '').toUpperCase() };
}

/** The call a formula of ours makes, or null when its text is more than one plain call. */
export function readFormulaCall(formula: string): FormulaCall | null {
  if (!isOurFormula(formula)) return null;
  const match = CALL.exec(formula);
  if (!match) return null;
  const args = splitArguments(match[2]!).map(readArgument);
  return args.every((arg) => arg !== null) ? { functionName: match[1]!.toUpperCase(), args } : null;
}

/** The call's arguments as Sheets passes them to the function, its references read from `sheet`. */
export function callArguments(call: FormulaCall, sheet: string, argument: ReadArgument): unknown[] {
  return call.args.map((arg) => (arg.kind === 'literal' ? arg.value : argument(arg.sheet ?? sheet, arg.a1)));
}
