// The local playground over HTTP: a small Sheets-like page, the add-on's real sidebar with a
// google.script.run bridge, and JSON endpoints over the Workbook (the add-on in the emulator on a
// virtual clock, against the fake API). It listens on the loopback interface only: it has no
// authentication, and anyone who can reach it can spend the demo account's credits.

import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { parseHostileSpec } from '../fake-api/hostile';
import { withScriptRun } from './script-run';
import { Workbook } from './workbook';

export interface PlaygroundOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** A loopback address; default 127.0.0.1. */
  host?: string;
  /** The built add-on: Code.js and Sidebar.html. */
  distDir: string;
  /** Hostile answers the fake API gives (fake-api/hostile.ts `parseHostileSpec`), e.g. `deep`. */
  hostile?: string;
}

export interface RunningPlayground {
  /** e.g. `http://127.0.0.1:8080` */
  url: string;
  close(): Promise<void>;
}

/** This file's folder, both when run from source (tests) and when bundled into .build/ (npm start). */
// Beside this file when run from source (tests); from .build/ when bundled by scripts/run-ts.mjs.
const PAGE_DIR = existsSync(join(__dirname, 'page', 'page.html'))
  ? join(__dirname, 'page')
  : join(__dirname, '..', 'tools', 'playground', 'page');
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const MAX_BODY_BYTES = 1024 * 1024;
const TICK_MS = 1000;
const MAX_ADVANCE_MINUTES = 60;

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-src 'self'";
// The add-on's HTML inlines its script and styles, as Apps Script serves it; it may call only us.
const ADDON_HTML_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:";

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface Assets {
  readonly html: string;
  readonly css: string;
  readonly js: string;
}

async function loadAssets(): Promise<Assets> {
  const result = await esbuild.build({
    entryPoints: [join(PAGE_DIR, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    logLevel: 'error',
  });
  return {
    html: readFileSync(join(PAGE_DIR, 'page.html'), 'utf8'),
    css: readFileSync(join(PAGE_DIR, 'page.css'), 'utf8'),
    js: result.outputFiles[0]!.text,
  };
}

export async function startPlayground(options: PlaygroundOptions): Promise<RunningPlayground> {
  const { port = 8080, host = '127.0.0.1', distDir } = options;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`The playground listens on a loopback address only (it has no login); got ${host}`);
  }
  const assets = await loadAssets();
  const workbook = new Workbook(distDir);
  for (const { type, kind } of parseHostileSpec(options.hostile ?? '')) workbook.api.setHostile(type, kind);
  const server = createServer((req, res) => {
    handle(workbook, assets, req, res).catch((error: unknown) => {
      // A RangeError is a request naming something that is not there (a cell that is not A1).
      const status = error instanceof HttpError ? error.status : error instanceof RangeError ? 400 : 500;
      sendJson(res, status, { message: error instanceof Error ? error.message : String(error) });
    });
  });

  // Virtual time follows wall time between requests, so a user who waits sees jobs finish.
  const ticker = setInterval(() => {
    try {
      workbook.tick(TICK_MS);
    } catch (error) {
      console.error('playground: advancing the clock failed:', error);
    }
  }, TICK_MS);
  ticker.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(ticker);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(workbook: Workbook, assets: Assets, req: IncomingMessage, res: ServerResponse) {
  checkHost(req);
  const url = new URL(req.url ?? '/', 'http://playground.local');
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /':
      return send(res, 200, 'text/html', assets.html, PAGE_CSP);
    case 'GET /page.js':
      return send(res, 200, 'text/javascript', assets.js);
    case 'GET /page.css':
      return send(res, 200, 'text/css', assets.css);
    case 'GET /favicon.ico':
      res.writeHead(204).end();
      return;
    case 'GET /api/state':
      return sendJson(res, 200, workbook.state());
    case 'POST /api/cell': {
      const body = await readJson(req);
      workbook.setCell(stringField(body, 'a1'), stringField(body, 'input'));
      return sendJson(res, 200, workbook.state());
    }
    case 'POST /api/sheet': {
      workbook.selectSheet(stringField(await readJson(req), 'name'));
      return sendJson(res, 200, workbook.state());
    }
    case 'POST /api/open':
      workbook.open();
      return sendJson(res, 200, workbook.state());
    case 'POST /api/menu': {
      const outcome = workbook.runMenuItem(stringField(await readJson(req), 'caption'));
      return sendJson(res, 200, { ...outcome, state: workbook.state() });
    }
    case 'POST /api/advance': {
      const minutes = (await readJson(req)).minutes;
      if (typeof minutes !== 'number' || !(minutes > 0) || minutes > MAX_ADVANCE_MINUTES)
        throw new HttpError(400, `minutes must be a number from 0 to ${MAX_ADVANCE_MINUTES}`);
      workbook.advance(minutes * 60_000);
      return sendJson(res, 200, workbook.state());
    }
    case 'GET /sidebar':
      return send(res, 200, 'text/html', withScriptRun(workbook.sidebarHtml()), ADDON_HTML_CSP);
    case 'POST /rpc': {
      const request = await readJson(req);
      const args = request.args ?? [];
      if (!Array.isArray(args)) throw new HttpError(400, 'args must be an array');
      const outcome = workbook.rpc(stringField(request, 'name'), args);
      return outcome.status === 200
        ? sendJson(res, 200, { value: outcome.value ?? null })
        : sendJson(res, outcome.status, { message: outcome.message });
    }
  }
  const shown = /^GET \/shown\/(\d+)$/.exec(route);
  const html = shown ? workbook.shownHtml(Number(shown[1])) : null;
  if (html !== null) return send(res, 200, 'text/html', withScriptRun(html), ADDON_HTML_CSP);
  throw new HttpError(404, `No such page: ${url.pathname}`);
}

/**
 * Refuses requests addressed to another host name: a web page cannot reach this server by
 * pointing its own domain at 127.0.0.1 (DNS rebinding).
 */
function checkHost(req: IncomingMessage): void {
  const header = req.headers.host ?? '';
  const name = header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.split(':')[0];
  if (!name || !LOOPBACK_HOSTS.has(name))
    throw new HttpError(421, 'The playground answers on 127.0.0.1 only');
}

function stringField(object: Record<string, unknown>, name: string): string {
  const value = object[name];
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be a string`);
  return value;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
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

function send(res: ServerResponse, status: number, type: string, content: string, csp?: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(csp ? { 'content-security-policy': csp } : {}),
  });
  res.end(content);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json', JSON.stringify(value));
}
