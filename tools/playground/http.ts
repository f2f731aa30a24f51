// The playground's HTTP plumbing: errors with a status, JSON bodies read with limits, answers with
// the headers every page needs, and the host check that keeps other sites out.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Refuses requests addressed to another host name: a web page cannot reach this server by
 * pointing its own domain at 127.0.0.1 (DNS rebinding).
 */
export function checkHost(req: IncomingMessage): void {
  const header = req.headers.host ?? '';
  const name = header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.split(':')[0];
  if (!name || !LOOPBACK_HOSTS.has(name))
    throw new HttpError(421, 'The playground answers on 127.0.0.1 only');
}

export function stringField(object: Record<string, unknown>, name: string): string {
  const value = object[name];
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be a string`);
  return value;
}

/** Rows of text cells, as a paste sends them. */
export function rowsField(object: Record<string, unknown>, name: string): string[][] {
  const value = object[name];
  const valid =
    Array.isArray(value) &&
    value.every((line) => Array.isArray(line) && line.every((cell) => typeof cell === 'string'));
  if (!valid) throw new HttpError(400, `${name} must be rows of text`);
  return value as string[][];
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  // JSON only: another site's page cannot send it without a CORS preflight we never grant.
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new HttpError(415, 'Send JSON (Content-Type: application/json)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new HttpError(400, 'The body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function send(res: ServerResponse, status: number, type: string, content: string, csp?: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(csp ? { 'content-security-policy': csp } : {}),
  });
  res.end(content);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json', JSON.stringify(value));
}
