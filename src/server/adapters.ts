// Apps Script implementations of the core's ports. Kept thin: logic lives in src/core.
import type { ClockPort, HttpPort, HttpRequest, HttpResponse, KeyValuePort } from '../core/ports';

function toFetchParams(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  return {
    url: request.url,
    method: request.method,
    headers: request.headers,
    contentType: request.headers['Content-Type'],
    payload: request.payload,
    // Non-2xx answers come back as responses: the client decides what each status means.
    muteHttpExceptions: true,
    followRedirects: false,
  };
}

function fromFetch(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return { status: response.getResponseCode(), body: response.getContentText() };
}

/** A network failure (DNS, timeout) makes fetchAll throw for the whole batch, even muted. */
function fetchOneByOne(requests: readonly HttpRequest[]): HttpResponse[] {
  return requests.map((request) => {
    try {
      return fromFetch(UrlFetchApp.fetch(request.url, toFetchParams(request)));
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
  });
}

export const urlFetchPort: HttpPort = {
  fetchAll(requests) {
    if (requests.length === 0) return [];
    try {
      return UrlFetchApp.fetchAll(requests.map(toFetchParams)).map(fromFetch);
    } catch {
      return fetchOneByOne(requests);
    }
  },
};

export const appsScriptClock: ClockPort = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

export function propertiesPort(store: GoogleAppsScript.Properties.Properties): KeyValuePort {
  return {
    get: (key) => store.getProperty(key),
    set: (key, value) => {
      store.setProperty(key, value);
    },
    remove: (key) => {
      store.deleteProperty(key);
    },
  };
}
