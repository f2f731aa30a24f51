// An employee list shorter than its query asked may have been cut short: the API charges 0.5 credit
// an employee returned and, when the balance runs out, returns what it covers. The add-on cannot
// read the balance, so before it says so it asks the API a question that costs nothing either way.
import { enrich } from '../api/client';
import type { ClientConfig } from '../api/outcome';
import type { EnrichmentRequest } from '../api/wire';
import { ASSUMED_DEFAULT_EMPLOYEES } from '../billing/charges';
import { resultItems } from '../render/tables';

/**
 * How many employees the list's query asked for (its max, or the list size the API gives without
 * one, assumed), when the list holds fewer and `ranOut()` says the credits ran out; else undefined.
 */
export function cutShortFrom(request: EnrichmentRequest, result: unknown, ranOut: () => boolean) {
  const asked = request.employee_count ?? ASSUMED_DEFAULT_EMPLOYEES;
  return resultItems(result).length < asked && ranOut() ? asked : undefined;
}

/**
 * One employee at a domain reserved never to name anything (RFC 2606's `.invalid`): no employee
 * comes back, so it costs nothing (a list is paid per employee returned), and the API refuses it
 * (402) only when the balance cannot pay for a single employee.
 */
const BALANCE_PROBE: EnrichmentRequest = {
  type: 'company_domain_to_employees',
  input_data: 'nobody.invalid',
  employee_count: 1,
};

/**
 * Whether the account's credits have run out: true only on the API's 402. Its job, if it starts
 * one, is never collected: it has nothing to deliver.
 */
export function creditsRanOut(client: ClientConfig): boolean {
  const outcome = enrich(client, BALANCE_PROBE, {
    deadline: client.clock.now() + 10_000,
    retryServerErrors: false,
    resendLost: false,
    pollJobs: false,
  });
  return outcome.kind === 'failed' && outcome.error.code === 'insufficient_credits';
}
