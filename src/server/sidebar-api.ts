// Server side of the sidebar's calls (src/shared/rpc.ts). Each answer is safe to show: no key.
import { redactKey } from '../core/api-key';
import { enrich } from '../core/client';
import { OPERATIONS } from '../core/operations';
import type { KeyScope, KeyStatus, KeyTestResult, SidebarState } from '../shared/rpc';
import { appsScriptClock, urlFetchPort } from './adapters';
import { keyStatus, readApiKey, removeApiKey, storeApiKey } from './api-key';
import { API_BASE_URL, DASHBOARD_URL } from './config';

/** The key test is a real, paid lookup (the API has no free check): the cheapest there is. */
const KEY_TEST = { type: 'company_name_to_website', input_data: 'Google' } as const;
const KEY_TEST_COST = OPERATIONS.find((op) => op.type === KEY_TEST.type)!.pricing.credits;

export function getSidebarState(): SidebarState {
  return { key: keyStatus(), dashboardUrl: DASHBOARD_URL, testCost: KEY_TEST_COST };
}

export function setApiKey(key: string, scope: KeyScope): KeyStatus {
  return storeApiKey(key, scope === 'document' ? 'document' : 'user');
}

export function clearApiKey(): KeyStatus {
  return removeApiKey();
}

export function testApiKey(): KeyTestResult {
  const found = readApiKey();
  if (!found) return { ok: false, message: 'No API key saved yet.', creditsSpent: 0 };
  const clock = appsScriptClock;
  const outcome = enrich({ baseUrl: API_BASE_URL, apiKey: found.key, http: urlFetchPort, clock }, KEY_TEST, {
    deadline: clock.now() + 20_000,
    retryServerErrors: false,
  });
  if (outcome.kind === 'found' || outcome.kind === 'miss' || outcome.kind === 'pending') {
    return {
      ok: true,
      message: `The key works (this test cost ${KEY_TEST_COST} credit).`,
      creditsSpent: KEY_TEST_COST,
    };
  }
  const { error } = outcome;
  const spent = error.code === 'provider_error' ? KEY_TEST_COST : 0;
  const ok = error.code !== 'unauthorized';
  return { ok, message: redactKey(error.message, found.key), creditsSpent: spent };
}
