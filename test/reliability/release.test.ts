// `npm run release -- --dry-run` runs in CI: it names the clasp commands a release would run,
// builds where dist/ is not, and refuses what a release must not ship.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/release.mjs');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const LINKS = ['ENRICH_SUPPORT_EMAIL', 'ENRICH_PRIVACY_URL', 'ENRICH_TERMS_URL', 'ENRICH_HELP_URL'];
const envWithoutApi = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== 'ENRICH_API_BASE_URL' && !LINKS.includes(name)),
);
const OWN_LINKS = {
  ENRICH_SUPPORT_EMAIL: 'help@vendor.test',
  ENRICH_PRIVACY_URL: 'https://vendor.test/privacy',
  ENRICH_TERMS_URL: 'https://vendor.test/terms',
};

/** --skip-checks: this suite is the checks. */
function release(
  args: string[],
  {
    cwd = ROOT,
    api = 'https://api.vendor.test/' as string | null,
    script = SCRIPT,
    links = {} as Record<string, string>,
  } = {},
) {
  const env = { ...envWithoutApi, ...links, ...(api === null ? {} : { ENRICH_API_BASE_URL: api }) };
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under dist/ with its size and mtime ("absent" when there is no dist/). */
function snapshot(dir: string): string {
  if (!existsSync(dir)) return 'absent';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
}

/** A folder holding the release script and the given package.json, CHANGELOG.md and .clasp.json. */
function fakeRepo(files: { version: string; changelog: string; scriptId?: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-test-'));
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['release.mjs', 'links.mjs'])
    copyFileSync(join(ROOT, 'scripts', file), join(dir, 'scripts', file));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: files.version }));
  writeFileSync(join(dir, 'CHANGELOG.md'), files.changelog);
  writeFileSync(
    join(dir, '.clasp.json'),
    JSON.stringify({ scriptId: files.scriptId ?? 'SET-YOUR-SCRIPT-ID', rootDir: 'dist' }),
  );
  return dir;
}

describe('npm run release -- --dry-run', () => {
  it('prints the clasp commands with the package version, and leaves dist/ and .clasp.json alone', () => {
    const dist = snapshot(join(ROOT, 'dist'));
    const clasp = readFileSync(join(ROOT, '.clasp.json'), 'utf8');
    const { status, stdout, stderr } = release(['--dry-run', '--skip-checks']);
    expect({ status, stderr }).toMatchObject({ status: 0 });
    expect(stdout).toMatch(
      /warning: ENRICH_SUPPORT_EMAIL, ENRICH_PRIVACY_URL, ENRICH_TERMS_URL still point at the offline placeholder/,
    );
    expect(stdout).toContain('checks: skipped (--skip-checks)');
    expect(stdout).toMatch(/build: node build\.mjs --release --out \S+/);
    expect(stdout).toContain('push: npx clasp push -f (dry run: not run)');
    expect(stdout).toContain(`version: npx clasp --json create-version '${version}: `);
    expect(stdout).toContain(
      `deploy: npx clasp --json create-deployment -V '<version number>' -d ${version} (dry run: not run)`,
    );
    expect(stdout).toMatch(/Version number: +<from clasp>\n +Deployment id: +<from clasp>/);
    expect(snapshot(join(ROOT, 'dist'))).toBe(dist);
    expect(readFileSync(join(ROOT, '.clasp.json'), 'utf8')).toBe(clasp);
    const out = /--out (\S+)/.exec(stdout)?.[1] ?? '';
    expect(existsSync(out)).toBe(false);
  });

  it('stops at the build, with build.mjs saying why, when ENRICH_API_BASE_URL is unset', () => {
    const { status, stdout, stderr } = release(['--dry-run', '--skip-checks'], { api: null });
    expect(status).toBe(1);
    expect(stderr).toContain('A release build needs ENRICH_API_BASE_URL');
    expect(stderr).toMatch(
      /release stopped at step "build": node build\.mjs --release --out \S+ exited with code 1/,
    );
    expect(stdout).not.toContain('npx clasp');
  });
});

describe('the release refuses', () => {
  const dirs: string[] = [];
  const repo = (files: Parameters<typeof fakeRepo>[0]) => {
    const dir = fakeRepo(files);
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const run = (dir: string, args: string[], links = {}) =>
    release(args, { cwd: dir, script: join(dir, 'scripts/release.mjs'), links });

  it('a version the changelog has no entry for, in a dry run too', () => {
    const dir = repo({ version: '9.9.9', changelog: '# Changelog\n\n## 0.1.0 (2025-06-01)\n- First.\n' });
    for (const args of [['--dry-run', '--skip-checks'], ['--skip-checks']]) {
      const { status, stderr } = run(dir, args);
      expect(status).toBe(1);
      expect(stderr.trim()).toBe(
        'release stopped at step "changelog": CHANGELOG.md has no "## 9.9.9" heading: add one that lists this version\'s changes.',
      );
    }
  });

  it('an empty entry', () => {
    const dir = repo({
      version: '0.2.0',
      changelog: '# Changelog\n\n## 0.2.0 (2025-07-01)\n\n## 0.1.0\n- First.\n',
    });
    const { status, stderr } = run(dir, ['--dry-run', '--skip-checks']);
    expect(status).toBe(1);
    expect(stderr).toContain('"## 0.2.0 (2025-07-01)" entry is empty');
  });

  it('an entry still "(unreleased)" in a real release, and only warns of it in a dry run', () => {
    const dir = repo({
      version: '0.2.0',
      changelog: '## 0.2.0 (unreleased)\n- Second.\n',
      scriptId: '1abcDEF',
    });
    const real = run(dir, ['--skip-checks']);
    expect(real.status).toBe(1);
    expect(real.stderr).toMatch(
      /step "changelog": .* still says unreleased: replace "\(unreleased\)" with the/,
    );
    // The dry run passes this step and stops at the build: this folder has no build.mjs.
    const dry = run(dir, ['--dry-run', '--skip-checks']);
    expect(dry.stdout).toMatch(/warning: .* still says unreleased/);
    expect(dry.stderr).toContain('release stopped at step "build"');
  });

  it('the placeholder scriptId in a real release', () => {
    const dir = repo({ version: '0.2.0', changelog: '## 0.2.0 (2025-07-01)\n- Second.\n' });
    const { status, stderr } = run(dir, ['--skip-checks']);
    expect(status).toBe(1);
    expect(stderr).toMatch(
      /step "clasp project": \.clasp\.json still holds the placeholder scriptId SET-YOUR-SCRIPT-ID/,
    );
  });

  it("the publisher's links left at their placeholders in a real release", () => {
    const dir = repo({
      version: '0.2.0',
      changelog: '## 0.2.0 (2025-07-01)\n- Second.\n',
      scriptId: '1abcDEF',
    });
    const { status, stderr } = run(dir, ['--skip-checks']);
    expect(status).toBe(1);
    expect(stderr).toMatch(
      /step "links": ENRICH_SUPPORT_EMAIL, ENRICH_PRIVACY_URL, ENRICH_TERMS_URL still point/,
    );
    // With them set, it passes on to the build (and stops there: this folder has no build.mjs).
    expect(run(dir, ['--skip-checks'], OWN_LINKS).stderr).toContain('release stopped at step "build"');
  });
});
