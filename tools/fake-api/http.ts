// What the fake API takes and gives: an HTTP request and response as plain objects (server.ts maps
// them to node:http), the responses it builds, and the 5xx failures a test injects.
import type { ErrorResponse } from './wire-types';

export interface FakeRequest {
  method: string;
  /** A full URL or a path; only the path matters. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type FailureScope = 'any' | 'enrich' | 'status';

/** A failure injected by `failNext`: the next request of its scope answers it. */
export interface Failure {
  readonly status: number;
  readonly body: string | undefined;
  readonly scope: FailureScope;
}

/** A plain HTML error page, as a gateway in front of the real API would send. */
export const HTML_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function jsonResponse(status: number, body: unknown): FakeResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

export function errorResponse(status: number, message: string): FakeResponse {
  const body: ErrorResponse = { status: 'error', message };
  return jsonResponse(status, body);
}

export function failureResponse(failure: Failure): FakeResponse {
  const headers: Record<string, string> = failure.status === 503 ? { 'retry-after': '30' } : {};
  if (failure.body === undefined) {
    const message = failure.status === 503 ? 'Service temporarily unavailable' : 'Internal server error';
    const response = errorResponse(failure.status, message);
    return { ...response, headers: { ...response.headers, ...headers } };
  }
  return {
    status: failure.status,
    headers: { 'content-type': sniffContentType(failure.body), ...headers },
    body: failure.body,
  };
}

function sniffContentType(body: string): string {
  if (body.trimStart().startsWith('<')) return 'text/html; charset=utf-8';
  try {
    JSON.parse(body);
    return JSON_HEADERS['content-type'];
  } catch {
    return 'text/plain; charset=utf-8';
  }
}
