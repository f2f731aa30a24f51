// What a bulk run's status column says, and how a later slice reads it back. Plan and run both
// read it: it lives apart so that neither imports the other.
import { CELL_TEXT } from './cells';

/** What the status column says. Row-level texts begin with a fixed word so a later slice can read them back. */
export const BULK_STATUS = {
  found: 'Found',
  notFound: CELL_TEXT.notFound,
  processing: 'Processing: the API is still working on it',
  writingList: 'Processing: writing the employee sheet',
  waiting: 'Processing: the same input is being looked up elsewhere',
  error: (message: string) => `Error: ${message}`,
  invalid: (message: string) => `Invalid input: ${message}`,
  expired: (message: string) => `Expired: ${message}`,
} as const;

export const isFinalStatus = (value: unknown) =>
  value === BULK_STATUS.found || value === BULK_STATUS.notFound;
export const isPendingStatus = (value: unknown) =>
  typeof value === 'string' && value.startsWith('Processing:');
export const isErrorStatus = (value: unknown) => typeof value === 'string' && value.startsWith('Error: ');
