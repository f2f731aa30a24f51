// What an employee list looks like once it lands in its own sheet: the sheet's name, its header and
// rows, column widths and the note that says what was asked, when, and what it cost. Pure: the job
// collector plans the sheet here and an adapter writes it.

import type { EnrichmentRequest } from '../api/wire';
import { segmentText } from '../formulas/canonical';
import { priceLabel } from '../operations/pricing';
import { operationByFunction } from '../operations/table';
import type { Operation } from '../operations/types';
import { primaryAliases, resultItems, toTable } from '../render/tables';
import type { CellValue } from '../render/values';
import { CUT_LIST_ADVICE, cutListText, LIST_NOTE } from '../text/catalogue/jobs';
import { creditsText } from '../text/credits';
import { plural } from '../text/plural';
import { asLiteralForSheet } from '../text/sheet-literal';

/** Sheets refuses longer names, and these characters anywhere in one. */
export const MAX_SHEET_NAME_CHARS = 100;
const FORBIDDEN_IN_NAME = /[[\]*?:/\\]/g;

const MIN_COLUMN_PX = 60;
const MAX_COLUMN_PX = 360;
const PX_PER_CHAR = 7;
const COLUMN_PADDING_PX = 16;
/** Column widths are measured on the first rows only: enough to see what a column holds. */
const MEASURED_ROWS = 200;

export interface EmployeeSheet {
  name: string;
  /** The header, then one row per employee; every value is safe to hand to `setValues`. */
  rows: CellValue[][];
  /** Pixels, one per column. */
  columnWidths: number[];
  /** For the header's first cell. Its first line is `marker`. */
  note: string;
  /** Names the list in the note, so a delivery resumed after a killed execution finds its own sheet. */
  marker: string;
  /** The marker of the sheet of an earlier list of the same query this one replaces (Buy again). */
  replaces?: string;
  employees: number;
}

export interface EmployeeSheetInput {
  op: Operation;
  request: EnrichmentRequest;
  result: unknown;
  name: string;
  /** Credits the list cost. */
  credits: number;
  /** When it was collected, as the spreadsheet's users read time ("2025-01-06 09:02 (Europe/Paris)"). */
  collectedAt: string;
  /** Set when the list is shorter than this many asked and the account's credits ran out. */
  cutFrom?: number;
  /** The marker of the sheet this list is written over: an earlier list of the query (Buy again). */
  replaces?: string;
}

/** The company as a user would name it, from the request's input. */
function companyLabel(op: Operation, input: string): string {
  const text = input.trim();
  if (op.input !== 'company_url') return text;
  const slug = /\/company\/([^/?#\s]+)/i.exec(text)?.[1];
  if (!slug) return text;
  return segmentText(slug)
    .split(/[-_]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Text made fit for a sheet name: forbidden characters become spaces, runs of spaces one. */
export function cleanSheetName(text: string): string {
  return text.replace(FORBIDDEN_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
}

/** Cuts text to `max` characters without splitting a surrogate pair or leaving a trailing space. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

/** "Employees - Acme (Sales, Senior)": the company and the filters that shaped the list. */
export function baseSheetName(op: Operation, request: EnrichmentRequest): string {
  const filters = [request.department, request.seniority]
    .map((value) => cleanSheetName(value ?? ''))
    .filter((value) => value !== '');
  const company = cleanSheetName(companyLabel(op, request.input_data)) || 'company';
  const suffix = filters.length > 0 ? ` (${filters.join(', ')})` : '';
  const prefix = 'Employees - ';
  return `${prefix}${cut(company, MAX_SHEET_NAME_CHARS - prefix.length - suffix.length)}${suffix}`;
}

/**
 * `base`, or `base 2`, `base 3`... : the first name no existing sheet has. Sheets compares names
 * without regard to case, and a numbered name is cut so that it still fits in 100 characters.
 */
export function uniqueSheetName(base: string, existing: readonly string[]): string {
  const taken = new Set(existing.map((name) => name.toLowerCase()));
  const clean = cut(cleanSheetName(base), MAX_SHEET_NAME_CHARS) || 'Employees';
  if (!taken.has(clean.toLowerCase())) return clean;
  for (let n = 2; ; n++) {
    const number = ` ${n}`;
    const candidate = `${cut(clean, MAX_SHEET_NAME_CHARS - number.length)}${number}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

const ACRONYMS: Readonly<Record<string, string>> = { url: 'URL', id: 'ID', cxo: 'CXO', vp: 'VP' };

/** "full_name" -> "Full name", "yearsAtCompany" -> "Years at company", "pronet_url" -> "Pronet URL". */
export function headerLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  if (words.length === 0) return field;
  const [first, ...rest] = words.map((word) => ACRONYMS[word] ?? word);
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/**
 * The header (the operation's fields first, then any other short field some employee has) and one
 * row per employee. Every value goes through `asLiteralForSheet`: `setValues` parses strings as if
 * typed, and a name like `=IMPORTXML(...)` from the API must land as text, not run as a formula.
 */
export function employeeRows(op: Operation, result: unknown): CellValue[][] {
  const table = toTable(result, op.fields, primaryAliases(op));
  if (table.length === 0) return [];
  const [header, ...rows] = table;
  return [
    header!.map((field) => asLiteralForSheet(headerLabel(String(field)))),
    ...rows.map((row) => row.map(asLiteralForSheet)),
  ];
}

/** Wide enough for the longest value of the first rows, within sensible bounds. */
export function columnWidths(rows: readonly CellValue[][]): number[] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const measured = rows.slice(0, MEASURED_ROWS + 1);
  const text = (value: CellValue | undefined) =>
    typeof value === 'string' ? value.replace(/^'/, '') : String(value ?? '');
  return Array.from({ length: width }, (_, column) => {
    const chars = Math.max(0, ...measured.map((row) => text(row[column]).length));
    return Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, chars * PX_PER_CHAR + COLUMN_PADDING_PX));
  });
}

export const employeeCount = (count: number) => plural(count, 'employee', 'employees');

/** The query in words: `COMPANY_EMPLOYEES("Acme", department "Sales", seniority "Senior", max 50)`. */
export function queryText(op: Operation, request: EnrichmentRequest): string {
  const parts = [JSON.stringify(request.input_data)];
  if (request.department) parts.push(LIST_NOTE.department(JSON.stringify(request.department)));
  if (request.seniority) parts.push(LIST_NOTE.seniority(JSON.stringify(request.seniority)));
  if (request.employee_count !== undefined) parts.push(LIST_NOTE.max(request.employee_count));
  return `${op.functionName}(${parts.join(', ')})`;
}

export function sheetNote(
  input: Omit<EmployeeSheetInput, 'name' | 'result'> & { employees: number },
): string {
  const { op, request, employees, credits, cutFrom } = input;
  return [
    listMarker(op, request),
    LIST_NOTE.collected(input.collectedAt),
    `${employeeCount(employees)}, ${creditsText(credits)} (${priceLabel(op)})`,
    ...(cutFrom === undefined ? [] : [`${cutListText(cutFrom)} ${CUT_LIST_ADVICE}`]),
  ].join('\n');
}

/**
 * The first line of a list's note: what was asked, in the user's words. It names the list for the
 * add-on too (a delivery finds its sheet by it, receipts and Buy again read the list back from
 * it), so that the note shows nothing internal. One record per query: the query is the list's id.
 */
export const listMarker = (op: Operation, request: EnrichmentRequest) =>
  `${op.label}: ${queryText(op, request)}`;

const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const QUERY_LINE = new RegExp(
  `^[^\\n]*?: ([A-Z_]+)\\((${QUOTED})(?:, department (${QUOTED}))?(?:, seniority (${QUOTED}))?(?:, max (\\d+))?\\)$`,
  'm',
);

/**
 * The list a sheet's note names (`listMarker`, read back); null for any other note. Notes written
 * before this named the job on a last line as well; their first line is the same.
 */
export function markedList(note: string): { op: Operation; request: EnrichmentRequest } | null {
  const match = QUERY_LINE.exec(note);
  const op = match ? operationByFunction(match[1]!) : undefined;
  if (!match || op?.shape !== 'employees') return null;
  const [, , input, department, seniority, max] = match;
  const text = (quoted: string) => JSON.parse(quoted) as string;
  const request: EnrichmentRequest = { type: op.type, input_data: text(input!) };
  if (department !== undefined) request.department = text(department);
  if (seniority !== undefined) request.seniority = text(seniority);
  if (max !== undefined) request.employee_count = Number(max);
  return { op, request };
}

/** The sheet for one delivered list; null when the list is empty (no sheet for nothing). */
export function buildEmployeeSheet(input: EmployeeSheetInput): EmployeeSheet | null {
  const employees = resultItems(input.result).length;
  const rows = employeeRows(input.op, input.result);
  if (employees === 0 || rows.length === 0) return null;
  return {
    name: input.name,
    rows,
    columnWidths: columnWidths(rows),
    note: sheetNote({ ...input, employees }),
    marker: listMarker(input.op, input.request),
    ...(input.replaces === undefined ? {} : { replaces: input.replaces }),
    employees,
  };
}
