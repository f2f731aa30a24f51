// A fetch Google refuses before sending (a scope the manifest lacks, a URL outside its allowlist, a
// grant that lapsed) left nothing: the user is told to authorize the add-on again and how, nothing
// is booked as possibly charged twice, nothing is spent, and the key test says it failed.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { gasError } from '../../tools/emulator/errors';
import { createWorld, DIST, enterFormula, spent, type World } from '../bundle/harness';
import { assertDistIsFresh } from '../dist-freshness';

const REAUTHORIZE =
  'Not sent, no credits spent: Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar, then Continue and Allow.';
const SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
  'https://www.googleapis.com/auth/script.external_request',
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/script.scriptapp',
];

const sidebar = <T>(world: World, name: string, ...args: unknown[]) =>
  world.emu.runExecution(world.bundle, name, args, { context: 'sidebar' }) as T;

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** The built add-on with another manifest, as a release with a wrong one would ship. */
function worldWithManifest(change: (manifest: Record<string, unknown>) => void): World {
  assertDistIsFresh(DIST);
  const dir = mkdtempSync(join(tmpdir(), 'refused-'));
  copies.push(dir);
  cpSync(DIST, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'appsscript.json'), 'utf8'));
  change(manifest);
  writeFileSync(join(dir, 'appsscript.json'), JSON.stringify(manifest));
  return createWorld({ distDir: dir });
}

/** The ways Google refuses a fetch before anything leaves. */
const REFUSALS: [string, () => World][] = [
  [
    'a manifest without the external_request scope',
    () =>
      worldWithManifest((manifest) => {
        manifest.oauthScopes = SCOPES.filter((scope) => !scope.endsWith('script.external_request'));
      }),
  ],
  [
    'an allowlist without the API',
    () =>
      worldWithManifest((manifest) => {
        manifest.urlFetchWhitelist = ['https://api.other.example/'];
      }),
  ],
  [
    'a lapsed authorization',
    () => {
      const world = createWorld();
      // What an add-on meets after an update asks for a scope the user has not granted yet
      // (ScriptApp.AuthorizationStatus.REQUIRED): the call that needs it throws.
      const refuse = () => {
        throw gasError('Authorization is required to perform that action.');
      };
      Object.assign(world.emu.globals, { UrlFetchApp: { fetch: refuse, fetchAll: refuse } });
      return world;
    },
  ],
];

function expectNothingSpentOrDoubted(world: World): void {
  expect(world.emu.fetchLog).toHaveLength(0);
  expect(world.api.callsFor(world.key)).toHaveLength(0);
  expect(spent(world)).toBe(0);
  expect(sidebar(world, 'getLedger')).toMatchObject({
    today: 0,
    possiblyChargedTwice: { lookups: 0, credits: 0 },
  });
}

describe.each(REFUSALS)('a fetch refused by %s', (_, refusingWorld) => {
  it('reads as "authorize again" in a formula, sends nothing, books nothing as charged twice', () => {
    const world = refusingWorld();
    world.emu.spreadsheet.getRange('A1').setValue('Acme Corporation');
    expect(enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)').error).toEqual({
      code: '#ERROR!',
      message: `Error: ${REAUTHORIZE}`,
    });
    expectNothingSpentOrDoubted(world);
  });

  it('stops a bulk run with the same words, and writes no row', () => {
    const world = refusingWorld();
    world.emu.spreadsheet
      .getRange('A1:A4')
      .setValues([['Company'], ['Acme Corporation'], ['Umbrella Corp'], ['Initech']]);
    const config: BulkRunConfig = {
      sheetName: 'Sheet1',
      headerRow: 1,
      type: 'company_name_to_website',
      columns: { input: 1 },
      output: { mode: 'primary' },
    };
    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview.estimatedCredits).toBe(3);
    let progress = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    for (let call = 0; progress.state === 'running' && call < 10; call++) {
      if (progress.nextCallInMs) world.clock.advance(progress.nextCallInMs);
      progress = sidebar<BulkProgress>(world, 'continueBulkRun', progress.runId);
    }
    expect(progress.state).toBe('stopped');
    expect(progress.message).toBe(
      `${REAUTHORIZE} The run stopped at row 2; nothing from there on was sent. Resume once this is fixed.`,
    );
    expect(world.emu.values('Sheet1', 'B2:C4')).toEqual([
      ['', ''],
      ['', ''],
      ['', ''],
    ]);
    expectNothingSpentOrDoubted(world);
  });

  it('fails the key test, which says why', () => {
    const world = refusingWorld();
    expect(sidebar(world, 'testApiKey')).toEqual({ ok: false, message: REAUTHORIZE, creditsSpent: 0 });
    expectNothingSpentOrDoubted(world);
  });
});
