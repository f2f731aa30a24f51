// UrlFetchApp routed to an in-process handler, with latency on the virtual clock.
//
// Verified: a response code of 400 or more throws unless muteHttpExceptions is true, with
// "Request failed for <scheme://host> returned code N. Truncated server response: <start of body>
// (use muteHttpExceptions option to examine full response)"; fetchAll sends its requests concurrently
// and answers in order; a string payload defaults to application/x-www-form-urlencoded; consumer
// accounts get 20,000 calls a day, then "Service invoked too many times for one day: urlfetch.".
// Assumed: the body is cut at about 120 characters (public reports vary between 110 and 150); a
// handler that throws stands for a network failure, shown as "Address unavailable: <url>"; fetchAll
// throws for the first failed request that did not mute exceptions; a URL over 2 KB (Quotas: "URL
// Fetch URL length 2 KB") is refused before anything is sent, with "Limit Exceeded: URLFetch URL
// Length." (wording unverified).
// Ids in docs/platform-assumptions.md: U1 truncation, U2 network failure, U3 fetchAll, U4, U5, U6.

import { Buffer } from 'node:buffer';
import { gasError } from './errors';
import { checkAllowlist } from './manifest';
import type { Runtime } from './runtime';
import { FakeBlob, toSignedBytes } from './utilities';

export interface FetchRequest {
  /** Upper case, as on the wire: 'GET', 'POST', ... */
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface FetchResponse {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body: string;
}

export type FetchHandler = (request: FetchRequest) => FetchResponse;

export interface FetchRecord extends FetchRequest {
  readonly at: number;
  /** Null when the handler failed (a simulated network error). */
  readonly status: number | null;
  /** Requests sent by one fetchAll share a batch number; a single fetch has its own. */
  readonly batch: number;
}

export interface UrlFetchOptions {
  readonly handler: FetchHandler;
  /** Virtual milliseconds each round trip takes; a function can vary it per request. Default 300. */
  readonly latencyMs?: number | ((request: FetchRequest) => number);
  /** Calls allowed per rolling day. Default 20,000 (consumer accounts). */
  readonly dailyQuota?: number;
}

export const URLFETCH_DAILY_QUOTA = 20_000;
export const DEFAULT_LATENCY_MS = 300;
const TRUNCATE_AT = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

type Options = GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;
type Request = GoogleAppsScript.URL_Fetch.URLFetchRequest;

export class FakeHttpResponse {
  readonly #status: number;
  readonly #headers: Record<string, string>;
  readonly #body: string;

  constructor(response: FetchResponse) {
    this.#status = response.status;
    this.#headers = { ...(response.headers ?? {}) };
    this.#body = response.body;
  }

  getResponseCode(): number {
    return this.#status;
  }

  getContentText(_charset?: string): string {
    return this.#body;
  }

  getContent(): number[] {
    return toSignedBytes(Buffer.from(this.#body, 'utf8'));
  }

  getHeaders(): Record<string, string> {
    return { ...this.#headers };
  }

  getAllHeaders(): Record<string, string> {
    return { ...this.#headers };
  }

  getBlob(): FakeBlob {
    const type = Object.entries(this.#headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    return new FakeBlob(Buffer.from(this.#body, 'utf8'), type ?? null);
  }
}

export class FakeUrlFetchApp {
  readonly #runtime: Runtime;
  readonly #options: UrlFetchOptions;
  readonly #log: FetchRecord[] = [];
  #nextBatch = 1;
  #quotaWindow: { start: number; used: number } | null = null;

  constructor(runtime: Runtime, options: UrlFetchOptions) {
    this.#runtime = runtime;
    this.#options = options;
  }

  /** Every request sent, in order, with the virtual time it left. */
  get log(): readonly FetchRecord[] {
    return this.#log;
  }

  fetch(url: string, params?: Options): FakeHttpResponse {
    this.#runtime.enter('fetch', 'UrlFetchApp.fetch');
    const [response] = this.#send([{ ...(params ?? {}), url }]);
    return response!;
  }

  fetchAll(requests: (Request | string)[]): FakeHttpResponse[] {
    this.#runtime.enter('fetch', 'UrlFetchApp.fetchAll');
    return this.#send(requests.map((request) => (typeof request === 'string' ? { url: request } : request)));
  }

  /** Sends a batch at one instant; the batch costs its slowest round trip. */
  #send(requests: Request[]): FakeHttpResponse[] {
    const prepared = requests.map(toWire);
    for (const request of prepared) {
      checkAllowlist(this.#runtime.manifest, request.url);
      if (request.url.length > URL_LIMIT) throw gasError('Limit Exceeded: URLFetch URL Length.');
    }
    this.#spendQuota(prepared.length);
    const batch = this.#nextBatch++;
    const at = this.#runtime.clock.now();
    const outcomes = prepared.map((request) => {
      try {
        const answer = this.#options.handler(request);
        this.#log.push({ ...request, at, status: answer.status, batch });
        return answer;
      } catch {
        this.#log.push({ ...request, at, status: null, batch });
        return null;
      }
    });
    const latency = Math.max(0, ...prepared.map((request) => this.#latency(request)));
    this.#runtime.clock.block(latency, 'fetch');
    return outcomes.map((answer, i) => {
      const request = requests[i]!;
      const wire = prepared[i]!;
      if (answer === null) throw gasError(`Address unavailable: ${wire.url}`);
      if (answer.status >= 400 && request.muteHttpExceptions !== true) throw requestFailed(wire.url, answer);
      return new FakeHttpResponse(answer);
    });
  }

  #latency(request: FetchRequest): number {
    const latency = this.#options.latencyMs ?? DEFAULT_LATENCY_MS;
    return typeof latency === 'function' ? latency(request) : latency;
  }

  #spendQuota(calls: number): void {
    const now = this.#runtime.clock.now();
    const limit = this.#options.dailyQuota ?? URLFETCH_DAILY_QUOTA;
    if (!this.#quotaWindow || now - this.#quotaWindow.start >= DAY_MS)
      this.#quotaWindow = { start: now, used: 0 };
    if (this.#quotaWindow.used + calls > limit)
      throw gasError('Service invoked too many times for one day: urlfetch.');
    this.#quotaWindow.used += calls;
  }
}

/** UrlFetch's longest URL (Quotas: 2 KB), counted in characters of the URL as sent. */
const URL_LIMIT = 2_048;

function toWire(request: Request): FetchRequest {
  let parsed: URL;
  try {
    parsed = new URL(request.url);
  } catch {
    throw gasError(`Invalid argument: ${request.url}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = String(value);
  const method = (request.method ?? 'get').toUpperCase();
  const payload = request.payload;
  if (payload === undefined || payload === null) return { method, url: parsed.href, headers };
  headers['Content-Type'] = request.contentType ?? 'application/x-www-form-urlencoded';
  return { method, url: parsed.href, headers, body: payloadText(payload) };
}

function payloadText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (payload instanceof FakeBlob) return payload.getDataAsString();
  // An object payload is sent as a form, as Apps Script does.
  return new URLSearchParams(
    Object.entries(payload as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
}

function requestFailed(url: string, response: FetchResponse): Error {
  const origin = new URL(url).origin;
  const body =
    response.body.length > TRUNCATE_AT ? `${response.body.slice(0, TRUNCATE_AT)}...` : response.body;
  return gasError(
    `Request failed for ${origin} returned code ${response.status}. Truncated server response: ${body} ` +
      '(use muteHttpExceptions option to examine full response)',
  );
}
