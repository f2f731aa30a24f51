// A request's input as a person reads it back: exactly the text sent (its canonical form, as
// canonical.ts made it), then the options sent with it. What a receipt and the spend report show.
import type { EnrichmentRequest } from '../api/wire';
import { SENT_OPTIONS } from '../text/catalogue/sidebar/receipt-answers';

/** `parts`: a name lookup's input as given, shown after what was sent ("… (name: …; company: …)"). */
export function sentInput(request: EnrichmentRequest, parts?: string): string {
  const options = [
    request.department === undefined ? null : SENT_OPTIONS.department(request.department),
    request.seniority === undefined ? null : SENT_OPTIONS.seniority(request.seniority),
    request.employee_count === undefined ? null : SENT_OPTIONS.employeeCount(request.employee_count),
  ].filter((option): option is string => option !== null);
  const said = [parts, ...options].filter((part): part is string => part !== undefined);
  return said.length === 0 ? request.input_data : `${request.input_data} (${said.join(', ')})`;
}
