// The add-on menu's Privacy and Support items link to the publisher's addresses, which are build
// settings: the offline build points at `.example` placeholders, a publisher's build at its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorld } from '../bundle/harness';

const ROOT = join(__dirname, '../..');

function buildWith(env: Record<string, string>): string {
  const out = mkdtempSync(join(tmpdir(), 'links-'));
  execFileSync('node', ['build.mjs', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  return out;
}

function clicked(distDir: string | undefined, caption: string) {
  const world = createWorld(distDir ? { distDir } : {});
  world.emu.runMenuItem(world.bundle, caption);
  return world.emu.ui.shown.at(-1)!;
}

describe('the Privacy and Support menu items', () => {
  it('link to the offline placeholders in a development build', () => {
    const privacy = clicked(undefined, 'Privacy');
    expect(privacy).toMatchObject({ kind: 'modal', title: 'Enrich for Sheets: privacy' });
    expect(privacy.html).toContain('href="https://enrich-for-sheets.example/privacy"');
    expect(privacy.html).toContain('href="https://enrich-for-sheets.example/terms"');
    const support = clicked(undefined, 'Support');
    expect(support.html).toContain('href="mailto:support@enrich-for-sheets.example"');
    expect(support.html).not.toContain('help pages');
  });

  it("link to the publisher's addresses in the publisher's build", () => {
    const out = buildWith({
      ENRICH_SUPPORT_EMAIL: 'help@vendor.test',
      ENRICH_PRIVACY_URL: 'https://vendor.test/legal/privacy',
      ENRICH_TERMS_URL: 'https://vendor.test/legal/terms',
      ENRICH_HELP_URL: 'https://vendor.test/docs/sheets',
    });
    try {
      expect(clicked(out, 'Privacy').html).toContain('href="https://vendor.test/legal/privacy"');
      const support = clicked(out, 'Support').html;
      expect(support).toContain('href="mailto:help@vendor.test"');
      expect(support).toContain('href="https://vendor.test/docs/sheets"');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses addresses that are not https or not an email, before building anything', () => {
    expect(() => buildWith({ ENRICH_PRIVACY_URL: 'http://vendor.test/privacy' })).toThrow(
      /ENRICH_PRIVACY_URL must use https/,
    );
    expect(() => buildWith({ ENRICH_SUPPORT_EMAIL: 'nobody' })).toThrow(
      /ENRICH_SUPPORT_EMAIL must be an email address/,
    );
  });
});
