// `npm run probes`: builds the probe project into dist-probes/ and, when clasp is logged in and a
// probes script id is configured, pushes it to that (scratch) spreadsheet's script; then prints
// what to do in Google. `npm run probes -- --compare report.json` judges the report Google gave.
// Nothing here needs the network unless a push is asked for by the configuration.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildProbes } from './build';
import { compareReport, describeVerdicts, readReport } from './compare';
import { readAssumptionsPage } from './page';
import { PROBES } from './project/catalogue';
import { STEPS } from './project/steps';

export const PROBES_OUT = 'dist-probes';
/** The scratch project's clasp file: personal, not committed (.gitignore). */
export const PROBES_CLASP_FILE = '.clasp-probes.json';
export const ASSUMPTIONS_PAGE = 'docs/platform-assumptions.md';

export interface CommandIo {
  readonly argv: readonly string[];
  /** The repository: the probes' sources and the assumptions page. */
  readonly root: string;
  /** Where dist-probes/ and .clasp-probes.json go: the repository, unless a test says otherwise. */
  readonly workDir: string;
  /** Where the person ran the command: a report's path is taken from there. */
  readonly cwd: string;
  /** Where clasp keeps its credentials (~/.clasprc.json). */
  readonly home: string;
  readonly log: (line: string) => void;
  /** Runs a command in the work folder; answers its exit status. */
  readonly run: (command: string, args: readonly string[]) => number;
}

export const USAGE = [
  'usage: npm run probes                          build dist-probes/ (and push it when configured)',
  '       npm run probes -- --script-id <id>      remember the scratch project (.clasp-probes.json), then push',
  '       npm run probes -- --compare report.json  judge the report step 4 showed in Google',
].join('\n');

interface Options {
  readonly compare: string | null;
  readonly scriptId: string | null;
  readonly help: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let compare: string | null = null;
  let scriptId: string | null = null;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === '--help' || arg === '-h') help = true;
    else if (
      (arg === '--compare' || arg === '--script-id') &&
      value !== undefined &&
      !value.startsWith('--')
    ) {
      if (arg === '--compare') compare = value;
      else scriptId = value;
      i++;
    } else throw new Error(`unknown or incomplete argument: ${arg}`);
  }
  return { compare, scriptId, help };
}

function compareCommand(io: CommandIo, file: string): number {
  const path = resolve(io.cwd, file);
  if (!existsSync(path)) {
    io.log(`${file}: no such file. Save the JSON step 4 shows there first.`);
    return 2;
  }
  let report: ReturnType<typeof readReport>;
  try {
    report = readReport(readFileSync(path, 'utf8'));
  } catch (error) {
    io.log(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const page = readAssumptionsPage(readFileSync(join(io.root, ASSUMPTIONS_PAGE), 'utf8'));
  const verdicts = compareReport(report, PROBES, page);
  for (const line of describeVerdicts(verdicts, report, PROBES)) io.log(line);
  return verdicts.some((verdict) => verdict.outcome === 'contradicted') ? 1 : 0;
}

function configuredScriptId(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const { scriptId } = JSON.parse(readFileSync(path, 'utf8')) as { scriptId?: unknown };
    return typeof scriptId === 'string' && scriptId.trim() !== '' ? scriptId : null;
  } catch {
    return null;
  }
}

function printSetup(
  io: CommandIo,
  state: { readonly configured: boolean; readonly loggedIn: boolean },
): void {
  io.log('To push it to a scratch spreadsheet with clasp:');
  if (!state.configured) {
    io.log('  - make a spreadsheet to spoil (sheets.new), open Extensions > Apps Script, and copy the');
    io.log('    Script ID from Project Settings;');
  }
  if (!state.loggedIn) io.log('  - npx clasp login   (once: it saves ~/.clasprc.json);');
  io.log(
    state.configured
      ? '  - npm run probes   (pushes to the project in .clasp-probes.json).'
      : '  - npm run probes -- --script-id <Script ID>   (remembers it in .clasp-probes.json and pushes).',
  );
  io.log(`Or by hand in the Apps Script editor: ${PROBES_OUT}/Code.js as Code.gs, an HTML file named Probe`);
  io.log(
    `with ${PROBES_OUT}/Probe.html, and ${PROBES_OUT}/appsscript.json as the manifest (Project Settings >`,
  );
  io.log('Show "appsscript.json" manifest file in editor).');
}

function printSteps(io: CommandIo): void {
  io.log('Then, in the spreadsheet:');
  STEPS.forEach((step, i) => {
    io.log(`  ${i + 1}. ${step.say}`);
  });
}

async function buildCommand(io: CommandIo, scriptId: string | null): Promise<number> {
  const built = await buildProbes({ root: io.root, outDir: join(io.workDir, PROBES_OUT) });
  io.log(
    `${PROBES_OUT}/ built: Code.js (${built.functions.length} top-level functions), Probe.html, appsscript.json.`,
  );
  const configPath = join(io.workDir, PROBES_CLASP_FILE);
  if (scriptId !== null) {
    writeFileSync(configPath, `${JSON.stringify({ scriptId, rootDir: PROBES_OUT }, null, 2)}\n`);
    io.log(`${PROBES_CLASP_FILE} now names the script ${scriptId}.`);
  }
  const configured = configuredScriptId(configPath);
  const loggedIn = existsSync(join(io.home, '.clasprc.json'));
  if (configured !== null && loggedIn) {
    if (io.run('npx', ['clasp', '-P', configPath, 'push', '-f']) !== 0) {
      io.log('clasp push failed (its output is above); nothing was pushed.');
      return 1;
    }
    io.log(`Pushed to the Apps Script project ${configured}.`);
  } else printSetup(io, { configured: configured !== null, loggedIn });
  printSteps(io);
  return 0;
}

export async function probesCommand(io: CommandIo): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(io.argv);
  } catch (error) {
    io.log(error instanceof Error ? error.message : String(error));
    io.log(USAGE);
    return 2;
  }
  if (options.help) {
    io.log(USAGE);
    return 0;
  }
  if (options.compare !== null) return compareCommand(io, options.compare);
  return buildCommand(io, options.scriptId);
}
