// Runs the built probe project in the emulator the way a person runs it in Google: the steps of
// tools/probes/project/steps.ts, in order, against a stand-in for the addresses the UrlFetch
// probes reach. Answers the report the last step returns.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type LoadedBundle,
} from '../../tools/emulator/emulator';
import { buildProbes } from '../../tools/probes/build';
import type { ProbeReport } from '../../tools/probes/probe';
import { STEPS, type Step } from '../../tools/probes/project/steps';
import { URLS } from '../../tools/probes/project/urls';

const ROOT = join(__dirname, '../..');
type Request = Parameters<EmulatorOptions['fetchHandler']>[0];

/** The outside world of the UrlFetch probes: Google's pages, httpbin's delay, and a name that never resolves. */
function network(request: Request) {
  if (request.url === URLS.ok || request.url.startsWith(`${URLS.ok}?`))
    return { status: 200, body: 'User-agent: *\nDisallow: /search\n' };
  if (request.url === URLS.missing)
    return {
      status: 404,
      body: `<!DOCTYPE html><html><head><title>Error 404 (Not Found)</title></head><body>${'x'.repeat(400)}</body></html>`,
    };
  if (request.url === URLS.slow) return { status: 200, body: '{"delayed": 1}' };
  throw new Error(`network failure: ${request.url}`);
}

/** Every request takes its round trip; httpbin's delay holds a request for a second. */
const latencyMs = (request: Request) => (request.url === URLS.slow ? 1_000 : 100);

/**
 * The same spreadsheet opened by a second person, an editor: their formulas read the owner's user
 * properties (P6, as the emulator has it).
 */
function asEditor(emu: Emulator, bundle: LoadedBundle): { emu: Emulator; bundle: LoadedBundle } {
  const editor = createEmulator({
    fetchHandler: network,
    latencyMs,
    sharedWith: emu,
    sameSpreadsheet: true,
    userEmail: 'editor@example.com',
    ownerEmail: 'owner@example.com',
  });
  return { emu: editor, bundle: editor.loadBundle(bundle.distDir) };
}

function follow(emu: Emulator, bundle: LoadedBundle, step: Step): unknown {
  switch (step.kind) {
    case 'typeAsEditor': {
      const editor = asEditor(emu, bundle);
      return editor.emu.edit(editor.bundle, step.sheet, step.cell, step.text);
    }
    case 'open':
      return emu.open(bundle);
    case 'menu':
      return emu.runMenuItem(bundle, step.caption);
    case 'type':
      return emu.edit(bundle, step.sheet, step.cell, step.text);
    case 'insertRow':
      return emu.user.insertRows(bundle, step.sheet, step.above - 1, 1);
    case 'wait':
      return emu.runTriggersUntil(bundle, emu.clock.now() + step.minutes * 60_000);
  }
}

export interface EmulatedRun {
  readonly report: ProbeReport;
  readonly emu: Emulator;
  readonly functions: readonly string[];
}

export async function runProbesInEmulator(): Promise<EmulatedRun> {
  const outDir = mkdtempSync(join(tmpdir(), 'probes-'));
  try {
    const built = await buildProbes({ root: ROOT, outDir });
    const emu = createEmulator({ fetchHandler: network, latencyMs, spreadsheetName: 'Probes scratch' });
    const bundle = emu.loadBundle(outDir);
    let last: unknown = null;
    for (const step of STEPS) last = follow(emu, bundle, step);
    return { report: JSON.parse(String(last)) as ProbeReport, emu, functions: built.functions };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
