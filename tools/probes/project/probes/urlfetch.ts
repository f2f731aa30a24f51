// UrlFetchApp and the manifest's allowlist (U1-U4, U6, M2 of docs/platform-assumptions.md). U5 (each
// request of a fetchAll spends quota) and N1 (what the server saw first) cannot be seen from here.

import { type Probe, seen } from '../../probe';
import { attempt, outcome } from '../store';
import { URLS } from '../urls';

const BATCH = 5;

/** How the message of a failed request shows the body: where it is cut, and whether "..." follows. */
function truncation(message: string): { cutAt: number | null; ellipsis: boolean } {
  const shown = /Truncated server response: ([\s\S]*) \(use muteHttpExceptions/.exec(message)?.[1];
  if (shown === undefined) return { cutAt: null, ellipsis: false };
  const ellipsis = shown.endsWith('...');
  return { cutAt: shown.length - (ellipsis ? 3 : 0), ellipsis };
}

function timed(work: () => unknown): number {
  const start = Date.now();
  work();
  return Date.now() - start;
}

/** `URLS.ok` with a query that makes the whole URL `length` characters long. */
const urlOfLength = (length: number) => `${URLS.ok}?q=${'x'.repeat(length - URLS.ok.length - 3)}`;

export const URLFETCH_PROBES: readonly Probe[] = [
  {
    name: 'u6-url-over-2-kb',
    id: 'U6',
    asks: 'A fetch of a URL of 2,048 characters, then of 2,049: which is refused, with what message?',
    expected: { atTheLimit: 'accepted', overIt: 'Limit Exceeded: URLFetch URL Length.' },
    run: () => {
      const fetch = (length: number) => () =>
        UrlFetchApp.fetch(urlOfLength(length), { muteHttpExceptions: true });
      return seen({ atTheLimit: outcome(fetch(2_048)), overIt: outcome(fetch(2_049)) });
    },
  },
  {
    name: 'u1-error-body-cut',
    id: 'U1',
    asks: 'A 404 with a long body, not muted: where does the error message cut the body?',
    expected: { threw: true, cutAt: 120, ellipsis: true },
    run: () => {
      const fetched = attempt(() => UrlFetchApp.fetch(URLS.missing));
      if (fetched.ok) return seen({ threw: false, cutAt: null, ellipsis: false });
      return seen({ threw: true, ...truncation(fetched.message) }, { message: fetched.message });
    },
  },
  {
    name: 'u2-network-failure',
    id: 'U2',
    asks: 'A fetch of an address that does not resolve, with muteHttpExceptions: what does it throw?',
    expected: { message: `Address unavailable: ${URLS.unreachable}` },
    run: () =>
      seen({ message: outcome(() => UrlFetchApp.fetch(URLS.unreachable, { muteHttpExceptions: true })) }),
  },
  {
    name: 'u3-fetch-all-throws-for-one',
    id: 'U3',
    asks: 'fetchAll of a 200 and a 404 not muted: does it throw, losing the 200?',
    expected: { unmutedFailureThrows: true, mutedCodes: [404, 200] },
    run: () => {
      const unmuted = attempt(() => UrlFetchApp.fetchAll([{ url: URLS.ok }, { url: URLS.missing }]));
      const muted = UrlFetchApp.fetchAll([
        { url: URLS.missing, muteHttpExceptions: true },
        { url: URLS.ok, muteHttpExceptions: true },
      ]);
      return seen(
        {
          unmutedFailureThrows: !unmuted.ok,
          mutedCodes: muted.map((response) => response.getResponseCode()),
        },
        { message: unmuted.ok ? null : unmuted.message },
      );
    },
  },
  {
    name: 'u4-fetch-all-is-concurrent',
    id: 'U4',
    asks: 'fetchAll of 5 requests that each take a second: about one second in all?',
    expected: { concurrent: true },
    run: () => {
      const single = timed(() => UrlFetchApp.fetch(URLS.slow));
      const batch = timed(() => UrlFetchApp.fetchAll(Array.from({ length: BATCH }, () => URLS.slow)));
      return seen({ concurrent: batch < 2 * single }, { singleMs: single, batchOf5Ms: batch });
    },
  },
  {
    name: 'm2-allowlist-refusal',
    id: 'M2',
    asks: "A fetch outside the manifest's urlFetchWhitelist: refused, with what message?",
    expected: {
      message: `Request to ${URLS.outsideAllowlist} failed because the URL has not been whitelisted in the script manifest.`,
    },
    run: () => seen({ message: outcome(() => UrlFetchApp.fetch(URLS.outsideAllowlist)) }),
  },
];
