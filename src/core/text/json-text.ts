// JSON text of an API answer without recursion. V8's JSON.stringify recurses on depth and throws
// "Maximum call stack size exceeded" on an answer nested a few thousand levels deep; an answer is
// paid for before it is written down, so writing it down must not be what fails.

type Frame =
  | { items: readonly unknown[]; next: number }
  | { entries: readonly [string, unknown][]; next: number };

/** What JSON.stringify writes for parsed JSON (plain objects, arrays, scalars), at any depth. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (item: unknown): void => {
    if (Array.isArray(item)) {
      out.push('[');
      stack.push({ items: item, next: 0 });
    } else if (typeof item === 'object' && item !== null) {
      out.push('{');
      const entries = Object.entries(item).filter(([, field]) => isWritten(field));
      stack.push({ entries, next: 0 });
    } else out.push(scalarText(item));
  };
  open(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const list = 'items' in top ? top.items : top.entries;
    if (top.next >= list.length) {
      out.push('items' in top ? ']' : '}');
      stack.pop();
      continue;
    }
    if (top.next > 0) out.push(',');
    if ('items' in top) {
      const item = top.items[top.next++];
      open(isWritten(item) ? item : null);
    } else {
      const [name, field] = top.entries[top.next++]!;
      out.push(JSON.stringify(name), ':');
      open(field);
    }
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
