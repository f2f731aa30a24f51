// Looks for the API key in everything the add-on has shown, in any form: written out, in another
// letter case, percent- or \u-escaped, with invisible characters in it, base64-encoded at any
// alignment, or any 8 of its characters in a row. Written apart from the add-on's own redaction,
// with Node's decoders, so that it checks the add-on instead of repeating it.
import { Buffer } from 'node:buffer';
import { createWorld, type World } from './harness';

/** Every text a user can see: each sheet's cells (values, formulas, notes, errors), logs, the UI. */
export function everythingShown(world: World, sidebarAnswers: readonly unknown[] = []): string {
  const texts: string[] = [];
  for (const sheet of world.emu.document.sheets) {
    texts.push(sheet.name);
    for (let row = 1; row <= sheet.lastRow(); row++) {
      for (let column = 1; column <= sheet.lastColumn(); column++) {
        const { value, formula, note, error } = sheet.cell(row, column);
        texts.push(String(value), formula, note, error?.message ?? '');
      }
    }
  }
  texts.push(world.emu.logs.text(), JSON.stringify(world.emu.ui.shown), JSON.stringify(world.emu.ui.dialogs));
  texts.push(...sidebarAnswers.map((answer) => JSON.stringify(answer)));
  return texts.filter((text) => text !== '').join('\n');
}

/** The pieces of the key (8 characters in a row, letter case aside) found in `text`, in any form. */
export function keyTraces(text: string, key: string): string[] {
  const pieces = new Set<string>();
  const secret = key.toLowerCase();
  for (const reading of readings(text)) {
    const lower = reading.toLowerCase();
    for (let i = 0; i + 8 <= secret.length; i++) {
      const piece = secret.slice(i, i + 8);
      if (lower.includes(piece)) pieces.add(piece);
    }
  }
  return [...pieces];
}

const fromCode = (radix: number) => (_: string, code: string) =>
  String.fromCharCode(Number.parseInt(code, radix));

/**
 * The text as written, as it prints once decoded (URL escapes twice over, JSON, JavaScript and
 * HTML escapes), without its spaces and dashes, reversed, and every base64 or hex run in it
 * decoded.
 */
function readings(text: string): string[] {
  const decoded = text
    .replace(/%25([0-7][0-9a-f])/gi, fromCode(16))
    .replace(/%([0-7][0-9a-f])/gi, fromCode(16))
    .replace(/\\u([0-9a-f]{4})/gi, fromCode(16))
    .replace(/\\x([0-9a-f]{2})/gi, fromCode(16))
    .replace(/&#x([0-9a-f]{1,6});/gi, fromCode(16))
    .replace(/&#([0-9]{1,7});/g, fromCode(10))
    .replace(/\p{Cf}/gu, '');
  const joined = decoded.replace(/[\s-]/g, '');
  const sources = [text, decoded, joined, [...decoded].reverse().join('')];
  const found = [...sources];
  for (const source of sources) {
    for (const [run] of source.matchAll(/[A-Za-z0-9+/_-]{11,}/g)) {
      const standard = run.replace(/-/g, '+').replace(/_/g, '/');
      // The run may start anywhere in a group of four: try each start.
      for (let skip = 0; skip < 4; skip++)
        found.push(Buffer.from(standard.slice(skip), 'base64').toString('latin1'));
    }
    for (const [run] of source.matchAll(/[0-9a-f]{16,}/gi))
      for (let skip = 0; skip < 2; skip++) found.push(Buffer.from(run.slice(skip), 'hex').toString('latin1'));
  }
  return found;
}

/** A world whose saved key is `key`, on an account with `credits`. */
export function worldWithKey(key: string, credits: number, options: Parameters<typeof createWorld>[0] = {}) {
  const world = createWorld({ ...options, saveKey: false });
  world.api.createAccount({ key, credits });
  world.emu.runExecution(world.bundle, 'setApiKey', [key, 'user'], { context: 'sidebar' });
  return { ...world, key };
}
