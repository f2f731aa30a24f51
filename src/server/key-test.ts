// Testing an API key: one real lookup, the cheapest there is (the API has no free check), booked in
// the spend ledger with the rest. The sidebar's Test button tests the saved key; replacing a key
// tests the new one before it takes the place of the old (sidebar-api.ts).
import { enrich } from '../core/api/client';
import type { CallOutcome } from '../core/api/outcome';
import type { Pacer } from '../core/api/pacing';
import { recordSpend } from '../core/billing/budget';
import { creditsFor, purchaseOutcome } from '../core/billing/charges';
import { operationByType } from '../core/operations/table';
import { appsScriptClock, urlFetchPort } from './adapters/apps-script';
import { API_BASE_URL } from './config';
import type { ExecutionContext } from './context';

const KEY_TEST = { type: 'company_name_to_website', input_data: 'Google' } as const;
const KEY_TEST_OP = operationByType(KEY_TEST.type)!;
export const KEY_TEST_COST = KEY_TEST_OP.pricing.credits;

/**
 * Sends the test lookup with `apiKey` and books what it cost in this spreadsheet's ledger (through
 * `booking`, the execution's context, when there is one). Answers its outcome and the credits it
 * cost the key's account (`spent`).
 */
export function runKeyTest(
  apiKey: string,
  booking: ExecutionContext | null,
  pacer?: Pacer,
): { outcome: CallOutcome; spent: number } {
  const client = { baseUrl: API_BASE_URL, apiKey, http: urlFetchPort, clock: appsScriptClock };
  const outcome = enrich(client, KEY_TEST, {
    deadline: client.clock.now() + 20_000,
    retryServerErrors: false,
    // A test whose answer a network failure lost is not worth a possible second charge.
    resendLost: false,
    pacer,
  });
  // A 202 is charged when its job completes, and nobody collects this one: count the flat price.
  const spent = outcome.kind === 'pending' ? KEY_TEST_COST : creditsFor(KEY_TEST_OP, outcome);
  if (spent > 0 && booking) bookKeyTest(booking, spent, outcome);
  return { outcome, spent };
}

/** The test's credit goes in the spend ledger with the rest, so that it matches the account. */
function bookKeyTest(context: ExecutionContext, credits: number, outcome: CallOutcome): void {
  const { store, lock, client } = context.deps;
  const charge = {
    type: KEY_TEST.type,
    credits,
    input: KEY_TEST.input_data,
    served: 'Key test (API key panel)',
    // A 202 nobody collects: charged, its answer never read.
    outcome: outcome.kind === 'pending' ? ('paid' as const) : purchaseOutcome(outcome),
  };
  try {
    recordSpend({ store, lock, clock: client.clock }, context.day(), 'keyTest', [charge]);
  } catch {
    // The ledger was busy: the answer to the test matters more than its line in the ledger.
  }
}
