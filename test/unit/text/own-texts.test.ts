// Every text a cell or a status column of the add-on can show, rendered by its maker with sample
// values, is refused for free as an input: by formulas, and so by bulk runs, recipes and watches,
// which read cells through the same refusal (formulas/placeholders.ts; test/bundle/own-texts.test.ts
// shows it for a bulk run). Every family the catalogue declares (src/core/text/catalogue/) must be
// rendered here at least once: a new family without a sample fails this test.
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { prepareRequest } from '../../../src/core/formulas/request';
import type { JobRecord } from '../../../src/core/jobs/registry';
import {
  employeeListText,
  expiredText,
  jobRunningText,
  lostJobText,
  stalledJobText,
} from '../../../src/core/lookup/cell-texts';
import { operationByFunction, operationByType } from '../../../src/core/operations/table';
import {
  INVALID_INPUT_BARE,
  invalidInputMessage,
  KEY_REFUSED_MESSAGE,
  lookupFailedMessage,
  NO_ANSWER_MESSAGE,
  NO_CREDITS_MESSAGE,
  notSentMessage,
  providerErrorMessage,
  RATE_LIMITED_MESSAGE,
  REAUTHORIZE_MESSAGE,
  serviceFailedMessage,
  unexpectedAnswerMessage,
  unexpectedStatusMessage,
} from '../../../src/core/text/catalogue/api';
import { capReachedMessage } from '../../../src/core/text/catalogue/budget';
import { CELL_TEXT, rowErrorText, tableCutText, tableRowsText } from '../../../src/core/text/catalogue/cells';
import {
  deliveryMessage,
  JOB_EXPIRED_MESSAGE,
  LOST_JOB_MESSAGE,
  listFoundText,
  lostJobMessage,
  STALLED_MESSAGE,
} from '../../../src/core/text/catalogue/jobs';
import { OWN_TEXT_FAMILIES, ownTextFamily, ownTextKind } from '../../../src/core/text/catalogue/own-texts';
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
  BULK_STATUS,
  belowPriceStatus,
  capStatus,
  skippedStatus,
} from '../../../src/core/text/catalogue/statuses';

const website = operationByFunction('COMPANY_WEBSITE')!;
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
const TEXTS: string[] = [
  // A formula's cells (cells.ts)
  ...Object.values(CELL_TEXT),
  rowErrorText('Too many requests (HTTP 429).'),
  tableRowsText(3),
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
  BULK_STATUS.expired('the result expired before it was collected.'),
  skippedStatus('Website from company name'),
  capStatus(12.5),
  belowPriceStatus(5, { price: 12.5, bound: true }),
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
  rowErrorText(stalledJobText({ ...job, state: 'stalled', message: STALLED_MESSAGE })),
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
  providerErrorMessage('profile is private'),
];

function refusal(input: string): string | null {
  const prepared = prepareRequest(website, { input } as RawArguments);
  return prepared.kind === 'invalid' ? prepared.message : null;
}

describe('the catalogue of our own texts', () => {
  it.each(TEXTS.map((text) => [text]))('refuses %j as an input, for free', (text) => {
    expect(refusal(text)).toMatch(
      /^This is (a lookup still waiting for its answer|a message of this add-on|"Not found")/,
    );
  });

  it('renders a sample of every family the catalogue declares', () => {
    const rendered = new Set(TEXTS.map(ownTextFamily));
    const unrendered = OWN_TEXT_FAMILIES.filter((family) => !rendered.has(family)).map(
      (family) => family.begins,
    );
    expect(unrendered).toEqual([]);
  });

  it('declares each beginning once', () => {
    const beginnings = OWN_TEXT_FAMILIES.map((family) => `${family.nouns?.join('/') ?? ''}${family.begins}`);
    expect(beginnings.filter((begins, i) => beginnings.indexOf(begins) !== i)).toEqual([]);
  });

  it('tags each as a placeholder, an error, a wait or a promise', () => {
    expect(ownTextKind('Queued: 776 lookups will fill in within about 13 minutes.')).toBe('wait');
    expect(ownTextKind('Employee list ordered: it will appear in a new sheet within a minute or two.')).toBe(
      'promise',
    );
    expect(ownTextKind('Error: Not enough credits (HTTP 402).')).toBe('error');
    expect(ownTextKind('Found')).toBe('placeholder');
  });

  it('leaves real names that begin like one of them alone', () => {
    for (const name of [
      'Foundry Partners',
      'Processing Solutions Inc',
      'Queued Labs',
      'Errorless Ltd',
      'Expired Goods Co',
    ])
      expect(refusal(name)).toBeNull();
  });
});
