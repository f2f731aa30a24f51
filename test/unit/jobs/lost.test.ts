// A 404 from the status endpoint: an expiry only when the job may have been done for the API's 10
// minutes unseen; otherwise the API lost it. Either is booked: an expiry at the job's estimate, a
// loss at the price of a call that returned nothing.
import { afterNotFound, isLostAt } from '../../../src/core/jobs/lost';
import type { JobRecord } from '../../../src/core/jobs/registry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STARTED = 1_800_000_000_000;

const profileJob = (change: Partial<JobRecord> = {}): JobRecord => ({
  id: 'job_abc',
  key: 'r1:scope:hash',
  type: 'pronet_profile_to_pronet_info',
  request: { type: 'pronet_profile_to_pronet_info', input_data: 'https://www.pronet.com/in/ada' },
  spreadsheetId: 'spreadsheet-1',
  state: 'processing',
  startedAt: STARTED,
  updatedAt: STARTED,
  nextPollAt: STARTED + 2_000,
  polls: 0,
  estimate: 10,
  ...change,
});

describe('a 404 for a job', () => {
  it('is a loss at the first poll, and an expiry only 10 minutes after the job was last seen running', () => {
    expect(isLostAt(profileJob(), STARTED + 2_000)).toBe(true);
    expect(isLostAt(profileJob(), STARTED + 10 * MINUTE - 1)).toBe(true);
    expect(isLostAt(profileJob(), STARTED + 10 * MINUTE)).toBe(false);
    const seen = profileJob({ aliveAt: STARTED + 30 * MINUTE, polls: 40 });
    expect(isLostAt(seen, STARTED + 35 * MINUTE)).toBe(true);
    expect(isLostAt(seen, STARTED + 40 * MINUTE)).toBe(false);
  });

  it('books a loss at the price of a call that returned nothing, an expiry not until its price is known', () => {
    const lost = afterNotFound(
      profileJob({ aliveAt: STARTED + MINUTE }),
      'expired text',
      STARTED + 2 * MINUTE,
    );
    expect(lost.next).toMatchObject({ state: 'lost', charged: 10, updatedAt: STARTED + 2 * MINUTE });
    expect(lost.next.aliveAt).toBeUndefined();
    expect(lost.next.message).toBe(
      'Lookup lost: the API accepted it, then could not find its job. The API charges every call, so it is booked as 10 credits spent.',
    );
    expect(lost.charge).toEqual({
      type: 'pronet_profile_to_pronet_info',
      key: 'r1:scope:hash',
      credits: 10,
      outcome: 'error',
    });

    const expired = afterNotFound(profileJob({ estimate: 12.5 }), 'expired text', STARTED + HOUR);
    expect(expired.next).toMatchObject({ state: 'expired', message: 'expired text' });
    expect(expired.next.charged).toBeUndefined();
    // Charged when it finished, at a price the next purchase of the query tells: nothing booked yet.
    expect(expired.charge).toBeNull();
  });
});
