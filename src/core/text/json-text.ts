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

type Frame =
  | { items: readonly unknown[]; next: number }
  | { entries: readonly [string, unknown][]; next: number };

/** What JSON.stringify writes for parsed JSON (plain objects, arrays, scalars), at any depth. */
export function toJsonText(value: unknown): string {
  const writer = new JsonWriter();
  writer.open(value);
  while (writer.writeNext());
  return writer.text();
}

/** The text written so far, and the lists and objects still open, innermost last. */
class JsonWriter {
  private readonly out: string[] = [];
  private readonly stack: Frame[] = [];

  /** Writes a scalar whole, or a list's or object's opening and keeps it open. */
  open(item: unknown): void {
    if (Array.isArray(item)) {
      this.out.push('[');
      this.stack.push({ items: item, next: 0 });
    } else if (typeof item === 'object' && item !== null) {
      this.out.push('{');
      const entries = Object.entries(item).filter(([, field]) => isWritten(field));
      this.stack.push({ entries, next: 0 });
    } else this.out.push(scalarText(item));
  }

  /** Writes the innermost open value's next item or field, or closes it; false when none is open. */
  writeNext(): boolean {
    const top = this.stack[this.stack.length - 1];
    if (!top) return false;
    const list = 'items' in top ? top.items : top.entries;
    if (top.next >= list.length) {
      this.out.push('items' in top ? ']' : '}');
      this.stack.pop();
      return true;
    }
    if (top.next > 0) this.out.push(',');
    if ('items' in top) {
      const item = top.items[top.next++];
      this.open(isWritten(item) ? item : null);
    } else {
      const [name, field] = top.entries[top.next++]!;
      this.out.push(JSON.stringify(name), ':');
      this.open(field);
    }
    return true;
  }

  text(): string {
    return this.out.join('');
  }
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
