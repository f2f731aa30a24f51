// Reading a request to the fake API: its route, its headers, and an enrichment body checked against
// the spec (docs/api-spec.md), or the 422 message that refuses it.
import { type FakeOperation, type OptionName, operationOf } from './catalog';
import type { EmployeeFilters } from './profiles';

/** An enrichment request the fake can answer. */
export interface ParsedRequest {
  readonly op: FakeOperation;
  readonly input: string;
  readonly filters: EmployeeFilters;
}

export type Route = { kind: 'enrich' } | { kind: 'status'; jobId: string };

/** A parsed request, or why it is refused; the type and input are recorded either way. */
export type Parsed =
  | { request: ParsedRequest; type: string; input: string }
  | { error: string; type: string | null; input: string | null };

const OPTION_NAMES: readonly OptionName[] = ['department', 'seniority', 'employee_count'];

export function parseEnrichment(body: string | undefined, contentType: string | undefined): Parsed {
  const invalid = (error: string, type: string | null = null, input: string | null = null): Parsed => ({
    error,
    type,
    input,
  });
  if (contentType !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim())) {
    return invalid('Content-Type must be application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    return invalid('Request body must be a JSON object');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return invalid('Request body must be a JSON object');
  }
  const fields = json as Record<string, unknown>;
  const type = typeof fields.type === 'string' ? fields.type : null;
  const input = typeof fields.input_data === 'string' ? fields.input_data : null;
  if (type === null) return invalid('type is required');
  const op = operationOf(type);
  if (op === undefined) return invalid(`Unknown type "${type.slice(0, 80)}"`, type, input);
  if (input === null || input.length === 0)
    return invalid('input_data must be a non-empty string', type, input);
  const filters = parseFilters(fields, op);
  if (typeof filters === 'string') return invalid(filters, type, input);
  return { request: { op, input, filters }, type, input };
}

/** The employee-list options of a request, or why they are refused. */
function parseFilters(
  fields: Record<string, unknown>,
  op: { options: readonly string[] },
): EmployeeFilters | string {
  const filters: { -readonly [K in keyof EmployeeFilters]: EmployeeFilters[K] } = {};
  for (const name of OPTION_NAMES) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (!op.options.includes(name)) return `${name} is only accepted by employee-list operations`;
    if (name === 'employee_count') {
      if (!isCount(value)) return 'employee_count must be an integer of at least 1';
      filters.limit = value;
    } else if (isText(value)) filters[name] = value;
    else return `${name} must be a non-empty string`;
  }
  return filters;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function routeOf(path: string): Route | null {
  if (path === '/') return { kind: 'enrich' };
  const jobId = /^\/status\/([^/]+)$/.exec(path)?.[1];
  return jobId === undefined ? null : { kind: 'status', jobId: safeDecode(jobId) };
}

export function pathOf(url: string): string {
  if (url.startsWith('/')) return url.replace(/[?#].*$/, '');
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
