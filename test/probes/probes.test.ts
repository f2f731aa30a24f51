// The platform probes (tools/probes/) run here in the emulator, as a person runs them in Google,
// and must observe what docs/platform-assumptions.md says; the page, the probes' definitions and
// the emulator are held to one another, so none of them can drift from the others.
//
// The expected observations are the probes' own literals (each checked against the page's table
// below), never read from the emulator's code.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareReport } from '../../tools/probes/compare';
import { canonical } from '../../tools/probes/json';
import { readAssumptionsPage } from '../../tools/probes/page';
import { PROBES } from '../../tools/probes/project/catalogue';
import { MENU_ITEMS } from '../../tools/probes/project/steps';
import { type EmulatedRun, runProbesInEmulator } from './run-in-emulator';

const ROOT = join(__dirname, '../..');
const page = readAssumptionsPage(readFileSync(join(ROOT, 'docs/platform-assumptions.md'), 'utf8'));
const probedIds = new Set(PROBES.map((probe) => probe.id));

describe('the probes and docs/platform-assumptions.md', () => {
  it('give each id to one assumption only', () => {
    expect(page.duplicates).toEqual([]);
  });

  it('probe only assumptions the page has', () => {
    const gone = PROBES.filter((probe) => !page.assumptions.has(probe.id)).map((p) => `${p.name} (${p.id})`);
    expect(gone).toEqual([]);
  });

  it('are listed on the page each once, with their id and expected observation, and nothing else is', () => {
    const onPage = page.probeRows.map((row) => ({
      name: row.name,
      id: row.id,
      expected: row.expected === undefined ? 'not JSON in backticks' : canonical(row.expected),
    }));
    const defined = PROBES.map((probe) => ({
      name: probe.name,
      id: probe.id,
      expected: canonical(probe.expected),
    }));
    expect(onPage).toEqual(defined);
  });

  it('leave no id of the page unaccounted for: probed, or said why not, never both', () => {
    const ids = [...page.assumptions.keys()];
    expect(ids.filter((id) => !probedIds.has(id) && !page.notProbed.has(id))).toEqual([]);
    expect([...page.notProbed.keys()].filter((id) => probedIds.has(id))).toEqual([]);
    expect([...page.notProbed.keys()].filter((id) => !page.assumptions.has(id))).toEqual([]);
  });

  it('name for each probed id an emulator file that exists, to change when Google disagrees', () => {
    const missing = [...probedIds].flatMap((id) => {
      const files = page.assumptions.get(id)?.files ?? [];
      if (files.length === 0) return [`${id}: no file named`];
      return files
        .filter((file) => !existsSync(join(ROOT, 'tools/emulator', file)))
        .map((file) => `${id}: ${file}`);
    });
    expect(missing).toEqual([]);
  });

  it('come from code that imports nothing of the add-on (src/), so they check the platform alone', () => {
    const dir = join(ROOT, 'tools/probes');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const reaching = files.filter((file) => /from '[./]*\/src\//.test(readFileSync(join(dir, file), 'utf8')));
    expect(files.length).toBeGreaterThan(10);
    expect(reaching).toEqual([]);
  });

  it('have unique names that start with their id', () => {
    const names = PROBES.map((probe) => probe.name);
    expect(new Set(names).size).toBe(names.length);
    expect(PROBES.filter((probe) => !probe.name.startsWith(`${probe.id.toLowerCase()}-`))).toEqual([]);
  });
});

describe('the probes run in the emulator', () => {
  let run: EmulatedRun;

  beforeAll(async () => {
    run = await runProbesInEmulator();
  });

  it('observe, each, exactly what the page expects', () => {
    const observed = Object.fromEntries(PROBES.map((probe) => [probe.name, run.report.results[probe.name]]));
    const expected = Object.fromEntries(
      PROBES.map((probe) => [
        probe.name,
        expect.objectContaining({ id: probe.id, observed: probe.expected }),
      ]),
    );
    expect(observed).toEqual(expected);
  });

  it('are judged confirmed for every probed id by the comparison a Google report goes through', () => {
    const verdicts = compareReport(run.report, PROBES, page);
    expect(verdicts.filter((verdict) => verdict.outcome !== 'confirmed')).toEqual([]);
    expect(verdicts.map((verdict) => verdict.id).sort()).toEqual([...probedIds].sort());
  });

  it('make a project whose top-level functions are its menu items, triggers and formulas', () => {
    expect([...run.functions].sort()).toEqual(
      [
        'onOpen',
        'probeStep1',
        'probeStep2',
        'probeStep3',
        'probeReport',
        'probeOpened',
        'probeEdited',
        'probeChanged',
        'probeTick',
        'PROBE_RUNS',
        'PROBE_SPILL',
        'PROBE_COLUMN',
        'PROBE_OBJECT',
        'PROBE_THROW',
        'PROBE_ARG',
        'PROBE_CONTEXT',
        'PROBE_OVERTIME',
        'PROBE_TYPED',
        'PROBE_USER_STORES',
        'PROBE_EDITOR_STORES',
      ].sort(),
    );
    expect(MENU_ITEMS.filter((item) => !run.functions.includes(item.functionName))).toEqual([]);
  });

  it('show the report to copy, and leave no trigger behind', () => {
    const dialog = run.emu.ui.shown.find((shown) => shown.title === 'Probe report');
    expect(dialog?.html).toContain('npm run probes -- --compare report.json');
    expect(dialog?.html).toContain('&quot;c1-ttl-over-six-hours&quot;');
    expect(run.emu.triggers.triggers).toEqual([]);
  });

  it('keep the same report in its sheet', () => {
    const text = run.emu.cell('Probe report', 'A1').value;
    expect(JSON.parse(String(text))).toEqual(run.report);
    expect(run.emu.values('Probe report', 'A3:B4')).toEqual([
      ['probe', 'id'],
      ['c1-ttl-over-six-hours', 'C1'],
    ]);
  });
});
