// The manifest beside Code.js is enforced as Apps Script does: a method needs one of its scopes
// among oauthScopes, and UrlFetch reaches only the URL allowlist's prefixes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

const CODE = `
function openOther(id) { return SpreadsheetApp.openById(id).getName(); }
function readActive() { return SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').getValues()[0][0]; }
function fetchFrom(url) { return UrlFetchApp.fetch(url, { muteHttpExceptions: true }).getResponseCode(); }
`;

afterAll(removeBundles);

function setUp(manifest?: object) {
  const emu = createEmulator({ fetchHandler: () => ({ status: 200, headers: {}, body: '{}' }) });
  const dir = writeBundle(CODE);
  if (manifest) writeFileSync(join(dir, 'appsscript.json'), JSON.stringify(manifest));
  const bundle = emu.loadBundle(dir);
  const run = (name: string, ...args: unknown[]) =>
    emu.runExecution(bundle, name, args, { context: 'sidebar' });
  return { emu, run };
}

const CURRENT_ONLY = {
  oauthScopes: [
    'https://www.googleapis.com/auth/spreadsheets.currentonly',
    'https://www.googleapis.com/auth/script.external_request',
  ],
  urlFetchWhitelist: ['https://api.enrichment.example/'],
};

describe('the manifest', () => {
  it("refuses openById under spreadsheets.currentonly, with Apps Script's message", () => {
    const { emu, run } = setUp(CURRENT_ONLY);
    expect(() => run('openOther', emu.document.id)).toThrow(
      'Specified permissions are not sufficient to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    );
    // The document the script runs in is what currentonly is for.
    expect(() => run('readActive')).not.toThrow();
  });

  it('refuses a URL outside urlFetchWhitelist before sending it', () => {
    const { emu, run } = setUp(CURRENT_ONLY);
    expect(run('fetchFrom', 'https://api.enrichment.example/status/1')).toBe(200);
    expect(() => run('fetchFrom', 'https://elsewhere.example/steal')).toThrow(
      'Request to https://elsewhere.example/steal failed because the URL has not been whitelisted in the script manifest.',
    );
    expect(emu.fetchLog.map((request) => request.url)).toEqual(['https://api.enrichment.example/status/1']);
  });

  it('refuses UrlFetch when script.external_request is missing', () => {
    const { run } = setUp({ oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] });
    expect(() => run('fetchFrom', 'https://api.enrichment.example/')).toThrow(
      'Specified permissions are not sufficient to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
    );
  });

  it('refuses nothing when there is no manifest file: Apps Script infers the scopes', () => {
    const { emu, run } = setUp();
    expect(run('openOther', emu.document.id)).toEqual(expect.any(String));
  });
});
