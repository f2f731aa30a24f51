// Every text a cell or a status column of the add-on can show, rendered by its maker with sample
// values, is refused for free as an input: by formulas, and so by bulk runs, recipes and watches,
// which read cells through the same refusal (formulas/placeholders.ts).
import { capReachedMessage, LOCK_BUSY_MESSAGE } from '../../../src/core/billing/budget';
import type { RawArguments } from '../../../src/core/formulas/arguments';
import { FROZEN_UNFILLED, FROZEN_UNSENT } from '../../../src/core/formulas/freeze';
import { prepareRequest } from '../../../src/core/formulas/request';
import { deliveryMessage } from '../../../src/core/jobs/employee-sheet';
import { type JobRecord, STALLED_MESSAGE } from '../../../src/core/jobs/registry';
import {
  employeeListText,
  expiredText,
  jobRunningText,
  lostJobText,
  stalledJobText,
} from '../../../src/core/lookup/cell-texts';
import { operationByFunction, operationByType } from '../../../src/core/operations/table';
import { CELL_TEXT, rowErrorText } from '../../../src/core/text/catalogue/cells';
import { ownTextKind } from '../../../src/core/text/catalogue/own-texts';
import { KEY_REPLACED_TEXT, queuedText } from '../../../src/core/text/catalogue/queue';
import { BULK_STATUS } from '../../../src/core/text/catalogue/statuses';
import { belowPriceStatus, capStatus } from '../../../src/core/watches/caps';

const website = operationByFunction('COMPANY_WEBSITE')!;
const profile = operationByType('pronet_profile_to_pronet_info')!;

const job: JobRecord = {
  id: 'job-1',
  key: 'r1:scope:hash',
  type: 'pronet_profile_to_pronet_info',
  request: { type: 'pronet_profile_to_pronet_info', input_data: 'https://www.pronet.com/in/ada' },
  source: 'formula',
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
  ...Object.values(CELL_TEXT),
  rowErrorText('Too many requests (HTTP 429).'),
  queuedText({ left: 776, pace: 1, editFollows: true, followsUser: true, typedNow: true }),
  queuedText({ left: 128, pace: 1, editFollows: true, followsUser: true, typedNow: true }),
  queuedText({ left: 1, pace: 10, editFollows: false, followsUser: true, typedNow: false }),
  queuedText({ left: 5000, pace: 1, editFollows: false, followsUser: false, typedNow: true }),
  KEY_REPLACED_TEXT,
  FROZEN_UNSENT,
  FROZEN_UNFILLED,
  BULK_STATUS.found,
  BULK_STATUS.notFound,
  BULK_STATUS.processing,
  BULK_STATUS.writingList,
  BULK_STATUS.waiting,
  BULK_STATUS.error('The enrichment service failed (HTTP 503).'),
  BULK_STATUS.invalid('This is a company page URL.'),
  BULK_STATUS.expired('the result expired before it was collected.'),
  capStatus(12.5),
  belowPriceStatus(5, { price: 12.5, bound: true }),
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
  deliveryMessage(42, 'Employees - Acme (Sales)'),
  deliveryMessage(1, 'Employees - Acme', 10),
  LOCK_BUSY_MESSAGE,
  capReachedMessage(1000),
  'Not sent: this run ran out of time. No credits were spent.',
  'Not sent yet: the API asked for a slower pace (HTTP 429). It goes out later, at the pace the add-on learned.',
  'Lookup failed: the provider timed out. The API charges every call, so this one is booked as spent.',
  'Unexpected answer from the API (HTTP 200): not JSON. The API charges every call, so this one is booked as spent.',
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
