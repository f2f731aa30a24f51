// The script's manifest (appsscript.json beside Code.js), as the platform enforces it: a service
// method needs one of its scopes among `oauthScopes`, and UrlFetch reaches only URLs that start
// with an entry of `urlFetchWhitelist`. A script without a manifest file gets the scopes Apps
// Script infers from its code: nothing is refused.
//
// Verified: each method's "Authorization" section in the Apps Script reference lists the scopes
// that allow it; SpreadsheetApp.openById/openByUrl need .../auth/spreadsheets (currentonly covers
// only the document the script is bound to or the add-on runs in); UrlFetchApp needs
// script.external_request; ScriptApp triggers script.scriptapp; Ui and sidebars
// script.container.ui; PropertiesService, CacheService, LockService and Utilities need none.
// The refusal of a URL reads "Request to <url> failed because the URL has not been whitelisted in
// the script manifest." (public reports, e.g. diegomanuel/binance-to-google-sheets#82, 2021).
// Assumed: Session.getEffectiveUser needs userinfo.email (the add-on does not call it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Capability } from './capabilities';
import { gasError, SCOPES } from './errors';

export interface Manifest {
  readonly scopes: ReadonlySet<string>;
  readonly urlAllowlist: readonly string[] | null;
}

const CURRENT_ONLY = 'https://www.googleapis.com/auth/spreadsheets.currentonly';
const READ_ONLY = 'https://www.googleapis.com/auth/spreadsheets.readonly';

/** Any one of these scopes allows a capability; the first is the one the refusal names. */
export const SCOPES_FOR: Partial<Record<Capability, readonly string[]>> = {
  'sheet-read': [SCOPES.spreadsheets, CURRENT_ONLY, READ_ONLY],
  'sheet-write': [SCOPES.spreadsheets, CURRENT_ONLY],
  'sheet-open': [SCOPES.spreadsheets],
  fetch: [SCOPES.externalRequest],
  triggers: [SCOPES.scriptApp],
  ui: [SCOPES.container],
  identity: [SCOPES.userEmail],
  'active-identity': [SCOPES.userEmail],
};

export function readManifest(distDir: string): Manifest | null {
  const file = join(distDir, 'appsscript.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    oauthScopes?: string[];
    urlFetchWhitelist?: string[];
  };
  return {
    scopes: new Set(json.oauthScopes ?? []),
    urlAllowlist: json.urlFetchWhitelist ?? null,
  };
}

/** The scope a capability lacks under `manifest`, or null when the manifest allows it. */
export function missingScope(manifest: Manifest | null, capability: Capability): string | null {
  const allowing = SCOPES_FOR[capability];
  if (!manifest || manifest.scopes.size === 0 || !allowing) return null;
  return allowing.some((scope) => manifest.scopes.has(scope)) ? null : allowing[0]!;
}

/**
 * The refusal of a call whose scope the manifest lacks. Apps Script words it apart from a refusal
 * by the authorization mode: "Specified permissions are not sufficient to call X. Required
 * permissions: <scope>" (public reports quoting DriveApp, ScriptApp.getProjectTriggers and
 * Ui.showModalDialog).
 */
export function notInManifest(call: string, scope: string): Error {
  return gasError(`Specified permissions are not sufficient to call ${call}. Required permissions: ${scope}`);
}

/** Throws Apps Script's refusal for a URL outside the allowlist. */
export function checkAllowlist(manifest: Manifest | null, url: string): void {
  const prefixes = manifest?.urlAllowlist;
  if (!prefixes || prefixes.some((prefix) => url.startsWith(prefix))) return;
  throw gasError(`Request to ${url} failed because the URL has not been whitelisted in the script manifest.`);
}
