// Writes a small add-on bundle of a test's own into a temporary folder, shaped like dist/: Code.js
// (an IIFE global followed by top-level wrappers) and optional HTML files.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const written: string[] = [];

export function writeBundle(code: string, htmlFiles: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-bundle-'));
  written.push(dir);
  writeFileSync(join(dir, 'Code.js'), code);
  for (const [name, html] of Object.entries(htmlFiles)) writeFileSync(join(dir, `${name}.html`), html);
  return dir;
}

/** Deletes every bundle folder written so far (call from afterAll). */
export function removeBundles(): void {
  for (const dir of written.splice(0)) rmSync(dir, { recursive: true, force: true });
}
