// Every text a cell or a status column of the add-on can show, rendered by its maker with sample
// values (own-texts.test.ts, copied-texts.test.ts).
import type { JobRecord } from '../../../src/core/jobs/registry';
import {
  employeeListText,
  expiredText,
  jobRunningText,
  lostJobText,
  stalledJobText,
} from '../../../src/core/lookup/cell-texts';
import { operationByType } from '../../../src/core/operations/table';
import {
  INVALID_INPUT_BARE,
  invalidInputMessage,
  KEY_REFUSED_MESSAGE,
  lookupFailedMessage,
  NO_ANSWER_MESSAGE,
  NO_CREDITS_MESSAGE,
  notSentMessage,
  PROVIDER_ERROR,
  RATE_LIMITED_MESSAGE,
  REAUTHORIZE_MESSAGE,
  serviceFailedMessage,
  unexpectedAnswerMessage,
  unexpectedStatusMessage,
} from '../../../src/core/text/catalogue/api';
import { capReachedMessage } from '../../../src/core/text/catalogue/budget';
import { CELL_TEXT, ERROR, TABLE_ROWS, tableCutText } from '../../../src/core/text/catalogue/cells';
import {
  deliveryMessage,
  JOB_EXPIRED_MESSAGE,
  LOST_JOB_MESSAGE,
  listFoundText,
  lostJobMessage,
  STALLED_MESSAGE,
} from '../../../src/core/text/catalogue/jobs';
import {
  FROZEN_UNFILLED,
  FROZEN_UNSENT,
  KEY_REPLACED_TEXT,
  LOCK_BUSY_MESSAGE,
  NOT_SENT_BARE,
  OUT_OF_TIME_MESSAGE,
  PACE_FULL_MESSAGE,
  queuedText,
  SLOWED_DOWN_MESSAGE,
} from '../../../src/core/text/catalogue/queue';
import {
  accountPausedStatus,
  BULK_STATUS,
  belowPriceStatus,
  capStatus,
  runEndedStatus,
  skippedStatus,
} from '../../../src/core/text/catalogue/statuses';

const profile = operationByType('pronet_profile_to_pronet_info')!;

const job: JobRecord = {
  id: 'job-1',
  key: 'r1:scope:hash',
  type: 'pronet_profile_to_pronet_info',
  request: { type: 'pronet_profile_to_pronet_info', input_data: 'https://www.pronet.com/in/ada' },
  spreadsheetId: 'sheet-1',
  state: 'lost',
  startedAt: 0,
  updatedAt: 0,
  nextPollAt: 0,
  polls: 1,
  estimate: 10,
  charged: 10,
  message: 'Lookup lost: the API accepted it, then could not find its job.',
};

/** Every maker, with sample values. */
export const CELL_TEXTS: string[] = [
  // A formula's cells (cells.ts)
  ...Object.values(CELL_TEXT),
  ERROR.say('Too many requests (HTTP 429).'),
  TABLE_ROWS.say(3),
  tableCutText(500, 812),
  // A formula's rows waiting for the add-on's executions (queue.ts)
  queuedText({ left: 776, pace: 1, editFollows: true, followsUser: true, typedNow: true }),
  queuedText({ left: 128, pace: 1, editFollows: true, followsUser: true, typedNow: true }),
  queuedText({ left: 1, pace: 10, editFollows: false, followsUser: true, typedNow: false }),
  queuedText({ left: 5000, pace: 1, editFollows: false, followsUser: false, typedNow: true }),
  KEY_REPLACED_TEXT,
  FROZEN_UNSENT,
  FROZEN_UNFILLED,
  LOCK_BUSY_MESSAGE,
  OUT_OF_TIME_MESSAGE,
  PACE_FULL_MESSAGE,
  SLOWED_DOWN_MESSAGE,
  NOT_SENT_BARE.text,
  // The status column of a bulk run, a recipe or a watch (statuses.ts)
  BULK_STATUS.found,
  BULK_STATUS.notFound,
  BULK_STATUS.processing,
  BULK_STATUS.writingList,
  BULK_STATUS.waiting,
  BULK_STATUS.error('The enrichment service failed (HTTP 503).'),
  BULK_STATUS.invalid('This is a company page URL.'),
  BULK_STATUS.expired,
  skippedStatus('Website from company name'),
  capStatus(12.5),
  belowPriceStatus(5, { price: 12.5, bound: true }),
  runEndedStatus('hour'),
  runEndedStatus('minute'),
  runEndedStatus('off'),
  accountPausedStatus(true, 'hour'),
  accountPausedStatus(true, 'minute'),
  accountPausedStatus(false, 'hour'),
  // The daily formula budget (budget.ts)
  capReachedMessage(1000),
  capReachedMessage(0),
  capReachedMessage(1000, { left: 199, estimate: 250, bound: true }),
  // Jobs (jobs.ts, and lookup/cell-texts.ts, which reads a job's record into them)
  STALLED_MESSAGE,
  LOST_JOB_MESSAGE,
  lostJobMessage(10, '10 credits a lookup'),
  lostJobMessage(0, '0.5 credit an employee'),
  JOB_EXPIRED_MESSAGE,
  lostJobText(job),
  stalledJobText({ ...job, state: 'stalled', message: STALLED_MESSAGE }),
  ERROR.say(stalledJobText({ ...job, state: 'stalled', message: STALLED_MESSAGE })),
  expiredText(profile, job),
  jobRunningText(true),
  jobRunningText(false),
  employeeListText({ kind: 'pending', job }, true),
  employeeListText(
    { kind: 'found', result: [{ name: 'Ada' }, { name: 'Alan' }], cached: false, credits: 1 },
    true,
  ),
  employeeListText({ kind: 'found', result: [{ name: 'Ada' }], cached: false, credits: 0.5 }, false),
  listFoundText(1234, true),
  deliveryMessage(42, 'Employees - Acme (Sales)'),
  deliveryMessage(1, 'Employees - Acme', 10),
  // The API's answers, as a cell or a status column shows them (api.ts)
  REAUTHORIZE_MESSAGE,
  notSentMessage('network error'),
  NO_ANSWER_MESSAGE,
  KEY_REFUSED_MESSAGE,
  NO_CREDITS_MESSAGE,
  invalidInputMessage('input_data must be a URL'),
  invalidInputMessage(null),
  INVALID_INPUT_BARE.text,
  RATE_LIMITED_MESSAGE,
  serviceFailedMessage(503),
  unexpectedStatusMessage(418, null),
  unexpectedStatusMessage(418, "I'm a teapot"),
  unexpectedAnswerMessage(200, 'not JSON'),
  unexpectedAnswerMessage(202, 'no job id', true),
  lookupFailedMessage('the provider timed out.'),
  PROVIDER_ERROR.say('profile is private'),
];
