// The local playground over HTTP: a Sheets-like page, the add-on's real sidebar with a
// google.script.run bridge, and JSON endpoints over the files (files.ts: the demo user's
// spreadsheets, each the add-on in an emulator, on one virtual clock, against one fake API). It
// listens on the loopback interface only: it has no authentication, and anyone who can reach it
// can spend the demo account's credits.

import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { parseHostileSpec } from '../fake-api/hostile';
import { Files } from './files';
import {
  checkHost,
  HttpError,
  LOOPBACK_HOSTS,
  readJson,
  rowsField,
  send,
  sendJson,
  stringField,
} from './http';
import { listenFrom } from './ports';
import { withScriptRun } from './script-run';
import type { RowWindow } from './state';
import type { Workbook } from './workbook';

export interface PlaygroundOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** When the port is in use, how many of the ports after it to try. Default 0: none. */
  nextPorts?: number;
  /** A loopback address; default 127.0.0.1. */
  host?: string;
  /** The built add-on: Code.js and Sidebar.html. */
  distDir: string;
  /** Hostile answers the fake API gives (fake-api/hostile.ts `parseHostileSpec`), e.g. `deep`. */
  hostile?: string;
  /** POSTs a second the fake API allows the demo key; the fake's default (1, as the vendor documents) unless given. */
  rate?: number;
}

export interface RunningPlayground {
  /** e.g. `http://127.0.0.1:8080` */
  url: string;
  /** The port listened on: the one asked for, or the next free one. */
  port: number;
  /** The demo account's key, which the add-on saved at the start. */
  demoKey: string;
  /**
   * Whether virtual time follows wall time while idle (on at the start). A test turns it off to
   * read a state that a slow machine would otherwise let the clock move past; "+1 min" still moves it.
   */
  followWallTime(follow: boolean): void;
  close(): Promise<void>;
}

// Beside this file when run from source (tests); from .build/ when bundled by scripts/run-ts.mjs.
const PAGE_DIR = existsSync(join(__dirname, 'page', 'page.html'))
  ? join(__dirname, 'page')
  : join(__dirname, '..', 'tools', 'playground', 'page');
const TICK_MS = 1000;
const MAX_ADVANCE_MINUTES = 60;

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-src 'self'";
// The add-on's HTML inlines its script and styles, as Apps Script serves it; it may call only us.
const ADDON_HTML_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:";

interface Assets {
  readonly html: string;
  readonly css: string;
  readonly js: string;
}

/** The page's script and its styles, each bundled from its modules into one file. */
async function loadAssets(): Promise<Assets> {
  const bundle = async (entry: string, script: boolean) => {
    const result = await esbuild.build({
      entryPoints: [join(PAGE_DIR, entry)],
      bundle: true,
      write: false,
      ...(script ? { format: 'iife', target: 'es2020' } : {}),
      logLevel: 'error',
    });
    return result.outputFiles[0]!.text;
  };
  return {
    html: readFileSync(join(PAGE_DIR, 'page.html'), 'utf8'),
    css: await bundle('page.css', false),
    js: await bundle('main.ts', true),
  };
}

export async function startPlayground(options: PlaygroundOptions): Promise<RunningPlayground> {
  const { port = 8080, host = '127.0.0.1', distDir } = options;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`The playground listens on a loopback address only (it has no login); got ${host}`);
  }
  const assets = await loadAssets();
  const files = new Files(distDir, options.rate);
  for (const { type, kind } of parseHostileSpec(options.hostile ?? '')) files.api.setHostile(type, kind);
  const server = createServer((req, res) => {
    handle(files, assets, req, res).catch((error: unknown) => {
      // A RangeError is a request naming something that is not there (a cell that is not A1).
      const status = error instanceof HttpError ? error.status : error instanceof RangeError ? 400 : 500;
      sendJson(res, status, { message: error instanceof Error ? error.message : String(error) });
    });
  });

  // Virtual time follows wall time between requests, so a user who waits sees jobs finish.
  let following = true;
  const ticker = setInterval(() => {
    if (!following) return;
    try {
      files.tick(TICK_MS);
    } catch (error) {
      console.error('playground: advancing the clock failed:', error);
    }
  }, TICK_MS);
  ticker.unref();

  const listening = await listenFrom(server, host, port, port === 0 ? 0 : (options.nextPorts ?? 0));
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${listening}`,
    port: listening,
    demoKey: files.demoKey,
    followWallTime: (follow) => {
      following = follow;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(ticker);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The rows the page shows, from the query string (`?top=41&rows=60`); the first rows otherwise. */
function windowOf(url: URL): RowWindow | undefined {
  const top = Number(url.searchParams.get('top'));
  const rows = Number(url.searchParams.get('rows'));
  return top > 0 && rows > 0 ? { top, rows } : undefined;
}

type Body = Record<string, unknown>;

/** Requests that change the shown file; each answers the new state, and some extra fields. */
const CHANGES: Record<string, (workbook: Workbook, body: Body) => unknown> = {
  '/api/cell': (workbook, body) => workbook.setCell(stringField(body, 'a1'), stringField(body, 'input')),
  '/api/select': (workbook, body) => workbook.select(stringField(body, 'a1')),
  '/api/paste': (workbook, body) => ({
    pasted: workbook.paste(stringField(body, 'a1'), rowsField(body, 'rows')),
  }),
  '/api/clear': (workbook, body) => workbook.clear(stringField(body, 'a1')),
  '/api/fill-down': (workbook, body) => ({ filled: workbook.fillDown(stringField(body, 'a1')) }),
  '/api/undo': (workbook) => ({ undone: workbook.undo() }),
  '/api/sheet': (workbook, body) => workbook.selectSheet(stringField(body, 'name')),
  '/api/structure': (workbook, body) => changeStructure(workbook, body),
  '/api/open': (workbook) => workbook.open(),
  '/api/form-response': (workbook) => workbook.simulateFormResponse(),
  '/api/demo-key': (workbook) => ({ refused: workbook.useDemoKey() }),
  '/api/menu': (workbook, body) => {
    if (typeof body.selection === 'string') workbook.select(body.selection);
    return { ...workbook.runMenuItem(stringField(body, 'caption')) };
  },
};

/** Insert, Delete, the tabs' actions and View > Hidden sheets (structure.ts), by `action`. */
function changeStructure(workbook: Workbook, body: Body): unknown {
  if (typeof body.selection === 'string') workbook.select(body.selection);
  const name = () => stringField(body, 'name');
  const actions: Record<string, () => unknown> = {
    'rows-above': () => workbook.structure.insertRows('above'),
    'rows-below': () => workbook.structure.insertRows('below'),
    'delete-rows': () => workbook.structure.deleteRows(),
    'columns-left': () => workbook.structure.insertColumns('left'),
    'columns-right': () => workbook.structure.insertColumns('right'),
    'delete-columns': () => workbook.structure.deleteColumns(),
    'add-sheet': () => ({ added: workbook.structure.addSheet() }),
    'rename-sheet': () => workbook.structure.renameSheet(name(), stringField(body, 'to')),
    'hide-sheet': () => workbook.structure.hideSheet(name()),
    'show-sheet': () => workbook.structure.showSheet(name()),
    'delete-sheet': () => workbook.structure.deleteSheet(name()),
  };
  const action = actions[stringField(body, 'action')];
  if (!action) throw new HttpError(400, `No such action: ${String(body.action)}`);
  return action();
}

/** Requests about the files or time, which every file shares. */
const DESK_CHANGES: Record<string, (files: Files, body: Body) => unknown> = {
  '/api/file': (files, body) => files.show(stringField(body, 'name')),
  '/api/new-file': (files) => files.newSpreadsheet(),
  '/api/top-up': (files) => files.topUp(),
  '/api/advance': (files, body) => {
    const minutes = body.minutes;
    if (typeof minutes !== 'number' || !(minutes > 0) || minutes > MAX_ADVANCE_MINUTES)
      throw new HttpError(400, `minutes must be a number from 0 to ${MAX_ADVANCE_MINUTES}`);
    files.advance(minutes * 60_000);
  },
};

/** A change request's handler, on the shown file or on the files. */
function changeOf(files: Files, req: IncomingMessage, path: string): ((body: Body) => unknown) | undefined {
  if (req.method !== 'POST') return undefined;
  const onFile = CHANGES[path];
  if (onFile) return (body) => onFile(files.active, body);
  const onDesk = DESK_CHANGES[path];
  return onDesk ? (body) => onDesk(files, body) : undefined;
}

async function handle(files: Files, assets: Assets, req: IncomingMessage, res: ServerResponse) {
  checkHost(req);
  const url = new URL(req.url ?? '/', 'http://playground.local');
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  const change = changeOf(files, req, url.pathname);
  if (change) {
    const extra = change(await readJson(req));
    const fields = typeof extra === 'object' && extra !== null ? extra : {};
    // The shown file after the change: it may be another one (File menu).
    return sendJson(res, 200, { ...fields, state: files.active.state(windowOf(url)) });
  }
  const workbook = files.active;
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
      return sendJson(res, 200, workbook.state(windowOf(url)));
    case 'GET /sidebar':
      return send(res, 200, 'text/html', withScriptRun(workbook.sidebarHtml()), ADDON_HTML_CSP);
    case 'POST /rpc':
      return rpc(workbook, await readJson(req), res);
  }
  const shown = /^GET \/shown\/(\d+)$/.exec(route);
  const html = shown ? workbook.shownHtml(Number(shown[1])) : null;
  if (html !== null) return send(res, 200, 'text/html', withScriptRun(html), ADDON_HTML_CSP);
  throw new HttpError(404, `No such page: ${url.pathname}`);
}

function rpc(workbook: Workbook, request: Body, res: ServerResponse): void {
  const args = request.args ?? [];
  if (!Array.isArray(args)) throw new HttpError(400, 'args must be an array');
  const outcome = workbook.rpc(stringField(request, 'name'), args);
  if (outcome.status === 200) sendJson(res, 200, { value: outcome.value ?? null });
  else sendJson(res, outcome.status, { message: outcome.message });
}
