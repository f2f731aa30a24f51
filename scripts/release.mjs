// `npm run release`: checks, a release build and a clasp push, then an immutable Apps Script
// version and a deployment of it; prints what the Marketplace SDK's App Configuration asks for.
//
//   npm run release                          the real thing (needs `npx clasp login` and .clasp.json)
//   npm run release -- --dry-run             all but what talks to Google: prints those commands,
//                                            builds into a temporary folder (dist/ untouched)
//   npm run release -- --skip-checks         no lint, type-check or tests (CI's release test uses
//                                            it: it runs inside the suite those checks are)
//
// ENRICH_API_BASE_URL (required, https) and ENRICH_DASHBOARD_URL (optional) reach build.mjs, and
// so do the publisher's links (scripts/links.mjs): a real release refuses their placeholders.
// Every step prints one line; the first failure stops the release, names its step, exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkSettings, placeholderLinks } from './links.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLACEHOLDER_SCRIPT_ID = 'SET-YOUR-SCRIPT-ID';
const FROM_CLASP = '<from clasp>';
const FLAGS = ['--dry-run', '--skip-checks', '--help'];
const USAGE = 'usage: node scripts/release.mjs [--dry-run] [--skip-checks]';

class Refusal extends Error {
  constructor(step, message) {
    super(message);
    this.step = step;
  }
}

function say(line) {
  console.log(line);
}

function warn(line) {
  console.log(`  warning: ${line}`);
}

/** A command as a POSIX shell would take it, so a dry run's lines can be pasted. */
function shellLine(command, args) {
  const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  return [command, ...args].map(quote).join(' ');
}

/** Runs a command from the repository root; a non-zero exit refuses the step. */
function run(step, command, args, { capture = false, display = command } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['inherit', capture ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (capture && result.stdout) process.stdout.write(result.stdout);
  const line = shellLine(display, args);
  if (result.error) throw new Refusal(step, `${line} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.status}`;
    throw new Refusal(step, `${line} ${how}`);
  }
  return result.stdout ?? '';
}

function readJson(step, file) {
  const path = join(root, file);
  if (!existsSync(path)) throw new Refusal(step, `${file} is missing`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Refusal(step, `${file} is not valid JSON (${error.message})`);
  }
}

/** The version a heading names: `## 0.1.0 (unreleased)`, `## [0.1.0] - 2025-06-01`, `## v0.1.0`. */
function headingVersion(line) {
  return /^##\s+\[?v?([^\]\s]+)/.exec(line)?.[1];
}

/** The `## <version>` entry of the changelog: its heading, its non-blank lines, its first line. */
function changelogEntry(text, version) {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => headingVersion(line) === version);
  if (start < 0) return null;
  const next = lines.findIndex((line, i) => i > start && /^#{1,2}\s/.test(line));
  const body = lines.slice(start + 1, next < 0 ? undefined : next).filter((line) => line.trim() !== '');
  const firstLine = (body[0] ?? '').replace(/^\s*[-*+]\s+/, '').trim();
  return { heading: lines[start].trim(), body, firstLine };
}

function checkChangelog(version, dryRun) {
  const step = 'changelog';
  const path = join(root, 'CHANGELOG.md');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const entry = changelogEntry(text, version);
  if (!entry) {
    throw new Refusal(
      step,
      `CHANGELOG.md has no "## ${version}" heading: add one that lists this version's changes.`,
    );
  }
  if (entry.body.length === 0) {
    throw new Refusal(step, `CHANGELOG.md's "${entry.heading}" entry is empty: list this version's changes.`);
  }
  say(`changelog: "${entry.heading}" found (${entry.body.length} lines)`);
  if (/\bunreleased\b/i.test(entry.heading)) {
    const what = `CHANGELOG.md's "${entry.heading}" still says unreleased: replace "(unreleased)" with the release date`;
    if (!dryRun) throw new Refusal(step, `${what}, then run again.`);
    warn(`${what} before a real release.`);
  }
  return entry;
}

function checkClaspProject(dryRun) {
  const step = 'clasp project';
  const { scriptId, rootDir } = readJson(step, '.clasp.json');
  const placeholder = !scriptId || scriptId === PLACEHOLDER_SCRIPT_ID;
  const what = `.clasp.json still holds the placeholder scriptId ${scriptId ?? '(none)'}: put your Apps Script project's id there (Project Settings > IDs)`;
  if (placeholder && !dryRun) throw new Refusal(step, `${what}, then run again.`);
  say(`clasp project: scriptId ${scriptId}, pushes ${rootDir ?? '.'}/`);
  if (placeholder) warn(`${what} before a real release.`);
  return scriptId;
}

/** The support, privacy and terms addresses the menu and the listing show (scripts/links.mjs). */
function checkLinks(dryRun) {
  const step = 'links';
  let links;
  try {
    links = linkSettings();
  } catch (error) {
    throw new Refusal(step, error.message);
  }
  const placeholders = placeholderLinks(links);
  say(`links: support ${links.support}, privacy ${links.privacy}, terms ${links.terms}`);
  if (placeholders.length === 0) return;
  const what = `${placeholders.join(', ')} still point at the offline placeholder: set them to your own addresses`;
  if (!dryRun) throw new Refusal(step, `${what}, then run again.`);
  warn(`${what} before a real release.`);
}

function runChecks(skip) {
  if (skip) {
    say('checks: skipped (--skip-checks)');
    return;
  }
  // jest tests the built add-on and refuses a dist/ older than src/, hence the dev build first.
  say('checks: npm run check, npm run build, npx jest');
  run('checks', 'npm', ['run', 'check']);
  run('checks', 'npm', ['run', 'build']);
  run('checks', 'npx', ['jest']);
}

function releaseBuild(dryRun) {
  const args = ['build.mjs', '--release'];
  const out = dryRun ? mkdtempSync(join(tmpdir(), 'enrich-release-')) : null;
  if (out) args.push('--out', out);
  say(
    `build: ${shellLine('node', args)}${out ? ' (a temporary folder, removed after: dist/ untouched)' : ''}`,
  );
  try {
    run('build', process.execPath, args, { display: 'node' });
    for (const file of ['Code.js', 'Sidebar.html', 'Help.html', 'appsscript.json']) {
      if (!existsSync(join(out ?? join(root, 'dist'), file)))
        throw new Refusal('build', `${file} was not built`);
    }
  } finally {
    if (out) rmSync(out, { recursive: true, force: true });
  }
}

/** `clasp --json create-version` prints {"versionNumber": N}; without --json, "Created version N". */
function parseVersionNumber(output) {
  const json = parseJson(output);
  const number = json?.versionNumber ?? /Created version (\d+)/.exec(output)?.[1];
  return Number.isInteger(Number(number)) && Number(number) > 0 ? Number(number) : null;
}

/** `clasp --json create-deployment` prints {"deploymentId", ...}; without --json, "Deployed ID @N". */
function parseDeploymentId(output) {
  const json = parseJson(output);
  return json?.deploymentId ?? /Deployed (\S+) @/.exec(output)?.[1] ?? null;
}

function parseJson(output) {
  try {
    return JSON.parse(output);
  } catch {
    return null;
  }
}

/** push, create-version, create-deployment: printed in a dry run, run (and parsed) in a real one. */
function publish(version, entry, dryRun) {
  const clasp = (args) => ({ command: 'npx', args: ['clasp', ...args] });
  const push = clasp(['push', '-f']);
  const create = clasp(['--json', 'create-version', `${version}: ${entry.firstLine}`]);
  const deploy = (number) => clasp(['--json', 'create-deployment', '-V', String(number), '-d', version]);
  const note = dryRun ? ' (dry run: not run)' : '';
  say(`push: ${shellLine(push.command, push.args)}${note}`);
  if (!dryRun) run('push', push.command, push.args);
  say(`version: ${shellLine(create.command, create.args)}${note}`);
  let versionNumber = FROM_CLASP;
  if (!dryRun) {
    const output = run('version', create.command, create.args, { capture: true });
    versionNumber = parseVersionNumber(output);
    if (!versionNumber) throw new Refusal('version', 'clasp printed no version number (output above)');
  }
  const deployment = deploy(dryRun ? '<version number>' : versionNumber);
  say(`deploy: ${shellLine(deployment.command, deployment.args)}${note}`);
  let deploymentId = FROM_CLASP;
  if (!dryRun) {
    const output = run('deploy', deployment.command, deployment.args, { capture: true });
    deploymentId = parseDeploymentId(output);
    if (!deploymentId) throw new Refusal('deploy', 'clasp printed no deployment id (output above)');
  }
  return { versionNumber, deploymentId };
}

function release(argv) {
  const unknown = argv.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length) throw new Refusal('arguments', `unknown ${unknown.join(' ')}; ${USAGE}`);
  const dryRun = argv.includes('--dry-run');
  const { version } = readJson('package version', 'package.json');
  if (!version) throw new Refusal('package version', 'package.json has no "version"');
  say(`release ${version}${dryRun ? ' (dry run: nothing is pushed to Google)' : ''}`);
  const entry = checkChangelog(version, dryRun);
  const scriptId = checkClaspProject(dryRun);
  checkLinks(dryRun);
  runChecks(argv.includes('--skip-checks'));
  releaseBuild(dryRun);
  const { versionNumber, deploymentId } = publish(version, entry, dryRun);
  say('');
  say(`Marketplace SDK > App Configuration${dryRun ? ' (dry run)' : ''}:`);
  say(`  Apps Script project id (scriptId): ${scriptId}`);
  say(`  Version number:                    ${versionNumber}`);
  say(`  Deployment id:                     ${deploymentId}`);
}

if (process.argv.includes('--help')) {
  say(USAGE);
} else {
  try {
    release(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`release stopped at step "${error.step}": ${error.message}`);
    process.exitCode = 1;
  }
}
