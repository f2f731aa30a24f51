// JSON text read and written. Read: what our stores hold may be anything a user or another version
// left there, so reading it never throws. Written: an API answer without recursion. V8's
// JSON.stringify recurses on depth and throws "Maximum call stack size exceeded" on an answer
// nested a few thousand levels deep; an answer is paid for before it is written down, so writing it
// down must not be what fails.

/** What a JSON text holds; undefined for no text or text that is not JSON, never a throw. */
export function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An object of JSON: not a list, not null. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The object a JSON text holds (a list is none); null for anything else. Whole in one function: a
 * formula's hit reads its settings through it, and every function entered costs it time.
 */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A list or object still open: its items (a list's with no name), the next to write, its close. */
interface Open {
  readonly entries: readonly (readonly [string | null, unknown])[];
  next: number;
  readonly close: string;
}

/** What JSON.stringify writes for parsed JSON (plain objects, arrays, scalars), at any depth. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: Open[] = [];
  // Writes a scalar whole, or a list's or object's opening and keeps it open.
  const open = (item: unknown) => {
    if (typeof item !== 'object' || item === null) return void out.push(scalarText(item));
    const list = Array.isArray(item);
    out.push(list ? '[' : '{');
    const entries = list
      ? item.map((each): [null, unknown] => [null, isWritten(each) ? each : null])
      : Object.entries(item).filter(([, field]) => isWritten(field));
    stack.push({ entries, next: 0, close: list ? ']' : '}' });
  };
  open(value);
  for (let top = stack[stack.length - 1]; top; top = stack[stack.length - 1]) {
    if (top.next >= top.entries.length) {
      out.push(top.close);
      stack.pop();
      continue;
    }
    if (top.next > 0) out.push(',');
    const [name, item] = top.entries[top.next++]!;
    if (name !== null) out.push(JSON.stringify(name), ':');
    open(item);
  }
  return out.join('');
}

/** JSON leaves out undefined, functions and symbols in objects (and writes null for them in lists). */
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function scalarText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  return 'null';
}
