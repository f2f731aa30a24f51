// The manifest asks for the documented scopes and nothing else, and may fetch only the API.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorld } from '../bundle/harness';

const ROOT = join(__dirname, '../..');
const DOCUMENTED_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
  'https://www.googleapis.com/auth/script.external_request',
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/script.scriptapp',
];

describe('the manifest', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/appsscript.json'), 'utf8'));

  it('asks for exactly the scopes docs/publish.md documents', () => {
    expect([...manifest.oauthScopes].sort()).toEqual([...DOCUMENTED_SCOPES].sort());
    const readme = readFileSync(join(ROOT, 'docs/publish.md'), 'utf8');
    for (const scope of DOCUMENTED_SCOPES) expect(readme).toContain(`\`${scope.split('/auth/')[1]}\``);
  });

  it('allows fetching only the API base URL, as an https prefix with a path', () => {
    expect(manifest.urlFetchWhitelist).toEqual(['https://api.enrichment.example/']);
    expect(manifest.runtimeVersion).toBe('V8');
  });

  it('points a release build at the configured API, and refuses one without it', () => {
    const out = mkdtempSync(join(tmpdir(), 'release-'));
    const release = (url: string) =>
      execFileSync('node', ['build.mjs', '--release', '--out', out], {
        cwd: ROOT,
        env: { ...process.env, ENRICH_API_BASE_URL: url },
        stdio: 'pipe',
      });
    expect(() => release('')).toThrow(/needs ENRICH_API_BASE_URL/);
    expect(() => release('http://api.vendor.test/')).toThrow(/must use https/);
    release('https://api.vendor.test/v1');
    const built = JSON.parse(readFileSync(join(out, 'appsscript.json'), 'utf8'));
    expect(built.urlFetchWhitelist).toEqual(['https://api.vendor.test/v1/']);
    expect(readFileSync(join(out, 'Code.js'), 'utf8')).toContain('https://api.vendor.test/v1/');
    rmSync(out, { recursive: true, force: true });
  });

  it('gives the sidebar the dashboard address the build names, and none when it names none', () => {
    const out = mkdtempSync(join(tmpdir(), 'dashboard-'));
    const build = (dashboard: string) =>
      execFileSync('node', ['build.mjs', '--out', out], {
        cwd: ROOT,
        env: { ...process.env, ENRICH_DASHBOARD_URL: dashboard },
        stdio: 'pipe',
      });
    expect(() => build('http://vendor.test/settings')).toThrow(/ENRICH_DASHBOARD_URL must use https/);
    build('https://vendor.test/settings/api-key');
    const sidebarState = (world: ReturnType<typeof createWorld>) =>
      world.emu.runExecution(world.bundle, 'getSidebarState', [], { context: 'sidebar' });
    expect(sidebarState(createWorld({ distDir: out }))).toMatchObject({
      dashboardUrl: 'https://vendor.test/settings/api-key',
    });
    expect(sidebarState(createWorld())).toMatchObject({ dashboardUrl: null });
    rmSync(out, { recursive: true, force: true });
  });
});
