// Judges a report pasted back from Google: for each assumption id, whether Google confirmed what
// the emulator assumes or contradicted it, and for a contradiction which emulator file to change
// (the one docs/platform-assumptions.md names for that id).

import { canonical, isJsonObject } from './json';
import type { AssumptionsPage } from './page';
import { judge, type ProbeReport, type ProbeSpec, type ReportEntry } from './probe';

export type Outcome = 'confirmed' | 'contradicted' | 'inconclusive';

export interface ProbeVerdict {
  readonly name: string;
  readonly id: string;
  readonly outcome: Outcome;
  readonly detail: string;
}

export interface AssumptionVerdict {
  readonly id: string;
  readonly outcome: Outcome;
  readonly probes: readonly ProbeVerdict[];
  /** Where the emulator makes the assumption (tools/emulator/...), from the page. */
  readonly files: readonly string[];
}

/** Parses a report, or says plainly why it is not one. */
export function readReport(text: string): ProbeReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`the report is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed.results ?? null))
    throw new Error('the report has no "results": paste all of what step 4 shows');
  return parsed as unknown as ProbeReport;
}

export function judgeProbe(spec: ProbeSpec, entry: ReportEntry | undefined): ProbeVerdict {
  const verdict = (outcome: Outcome, detail: string) => ({ name: spec.name, id: spec.id, outcome, detail });
  if (!entry) return verdict('inconclusive', 'not in the report');
  if (entry.error !== undefined) return verdict('inconclusive', entry.error);
  if (entry.observed === undefined) return verdict('inconclusive', 'no observation');
  const judgement = judge(spec, entry.observed);
  if (judgement.agrees) return verdict('confirmed', judgement.detail ?? '');
  const seenThere = `Google saw ${canonical(entry.observed)}; the emulator assumes ${canonical(spec.expected)}`;
  return verdict('contradicted', judgement.detail ? `${judgement.detail}. ${seenThere}` : seenThere);
}

function worst(verdicts: readonly ProbeVerdict[]): Outcome {
  if (verdicts.some((verdict) => verdict.outcome === 'contradicted')) return 'contradicted';
  if (verdicts.some((verdict) => verdict.outcome === 'inconclusive')) return 'inconclusive';
  return 'confirmed';
}

/** One verdict per assumption id, in the order the probes come. */
export function compareReport(
  report: ProbeReport,
  specs: readonly ProbeSpec[],
  page: AssumptionsPage,
): AssumptionVerdict[] {
  const byId = new Map<string, ProbeVerdict[]>();
  for (const spec of specs) {
    const list = byId.get(spec.id) ?? [];
    list.push(judgeProbe(spec, report.results[spec.name]));
    byId.set(spec.id, list);
  }
  return [...byId].map(([id, probes]) => ({
    id,
    outcome: worst(probes),
    probes,
    files: (page.assumptions.get(id)?.files ?? []).map((file) => `tools/emulator/${file}`),
  }));
}

const LABEL: Record<Outcome, string> = {
  confirmed: 'confirmed',
  contradicted: 'CONTRADICTED',
  inconclusive: 'inconclusive',
};

function linesOf(verdict: AssumptionVerdict): string[] {
  const lines = [
    `${verdict.id.padEnd(5)}${LABEL[verdict.outcome].padEnd(14)}${verdict.probes.map((p) => p.name).join(', ')}`,
  ];
  for (const probe of verdict.probes.filter((p) => p.outcome !== 'confirmed'))
    lines.push(`       ${probe.name}: ${probe.detail}`);
  if (verdict.outcome === 'contradicted') {
    const where = verdict.files.length > 0 ? verdict.files.join(', ') : 'no file: the id is not on the page';
    lines.push(`       change the emulator: ${where} (docs/platform-assumptions.md, ${verdict.id})`);
  }
  return lines;
}

/** What `npm run probes -- --compare` prints. */
export function describeVerdicts(
  verdicts: readonly AssumptionVerdict[],
  report: ProbeReport,
  specs: readonly ProbeSpec[],
): string[] {
  const count = (outcome: Outcome) => verdicts.filter((verdict) => verdict.outcome === outcome).length;
  const known = new Set(specs.map((spec) => spec.name));
  const unknown = Object.keys(report.results).filter((name) => !known.has(name));
  return [
    `Assumptions probed in Google (report of ${report.ranAt ?? 'an unknown date'}):`,
    ...verdicts.flatMap(linesOf),
    ...(unknown.length > 0 ? [`Not probes of this version, ignored: ${unknown.join(', ')}`] : []),
    `${count('confirmed')} confirmed, ${count('contradicted')} contradicted, ${count('inconclusive')} inconclusive.`,
  ];
}
