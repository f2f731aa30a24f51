// The two requests the add-on sends: a POST of a lookup and a GET of a job's status.
import type { HttpRequest } from '../platform/ports';
import type { ClientConfig } from './outcome';
import type { EnrichmentRequest } from './wire';

function apiRoot(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

export function postRequest(cfg: ClientConfig, request: EnrichmentRequest): HttpRequest {
  return {
    method: 'post',
    url: `${apiRoot(cfg.baseUrl)}/`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cfg.apiKey}` },
    payload: JSON.stringify(request),
  };
}

// The status address is built from our own base URL, never taken from the 202's `poll_url`: that
// address could point at a host outside the manifest's URL allowlist (the fetch would fail), and
// following it would hand the API key to whatever host the answer named.
export function statusRequest(cfg: ClientConfig, jobId: string): HttpRequest {
  return {
    method: 'get',
    url: `${apiRoot(cfg.baseUrl)}/status/${encodeURIComponent(jobId)}`,
    headers: { Authorization: `Bearer ${cfg.apiKey}` },
  };
}
