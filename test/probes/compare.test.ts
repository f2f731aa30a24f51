// What `npm run probes` does with and without clasp, and what `--compare` says of a report from
// Google: confirmed, contradicted (with the emulator file to change), or inconclusive. Nothing here
// reaches the network: clasp is a recorded stand-in, and reports are written by the test.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CommandIo, probesCommand } from '../../tools/probes/command';
import { compareReport, describeVerdicts, readReport } from '../../tools/probes/compare';
import type { Json } from '../../tools/probes/json';
import { readAssumptionsPage } from '../../tools/probes/page';
import { type ProbeReport, REPORT_FORMAT } from '../../tools/probes/probe';
import { PROBES } from '../../tools/probes/project/catalogue';
import { costJudge } from '../../tools/probes/project/probes/costs';

const ROOT = join(__dirname, '../..');
const page = readAssumptionsPage(readFileSync(join(ROOT, 'docs/platform-assumptions.md'), 'utf8'));

/** A report in which Google saw exactly what the page expects, but for the observations given. */
function reportFromGoogle(changes: Record<string, Json | { error: string } | null> = {}): ProbeReport {
  const results: Record<string, ProbeReport['results'][string]> = {};
  for (const probe of PROBES) {
    const change = changes[probe.name];
    if (change === null) continue;
    if (change !== undefined && typeof change === 'object' && !Array.isArray(change) && 'error' in change)
      results[probe.name] = { id: probe.id, error: String(change.error) };
    else results[probe.name] = { id: probe.id, observed: change === undefined ? probe.expected : change };
  }
  return { format: REPORT_FORMAT, ranAt: '2025-06-02T10:00:00.000Z', results };
}

describe('comparing a report from Google', () => {
  it('confirms every probed id when Google saw what the page expects', () => {
    const verdicts = compareReport(reportFromGoogle(), PROBES, page);
    expect(verdicts.every((verdict) => verdict.outcome === 'confirmed')).toBe(true);
  });

  it('names the contradicted assumption and the emulator file the page gives for it', () => {
    const report = reportFromGoogle({
      'c1-ttl-over-six-hours': { refused: false, message: null, stored: true },
    });
    const c1 = compareReport(report, PROBES, page).find((verdict) => verdict.id === 'C1');
    expect(c1?.outcome).toBe('contradicted');
    expect(c1?.files).toEqual(['tools/emulator/cache.ts']);
    const lines = describeVerdicts(compareReport(report, PROBES, page), report, PROBES);
    expect(lines).toContain(
      '       change the emulator: tools/emulator/cache.ts (docs/platform-assumptions.md, C1)',
    );
    expect(lines.join('\n')).toContain('Google saw {"message":null,"refused":false,"stored":true}');
    expect(lines[lines.length - 1]).toMatch(/ confirmed, 1 contradicted, 0 inconclusive\.$/);
  });

  it('contradicts an id when one of its probes disagrees, though the others agree', () => {
    const report = reportFromGoogle({
      'x3-blocked-spill-runs-again': {
        blockedShows: '#REF!',
        afterClearing: [['first'], ['second']],
        runs: 1,
      },
    });
    const x3 = compareReport(report, PROBES, page).find((verdict) => verdict.id === 'X3');
    expect(x3?.outcome).toBe('contradicted');
    expect(x3?.probes.map((probe) => probe.outcome)).toEqual(['confirmed', 'confirmed', 'contradicted']);
    expect(x3?.files).toEqual(['tools/emulator/recalculation.ts']);
  });

  it('calls a probe that is missing or failed inconclusive, with its reason', () => {
    const report = reportFromGoogle({
      't6-formula-then-edit-trigger': {
        error: 'nothing recorded under typed.formula: was =PROBE_TYPED(1) typed…',
      },
      'x5-failed-clock-run-does-not-stop-the-next': null,
    });
    const verdicts = compareReport(report, PROBES, page);
    expect(verdicts.find((verdict) => verdict.id === 'T6')?.probes[0]).toEqual({
      name: 't6-formula-then-edit-trigger',
      id: 'T6',
      outcome: 'inconclusive',
      detail: 'nothing recorded under typed.formula: was =PROBE_TYPED(1) typed…',
    });
    expect(verdicts.find((verdict) => verdict.id === 'X5')?.probes[0]?.detail).toBe('not in the report');
  });

  it('judges costs one way: Google slower than charged (beyond 15 %) contradicts, faster confirms', () => {
    const charged = { 'Properties.getProperty': 32, 'Cache.put': 60 };
    expect(costJudge({ 'Properties.getProperty': 12, 'Cache.put': 68 }, charged)).toEqual({ agrees: true });
    expect(costJudge({ 'Properties.getProperty': 40, 'Cache.put': 60 }, charged)).toEqual({
      agrees: false,
      detail: 'Properties.getProperty took 40 ms, the emulator charges 32',
    });
    expect(costJudge({ 'Cache.put': 60 }, charged).detail).toBe('Properties.getProperty was not timed');
  });

  it('refuses what is not a report, plainly', () => {
    expect(() => readReport('{"results": ')).toThrow('the report is not JSON');
    expect(() => readReport('{"probes": {}}')).toThrow('the report has no "results"');
  });
});

describe('npm run probes', () => {
  let work: string;
  let home: string;
  let lines: string[];
  let runs: { command: string; args: readonly string[] }[];
  let status: number;

  const io = (argv: string[]): CommandIo => ({
    argv,
    root: ROOT,
    workDir: work,
    cwd: work,
    home,
    log: (line) => lines.push(line),
    run: (command, args) => {
      runs.push({ command, args });
      return status;
    },
  });

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'probes-command-'));
    home = join(work, 'home');
    mkdirSync(home);
    lines = [];
    runs = [];
    status = 0;
  });

  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('without clasp credentials builds the project, runs nothing and says how to push and what to do', async () => {
    expect(await probesCommand(io([]))).toBe(0);
    expect(runs).toEqual([]);
    for (const file of ['Code.js', 'Probe.html', 'appsscript.json'])
      expect(existsSync(join(work, 'dist-probes', file))).toBe(true);
    const text = lines.join('\n');
    expect(text).toContain('npx clasp login');
    expect(text).toContain('npm run probes -- --script-id <Script ID>');
    expect(text).toContain('Probes > 1. Run the probes');
    expect(text).toContain('type =PROBE_TYPED(1) into B2');
  });

  it('with credentials and a script id, remembers the id and pushes dist-probes/ with clasp', async () => {
    writeFileSync(join(home, '.clasprc.json'), '{}');
    expect(await probesCommand(io(['--script-id', 'scratch-script-id']))).toBe(0);
    const config = join(work, '.clasp-probes.json');
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({
      scriptId: 'scratch-script-id',
      rootDir: 'dist-probes',
    });
    expect(runs).toEqual([{ command: 'npx', args: ['clasp', '-P', config, 'push', '-f'] }]);
    expect(lines).toContain('Pushed to the Apps Script project scratch-script-id.');
  });

  it('with a script id but no credentials, pushes nothing and asks for clasp login', async () => {
    writeFileSync(
      join(work, '.clasp-probes.json'),
      '{ "scriptId": "scratch-script-id", "rootDir": "dist-probes" }',
    );
    expect(await probesCommand(io([]))).toBe(0);
    expect(runs).toEqual([]);
    expect(lines.join('\n')).toContain('npx clasp login');
    expect(lines.join('\n')).not.toContain('--script-id <Script ID>');
  });

  it('fails when clasp push fails', async () => {
    writeFileSync(join(home, '.clasprc.json'), '{}');
    status = 1;
    expect(await probesCommand(io(['--script-id', 'scratch-script-id']))).toBe(1);
    expect(lines).toContain('clasp push failed (its output is above); nothing was pushed.');
  });

  it('--compare prints a verdict per assumption and exits 1 on a contradiction', async () => {
    writeFileSync(join(work, 'agreeing.json'), JSON.stringify(reportFromGoogle()));
    expect(await probesCommand(io(['--compare', 'agreeing.json']))).toBe(0);
    expect(lines).toContain('C1   confirmed     c1-ttl-over-six-hours');
    lines = [];
    const contradicting = reportFromGoogle({
      'l2-second-lock-object-waits': { secondHasLock: false, secondGot: true, waitedItsTimeout: false },
    });
    writeFileSync(join(work, 'report.json'), JSON.stringify(contradicting));
    expect(await probesCommand(io(['--compare', 'report.json']))).toBe(1);
    expect(lines).toContain('L2   CONTRADICTED  l2-second-lock-object-waits');
    expect(lines).toContain(
      '       change the emulator: tools/emulator/lock.ts (docs/platform-assumptions.md, L2)',
    );
    expect(runs).toEqual([]);
  });

  it('says what is wrong with a missing report or an unknown argument', async () => {
    expect(await probesCommand(io(['--compare', 'nowhere.json']))).toBe(2);
    expect(lines[0]).toBe('nowhere.json: no such file. Save the JSON step 4 shows there first.');
    lines = [];
    expect(await probesCommand(io(['--push']))).toBe(2);
    expect(lines[0]).toBe('unknown or incomplete argument: --push');
  });
});
