// Reads docs/platform-assumptions.md: the assumptions' ids and the emulator files each names, and
// its section on probes (which probe checks which id and expects what; which ids are not probed and
// why). The probes, the emulator and the page are held to agree through this (test/probes/).

import type { Json } from './json';

export const PROBES_SECTION = 'Probes in Google';

export interface PageAssumption {
  readonly id: string;
  /** The emulator files the page names for it: in its row, else in its section's heading. */
  readonly files: readonly string[];
}

export interface PageProbeRow {
  readonly name: string;
  readonly id: string;
  /** The expected observation, or undefined when the cell is not JSON in backticks. */
  readonly expected: Json | undefined;
}

export interface AssumptionsPage {
  readonly assumptions: ReadonlyMap<string, PageAssumption>;
  /** Ids given to more than one assumption. */
  readonly duplicates: readonly string[];
  readonly probeRows: readonly PageProbeRow[];
  /** Ids the page says are not probed, with the reason. */
  readonly notProbed: ReadonlyMap<string, string>;
}

interface Table {
  readonly section: string;
  readonly heading: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const ID = /^[A-Z]{1,3}\d+$/;

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Every table of the page, with the `##` section and `###` heading it sits under. */
function tablesOf(text: string): Table[] {
  const tables: { section: string; heading: string; header: string[]; rows: string[][] }[] = [];
  let section = '';
  let heading = '';
  let current: (typeof tables)[number] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) [section, heading] = [line.slice(3).trim(), ''];
    else if (line.startsWith('### ')) heading = line.slice(4).trim();
    if (!line.trim().startsWith('|')) {
      current = null;
      continue;
    }
    const cells = cellsOf(line);
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (current) current.rows.push(cells);
    else {
      current = { section, heading, header: cells, rows: [] };
      tables.push(current);
    }
  }
  return tables;
}

/** Emulator source files named in backticks (`cache.ts`), tests excepted. */
function filesIn(text: string): string[] {
  return [...text.matchAll(/`([\w-]+\.ts)`/g)]
    .map((match) => match[1]!)
    .filter((name) => !name.endsWith('.test.ts'));
}

function rowFiles(table: Table, row: readonly string[]): string[] {
  // An assumption's own cell first; other tables (settled, refuted) name files anywhere but the tests.
  const own = table.header[1] === 'Assumption' ? filesIn(row[1] ?? '') : filesIn(row.slice(1).join(' '));
  return own.length > 0 ? own : filesIn(table.heading);
}

/** Rows of the assumption tables (header "Id"), outside the probes' own section. */
function idRows(tables: readonly Table[]): { table: Table; row: readonly string[]; id: string }[] {
  return tables
    .filter((table) => table.section !== PROBES_SECTION && table.header[0] === 'Id')
    .flatMap((table) => table.rows.map((row) => ({ table, row, id: row[0] ?? '' })))
    .filter(({ id }) => ID.test(id));
}

function readAssumptions(tables: readonly Table[]) {
  const assumptions = new Map<string, PageAssumption>();
  const defined = new Map<string, number>();
  for (const { table, row, id } of idRows(tables)) {
    // An id also appears in the tables of settled and refuted ones; its own row names its files.
    const isAssumption = table.header[1] === 'Assumption';
    if (isAssumption) defined.set(id, (defined.get(id) ?? 0) + 1);
    if (!assumptions.has(id) || isAssumption) assumptions.set(id, { id, files: rowFiles(table, row) });
  }
  const duplicates = [...defined].filter(([, times]) => times > 1).map(([id]) => id);
  return { assumptions, duplicates };
}

function expectedOf(cell: string): Json | undefined {
  const code = /^`(.*)`$/.exec(cell)?.[1];
  if (code === undefined) return undefined;
  try {
    return JSON.parse(code) as Json;
  } catch {
    return undefined;
  }
}

function probeRowsOf(table: Table): PageProbeRow[] {
  return table.rows.map((row) => ({
    name: (row[0] ?? '').replace(/`/g, ''),
    id: row[1] ?? '',
    expected: expectedOf(row[row.length - 1] ?? ''),
  }));
}

/** Rows of ids and the reason they have no probe; a row may name several ids ("P2, U5"). */
function notProbedOf(table: Table): [string, string][] {
  return table.rows.flatMap((row) =>
    (row[0] ?? '').split(',').map((id): [string, string] => [id.trim(), row[1] ?? '']),
  );
}

function readProbesSection(tables: readonly Table[]) {
  const section = tables.filter((table) => table.section === PROBES_SECTION);
  return {
    probeRows: section.filter((table) => table.header[0] === 'Probe').flatMap(probeRowsOf),
    notProbed: new Map(section.filter((table) => table.header[0] === 'Id').flatMap(notProbedOf)),
  };
}

export function readAssumptionsPage(text: string): AssumptionsPage {
  const tables = tablesOf(text);
  return { ...readAssumptions(tables), ...readProbesSection(tables) };
}
