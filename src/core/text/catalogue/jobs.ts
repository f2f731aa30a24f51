// What a cell or a status column says of a job: an employee list on its way or delivered, a job
// that stalled, was lost, or whose result expired before it was collected.
import { creditsText } from '../credits';
import { counted, opening } from './family';

export const STALLED = opening('error', 'Taking unusually long: ');
export const LOOKUP_LOST = opening('error', 'Lookup lost: ');
export const RESULT_EXPIRED = opening('error', 'The result expired before it was collected');
/** An employee list the API returned, before its sheet is written. */
export const LIST_FOUND = counted('promise', ['employee', 'employees'], ' found; writing them');
/** An employee list written to its sheet. */
export const LIST_DELIVERED = counted('promise', ['employee', 'employees'], " -> sheet '");

/** A job still running past the limit (jobs/registry.ts `STALL_AFTER_MS`). */
export const STALLED_MESSAGE = STALLED.say(
  'the API has been running this lookup for over 30 minutes (its jobs take about a minute), so the add-on stopped checking it.',
);

export const LOST_JOB_MESSAGE = LOOKUP_LOST.say('the API accepted it, then could not find its job.');

/** What a lost job's record and cell say (jobs/lost.ts): what happened and what it cost. */
export function lostJobMessage(credits: number, price: string): string {
  const cost =
    credits > 0
      ? `The API charges every call, so it is booked as ${creditsText(credits)} spent.`
      : `It returned no employees, so nothing is booked (${price} returned).`;
  return `${LOST_JOB_MESSAGE} ${cost}`;
}

/** What the API's 404 for a finished job reads as (api/answers.ts). */
export const JOB_EXPIRED_MESSAGE = RESULT_EXPIRED.say(
  ' (the server keeps it 10 minutes). Its credits were already spent.',
);

/** A formula's cell whose job expired: what it cost (`cost` credits at `price`), and how to run it again. */
export const expiredText = (cost: number, price: string) =>
  RESULT_EXPIRED.say(
    ` (the API keeps it 10 minutes; it cost about ${creditsText(cost)} at ${price}). Re-run it from the sidebar's Jobs panel.`,
  );

const RUN_AGAIN =
  "Run it again from the sidebar's Jobs panel (Extensions > Enrich for Sheets > Open sidebar).";

/** A lost or stalled job's message, and the way to run it again. */
export const runAgainText = (message: string) => `${message} ${RUN_AGAIN}`;

/** An employee list found, on its way to a new sheet: soon (`followsUser`), or once the sidebar opens. */
export function listFoundText(employees: number, followsUser: boolean): string {
  return LIST_FOUND.say(
    employees,
    followsUser
      ? ' to a new sheet within a minute or two.'
      : ' to a new sheet once you open the sidebar (Extensions > Enrich for Sheets > Open sidebar).',
  );
}

/** What the note of a list the balance cut short advises (jobs/employee-sheet.ts). */
export const CUT_LIST_ADVICE =
  'For the rest, add credits and ask again with another max: this same query answers from the list saved here.';

/** Said in the formula's cell and the sheet's note of a list the balance cut short (jobs/short-list.ts). */
export function cutListText(asked: number): string {
  return `It may be incomplete: ${asked} were asked, and the account ran out of credits (the API cuts a list to what the balance covers).`;
}

/**
 * What the formula shows once its list is in a sheet: "42 employees -> sheet 'Employees - Acme
 * (Sales)'", and that it may be incomplete when `cutFrom` were asked and the credits ran out.
 */
export function deliveryMessage(employees: number, sheetName: string, cutFrom?: number): string {
  const where = LIST_DELIVERED.say(employees, `${sheetName}'`);
  return cutFrom === undefined ? where : `${where}. ${cutListText(cutFrom)}`;
}

// What a job's record says when the collector could not finish it (jobs/collector-pass.ts): its
// cell and the Jobs panel show it.
export const JOB_RECORD_TEXTS = {
  noEmployees: 'No employees found for this query.',
  notStored:
    'The list was paid for but its result is no longer stored (storage full). Re-run it from the Jobs panel.',
  unchecked: (why: string) => `Could not check the job: ${why}`,
  sheetNotWritten: (reason: string) =>
    `Could not write the employee sheet: ${reason}. The list is paid for and kept: Retry in the Jobs panel writes it again at no cost.`,
  sheetNotYet: (reason: string) => `Could not write the employee sheet yet (${reason}); trying again.`,
} as const;

/** The note on an employee list's sheet: what was asked, when it came, what it cost (jobs/employee-sheet.ts). */
export const LIST_NOTE = {
  department: (department: string) => `department ${department}`,
  seniority: (seniority: string) => `seniority ${seniority}`,
  max: (count: number) => `max ${count}`,
  collected: (at: string) => `Collected ${at}`,
} as const;
