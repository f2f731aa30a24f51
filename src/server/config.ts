// Build settings, injected by build.mjs through esbuild's `define`.
declare const __API_BASE_URL__: string;
declare const __DASHBOARD_URL__: string | null;
declare const __LINKS__: PublisherLinks;

interface PublisherLinks {
  /** The support address: an email. */
  support: string;
  privacy: string;
  terms: string;
  /** A help page on the web, when the publisher has one; the built-in help is always there. */
  help: string | null;
}

/** The enrichment API's base URL, fixed at build time so the manifest's URL allowlist matches it. */
export const API_BASE_URL: string = __API_BASE_URL__;

/** The vendor's account dashboard, when the build was told it (ENRICH_DASHBOARD_URL); never guessed. */
export const DASHBOARD_URL: string | null = __DASHBOARD_URL__;

/** The publisher's support, privacy and terms addresses (build settings, scripts/links.mjs). */
export const LINKS: PublisherLinks = __LINKS__;

/** A formula has 30 s before Sheets shows #ERROR!; leave room for start-up and writing the answer. */
export const CUSTOM_FUNCTION_BUDGET_MS = 25_000;

export const ADDON_NAME = 'Enrich for Sheets';
