// Server side of the sidebar's calls (src/shared/rpc.ts). Each answer is safe to show: no key.
import { redactKey } from '../core/api-key';
import { recordSpend } from '../core/budget';
import { enrich } from '../core/client';
import { OPERATIONS } from '../core/operations';
import type { KeyScope, KeyStatus, KeyTestResult, SidebarState } from '../shared/rpc';
import { keyStatus, removeApiKey, storeApiKey } from './api-key';
import { DASHBOARD_URL } from './config';
import { type ExecutionContext, executionContext } from './context';

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
  const context = executionContext({ canWriteSheets: true });
  if (!context) return { ok: false, message: 'No API key saved yet.', creditsSpent: 0 };
  const { client } = context.deps;
  const outcome = enrich(client, KEY_TEST, {
    deadline: client.clock.now() + 20_000,
    retryServerErrors: false,
    ...(context.deps.pacer ? { pacer: context.deps.pacer } : {}),
  });
  // Answered (a 202 included) or a provider error inside a 200: the API charged the lookup.
  const charged = outcome.kind !== 'failed' || outcome.error.code === 'provider_error';
  const spent = charged ? KEY_TEST_COST : 0;
  if (charged) bookKeyTest(context);
  if (outcome.kind !== 'failed') {
    return {
      ok: true,
      message: `The key works (this test cost ${KEY_TEST_COST} credit).`,
      creditsSpent: spent,
    };
  }
  const { error } = outcome;
  const ok = error.code !== 'unauthorized';
  return { ok, message: redactKey(error.message, context.apiKey), creditsSpent: spent };
}

/** The test's credit goes in the spend ledger with the rest, so that it matches the account. */
function bookKeyTest(context: ExecutionContext): void {
  const { store, lock, client } = context.deps;
  try {
    recordSpend({ store, lock, clock: client.clock }, context.day, 'keyTest', [
      { type: KEY_TEST.type, credits: KEY_TEST_COST },
    ]);
  } catch {
    // The ledger was busy: the answer to the test matters more than its line in the ledger.
  }
}
