// The addresses the UrlFetch probes reach. In Google they are real (Google's own pages answer fast
// and reliably; httpbin.org/delay holds a request for a second, for the timing of fetchAll); in the
// emulator test/probes/ serves them. The manifest's allowlist holds all but OUTSIDE_ALLOWLIST.

export const URLS = {
  /** Answers 200 quickly. */
  ok: 'https://www.google.com/robots.txt',
  /** Answers 404 with a long HTML body. */
  missing: 'https://www.google.com/enrich-probe-missing-page',
  /** Answers 200 after a second. */
  slow: 'https://httpbin.org/delay/1',
  /** Never resolves (.invalid is reserved): a network failure. */
  unreachable: 'https://probe.invalid/',
  /** Not in the manifest's allowlist. */
  outsideAllowlist: 'https://example.com/',
} as const;

export const URL_ALLOWLIST: readonly string[] = [
  'https://www.google.com/',
  'https://httpbin.org/',
  'https://probe.invalid/',
];
