// What a probe is. Each one checks one assumption of docs/platform-assumptions.md (its `id`) in a
// real spreadsheet and reports what it saw; `expected` is what the emulator does and the page says.
// The same definitions run in Google (`npm run probes`), in the emulator (test/probes/), and judge
// a report pasted back (`npm run probes -- --compare report.json`).
//
// A probe acts in the steps a person follows in Google (project/steps.ts): `run` in step 1 (its
// answer is kept at once), `setup` in step 2 (formulas written), `poke` in step 3 (cells changed
// after the formulas ran), `finish` in step 4 (the report) for probes whose answer comes from
// formulas, triggers or several executions.

import { type Json, sameJson } from './json';

export interface Judgement {
  readonly agrees: boolean;
  /** Why not, or what Google did beyond what was asked. */
  readonly detail?: string;
}

/** The part of a probe the comparison needs: what it checks and what the page expects. */
export interface ProbeSpec {
  /** Stable, unique, starting with its assumption id in lower case. */
  readonly name: string;
  /** The assumption's id in docs/platform-assumptions.md. */
  readonly id: string;
  /** The question it puts to Google, in one line. */
  readonly asks: string;
  readonly expected: Json;
  /** How an observation from Google is judged; by default it must equal `expected`. */
  readonly judge?: (observed: Json, expected: Json) => Judgement;
}

/** What a probe saw: `observed` is judged, `notes` are kept for a reader (timings, messages). */
export interface Seen {
  readonly observed: Json;
  readonly notes?: Json;
}

export interface RunContext {
  /** When step 1 started: names that must not clash with an earlier run's use it. */
  readonly stamp: string;
}

export interface Probe extends ProbeSpec {
  readonly run?: (context: RunContext) => Seen | undefined;
  readonly setup?: (context: RunContext) => void;
  readonly poke?: (context: RunContext) => void;
  readonly finish?: (context: RunContext) => Seen;
}

export function seen(observed: Json, notes?: Json): Seen {
  return notes === undefined ? { observed } : { observed, notes };
}

export function judge(spec: ProbeSpec, observed: Json): Judgement {
  if (spec.judge) return spec.judge(observed, spec.expected);
  return { agrees: sameJson(observed, spec.expected) };
}

/** One probe's line in a report: what it saw, or why it saw nothing. */
export interface ReportEntry {
  readonly id: string;
  readonly observed?: Json;
  readonly notes?: Json;
  readonly error?: string;
}

export const REPORT_FORMAT = 'enrich-for-sheets probes 1';

export interface ProbeReport {
  readonly format: string;
  readonly ranAt: string;
  readonly results: { readonly [name: string]: ReportEntry };
}
