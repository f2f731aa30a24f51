// The fake API over real HTTP (node:http): a thin wrapper that hands every request to the pure
// handler. Time is whatever clock the FakeApi was built with; the server adds no behaviour.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeApi } from './fake-api';

export interface FakeApiServerOptions {
  api: FakeApi;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RunningFakeApiServer {
  /** Base address, e.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

/** Larger bodies are refused: a real enrichment request is a few hundred bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export function startFakeApiServer(options: FakeApiServerOptions): Promise<RunningFakeApiServer> {
  const { api, port = 0, host = '127.0.0.1' } = options;
  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const response = api.handle({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: flattenHeaders(req),
          body,
        });
        res.writeHead(response.status, response.headers);
        res.end(response.body);
      },
      () => {
        res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ status: 'error', message: 'Request body too large' }));
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Node lists repeated headers as arrays; the handler takes one string per name. */
function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
