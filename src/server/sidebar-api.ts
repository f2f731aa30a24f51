// Server side of the sidebar's calls (src/shared/rpc.ts). Each answer is safe to show: no key.
import { redactKey } from '../core/api/api-key';
import { enrich } from '../core/api/client';
import { recordSpend } from '../core/billing/budget';
import { creditsFor } from '../core/billing/charges';
import { operationByType } from '../core/operations/table';
import { creditsText } from '../core/text/credits';
import type { KeyScope, KeyStatus, KeyTestResult, SidebarState } from '../shared/rpc';
import { keyStatus, removeApiKey, storeApiKey } from './api-key';
import { installDrivers, removeDrivers } from './collector/edit-open-triggers';
import { DASHBOARD_URL } from './config';
import { type ExecutionContext, executionContext } from './context';

/** The key test is a real, paid lookup (the API has no free check): the cheapest there is. */
const KEY_TEST = { type: 'company_name_to_website', input_data: 'Google' } as const;
const KEY_TEST_OP = operationByType(KEY_TEST.type)!;
const KEY_TEST_COST = KEY_TEST_OP.pricing.credits;

/** Opening the sidebar is a context with full authorization: the collector's drivers go in. */
export function getSidebarState(): SidebarState {
  const key = keyStatus();
  if (key.configured) {
    installDrivers();
    // Answers a formula could only stash in the fast cache go to the hidden sheet while it may.
    try {
      executionContext({ canWriteSheets: true })?.deps.cache.moveStash();
    } catch {
      // Still stashed: the next sidebar call or bulk slice moves them.
    }
  }
  return { key, dashboardUrl: DASHBOARD_URL, testCost: KEY_TEST_COST };
}

export function setApiKey(key: string, scope: KeyScope): KeyStatus {
  const status = storeApiKey(key, scope === 'document' ? 'document' : 'user');
  installDrivers();
  return status;
}

/** The collector's drivers go with the key: without it they could collect nothing. */
export function clearApiKey(): KeyStatus {
  const scope = executionContext()?.scope;
  const status = removeApiKey();
  if (scope !== undefined) removeDrivers(scope);
  return status;
}

export function testApiKey(): KeyTestResult {
  const context = executionContext({ canWriteSheets: true });
  if (!context) return { ok: false, message: 'No API key saved yet.', creditsSpent: 0 };
  const { client } = context.deps;
  const outcome = enrich(client, KEY_TEST, {
    deadline: client.clock.now() + 20_000,
    retryServerErrors: false,
    // A test whose answer a network failure lost is not worth a possible second charge.
    resendLost: false,
    ...(context.deps.pacer ? { pacer: context.deps.pacer } : {}),
  });
  // A 202 is charged when its job completes, and nobody collects this one: count the flat price.
  const spent = outcome.kind === 'pending' ? KEY_TEST_COST : creditsFor(KEY_TEST_OP, outcome);
  if (spent > 0) bookKeyTest(context, spent);
  if (outcome.kind !== 'failed') {
    return {
      ok: true,
      message: `The key works (this test cost ${creditsText(KEY_TEST_COST)}).`,
      creditsSpent: spent,
    };
  }
  const { error } = outcome;
  // Only an answer from the API says the key works: a 401 says it does not, and a call that never
  // reached it (refused by Google, lost, not sent) says nothing.
  const ok = error.code !== 'unauthorized' && error.status !== undefined;
  return { ok, message: redactKey(error.message, context.apiKey), creditsSpent: spent };
}

/** The test's credit goes in the spend ledger with the rest, so that it matches the account. */
function bookKeyTest(context: ExecutionContext, credits: number): void {
  const { store, lock, client } = context.deps;
  try {
    recordSpend({ store, lock, clock: client.clock }, context.day, 'keyTest', [
      { type: KEY_TEST.type, credits },
    ]);
  } catch {
    // The ledger was busy: the answer to the test matters more than its line in the ledger.
  }
}
