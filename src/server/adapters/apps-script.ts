// Apps Script implementations of the core's ports. Kept thin: logic lives in src/core.

import { retryAfterOf } from '../../core/api/retry-after';
import type {
  BatchStorePort,
  ClockPort,
  HashPort,
  HttpPort,
  HttpRequest,
  HttpResponse,
  LockPort,
  TtlCachePort,
  ZipPort,
} from '../../core/platform/ports';
import { CALL_TEXTS } from '../../core/text/catalogue/sidebar/calls';
import { errorMessage } from '../../core/text/error-message';

type Cache = GoogleAppsScript.Cache.Cache;
type Lock = GoogleAppsScript.Lock.Lock;

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
  const status = response.getResponseCode();
  const body = response.getContentText();
  // Only a refusal's headers matter: how long the API asks everyone to wait.
  if (status !== 429) return { status, body };
  return { status, body, retryAfterMs: retryAfterOf(response.getHeaders() as Record<string, unknown>) };
}

// A network failure (DNS, timeout, reset) of one request makes fetchAll throw for the whole batch,
// even muted, and every answer of the batch is lost, including those of POSTs the API received
// and charged. Sending them again here would buy them twice without anyone knowing, so the batch
// comes back unanswered and the client decides what may be sent again, and records it.
/** A refusal Apps Script makes before sending: the daily quota. */
const QUOTA_SPENT = /Service invoked too many times/i;
/**
 * Refusals Apps Script makes before sending, for want of authorization: a scope the manifest lacks
 * ("Specified permissions are not sufficient to call UrlFetchApp.fetchAll. Required permissions:
 * …"), a scope the user's grant lacks ("You do not have permission to call UrlFetchApp.fetch…"),
 * a grant that lapsed ("Authorization is required to perform that action.", what an add-on's
 * trigger meets after an update asks for a new scope: ScriptApp.AuthorizationStatus.REQUIRED),
 * a URL outside the manifest's allowlist ("… has not been whitelisted in the script manifest.").
 */
const NOT_AUTHORIZED =
  /permissions are not sufficient to call UrlFetchApp|do not have permission to call UrlFetchApp|Authorization is required to perform that action|has not been whitelisted in the script manifest/i;

function unanswered(requests: readonly HttpRequest[], error: unknown): HttpResponse[] {
  const body = errorMessage(error);
  const fate = NOT_AUTHORIZED.test(body) ? 'unauthorized' : QUOTA_SPENT.test(body) ? 'unsent' : 'unknown';
  return requests.map(() => ({ status: 0, body, fate }));
}

export const urlFetchPort: HttpPort = {
  fetchAll(requests) {
    if (requests.length === 0) return [];
    try {
      return UrlFetchApp.fetchAll(requests.map(toFetchParams)).map(fromFetch);
    } catch (error) {
      return unanswered(requests, error);
    }
  },
};

export const appsScriptClock: ClockPort = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

export function batchStorePort(store: GoogleAppsScript.Properties.Properties): BatchStorePort {
  return {
    getAll: () => store.getProperties(),
    setMany: (entries) => {
      const keys = Object.keys(entries);
      // One key is one setProperty: the lighter call (62 ms against 70, Properties' published cost).
      if (keys.length === 1) store.setProperty(keys[0]!, entries[keys[0]!]!);
      else if (keys.length > 1) store.setProperties(entries);
    },
    removeMany: (keys) => {
      for (const key of keys) store.deleteProperty(key);
    },
  };
}

/** `cache` or how to get it on first use: an execution that never reads it makes no call for it. */
export function ttlCachePort(cache: Cache | (() => Cache)): TtlCachePort {
  const got = lazily(cache);
  return {
    getMany: (keys) => (keys.length > 0 ? got().getAll([...keys]) : {}),
    putMany: (entries, ttlSeconds) => {
      if (Object.keys(entries).length > 0) got().putAll(entries, ttlSeconds);
    },
    removeMany: (keys) => {
      if (keys.length > 0) got().removeAll([...keys]);
    },
  };
}

/**
 * How deep each lock object is held by this execution's sections: a nested section (the pacer
 * inside a pass that holds the lock) must not release the outer hold. Counted here, so that the
 * common case, no section open, asks Google nothing more than the lock; a count above zero is
 * confirmed with `hasLock` (another execution's object may not be this one's).
 */
const holds = new WeakMap<Lock, number>();

/** `lock` or how to get it on first use: a formula answered from the cache takes no lock object. */
export function lockPort(lock: Lock | (() => Lock)): LockPort {
  const got = lazily(lock);
  return {
    withLock(timeoutMs, work) {
      const held = got();
      const depth = holds.get(held) ?? 0;
      // Unverified: that hasLock answers true for the same Lock object its caller acquired.
      const nested = depth > 0 && held.hasLock();
      if (!nested && !held.tryLock(timeoutMs)) throw new Error(CALL_TEXTS.noLock.text);
      holds.set(held, nested ? depth + 1 : 1);
      try {
        return work();
      } finally {
        holds.set(held, nested ? depth : 0);
        if (!nested) held.releaseLock();
      }
    },
  };
}

function lazily<T extends object>(given: T | (() => T)): () => T {
  if (typeof given !== 'function') return () => given;
  let got: T | undefined;
  return () => (got ??= (given as () => T)());
}

export const digestHashPort: HashPort = {
  sha256Hex(text) {
    const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8);
    return bytes.map((b) => ((b + 256) % 256).toString(16).padStart(2, '0')).join('');
  },
};

export const gzipPort: ZipPort = {
  zip(text) {
    const blob = Utilities.newBlob(text, 'application/json', 'answer.json');
    return Utilities.base64Encode(Utilities.gzip(blob).getBytes());
  },
  unzip(packed) {
    const blob = Utilities.newBlob(Utilities.base64Decode(packed), 'application/x-gzip', 'answer.json.gz');
    return Utilities.ungzip(blob).getDataAsString('UTF-8');
  },
};
