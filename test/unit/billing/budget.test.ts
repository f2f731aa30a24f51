import { Buffer } from 'node:buffer';
import {
  type BudgetDeps,
  type BudgetSettings,
  expireJob,
  JOB_RESERVATION_LIFETIME_MS,
  LOCK_WAIT_MS,
  RESERVATION_LIFETIME_MS,
  type Reservation,
  recordSpend,
  reserve,
  settle,
  settleJob,
} from '../../../src/core/billing/budget';
import { EXPIRED_JOB_RESERVATION_MS } from '../../../src/core/billing/ledger';
import { parseReservation } from '../../../src/core/billing/reservation';
import { type PlannedItem, settledInPlace } from '../../../src/core/billing/settlement';
import { ledgerSummary } from '../../../src/core/billing/summary';
import { OPERATIONS } from '../../../src/core/operations/table';
import { HELD_LOCK } from '../../../src/core/platform/locked-section';
import { capReachedMessage } from '../../../src/core/text/catalogue/budget';
import { LOCK_BUSY_MESSAGE } from '../../../src/core/text/catalogue/queue';
import { FakeClock } from '../helpers/fake-http';
import { FakeDocumentLock, FakeProperties } from '../helpers/platform';

const TODAY = '2026-11-22';
const CAP_100: BudgetSettings = { formulaDailyCap: 100 };
const STORE_LIMIT = 500 * 1024;

/** The document's properties and lock as the emulator enforces them (./helpers/platform.ts). */
function setup() {
  const clock = new FakeClock();
  const store = new FakeProperties(clock);
  const lock = new FakeDocumentLock(clock);
  const deps: BudgetDeps = { store, lock, clock };
  return { clock, store, lock, deps };
}

const times = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

// Planned calls at their prices in the spec's operation table.
const WEBSITE: PlannedItem = { type: 'company_name_to_website', estimate: 1 };
const EMAIL: PlannedItem = { type: 'lead_full_name_to_email', estimate: 7 };
const PHONE: PlannedItem = { type: 'pronet_profile_to_phone', estimate: 50 };

/** What one formula cell does: reserve one call, make it, settle what it was charged (a flat price). */
function formulaCell(deps: BudgetDeps, item: PlannedItem, day = TODAY, settings = CAP_100) {
  const reservation = reserve(deps, day, [item], settings, 'formula');
  if (reservation.granted === 1) {
    settle(deps, day, reservation.id, [{ type: item.type, credits: item.estimate }]);
  }
  return reservation;
}

describe('the daily formula cap', () => {
  it('stops a fill-down of 120 one-credit formulas at exactly 100 credits', () => {
    const { deps, store } = setup();
    const cells = Array.from({ length: 120 }, () => formulaCell(deps, WEBSITE));

    expect(cells.filter((cell) => cell.granted === 1)).toHaveLength(100);
    expect(cells.slice(100).every((cell) => cell.granted === 0)).toBe(true);
    expect(cells[100]?.refused?.message).toBe(
      'Daily formula budget of 100 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today.bySource.formula).toBe(100);
    expect(summary.formulaCapLeftToday).toBe(0);
  });

  it('grants one array formula the rows that fit and refuses the rest', () => {
    const { deps, store } = setup();
    const reservation = reserve(deps, TODAY, times(30, EMAIL), CAP_100, 'formula');

    expect(reservation.granted).toBe(14); // 14 x 7 = 98; a 15th would make 105
    expect(reservation.credits).toBe(98);
    expect(reservation.refused?.reason).toBe('cap');
    // Not "reached": 2 credits are left, and the 15th email's price is what did not fit.
    expect(reservation.refused?.message).toBe(
      'Daily formula budget of 100 credits: 2 credits left today, and this lookup costs 7 credits (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    expect(ledgerSummary(store, TODAY, CAP_100).formulaCapLeftToday).toBe(2);
  });

  it('stops at the first item that does not fit, even when a cheaper one after it would', () => {
    const { deps } = setup();
    const reservation = reserve(deps, TODAY, [PHONE, EMAIL, PHONE, WEBSITE], CAP_100, 'formula');

    expect(reservation.granted).toBe(2);
    expect(reservation.credits).toBe(57);
  });

  it('with a cap of 0 grants nothing and says formulas may not spend', () => {
    const { deps, store } = setup();
    const reservation = reserve(deps, TODAY, [WEBSITE], { formulaDailyCap: 0 }, 'formula');

    expect(reservation).toMatchObject({ id: '', granted: 0, credits: 0 });
    expect(reservation.refused?.message).toBe(
      'Formulas may not spend credits: the daily formula budget is 0 (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    expect(ledgerSummary(store, TODAY).held).toBe(0);
  });

  it('treats a corrupt cap as 0 rather than as no cap', () => {
    const { deps } = setup();
    expect(reserve(deps, TODAY, [WEBSITE], { formulaDailyCap: Number.NaN }, 'formula').granted).toBe(0);
    expect(reserve(deps, TODAY, [WEBSITE], { formulaDailyCap: -5 }, 'formula').granted).toBe(0);
  });

  it('starts afresh the next day', () => {
    const { deps } = setup();
    reserve(deps, TODAY, times(100, WEBSITE), CAP_100, 'formula');
    expect(reserve(deps, TODAY, [WEBSITE], CAP_100, 'formula').granted).toBe(0);
    expect(reserve(deps, '2026-11-23', [WEBSITE], CAP_100, 'formula').granted).toBe(1);
  });

  it('does not cap bulk runs, and their spend leaves the formula cap alone', () => {
    const { deps, store } = setup();
    const bulk = reserve(deps, TODAY, times(300, WEBSITE), CAP_100, 'bulk');
    expect(bulk).toMatchObject({ granted: 300, credits: 300, refused: null });
    settle(deps, TODAY, bulk.id, times(300, { type: WEBSITE.type, credits: 1 }));
    recordSpend(deps, TODAY, 'bulk', [{ type: 'pronet_profile_to_phone', credits: 50 }]);

    expect(reserve(deps, TODAY, times(100, WEBSITE), CAP_100, 'formula').granted).toBe(100);
    expect(ledgerSummary(store, TODAY).today.bySource).toEqual({
      formula: 0,
      bulk: 350,
      keyTest: 0,
      refresh: 0,
    });
  });

  it('books key tests apart, in the totals, and not against the formula cap', () => {
    const { deps, store } = setup();
    recordSpend(deps, TODAY, 'keyTest', [{ type: WEBSITE.type, credits: 1 }]);
    recordSpend(deps, TODAY, 'keyTest', [{ type: WEBSITE.type, credits: 1 }]);
    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today).toMatchObject({ total: 2, bySource: { formula: 0, bulk: 0, keyTest: 2 } });
    expect(summary.formulaCapLeftToday).toBe(100);
    expect(reserve(deps, TODAY, times(100, WEBSITE), CAP_100, 'formula').granted).toBe(100);
  });
});

// assumption: L3 (a claimant waits its timeout, then is refused)
describe('concurrent formula executions', () => {
  it('turns away an execution that cannot get the lock, with a message and nothing granted', () => {
    const { deps, lock, store, clock } = setup();
    let second: Reservation | undefined;
    lock.whileNextHeld(() => {
      second = reserve(deps, TODAY, times(60, WEBSITE), CAP_100, 'formula');
    });
    const first = reserve(deps, TODAY, times(60, WEBSITE), CAP_100, 'formula');

    expect(first.granted).toBe(60);
    expect(second).toEqual({
      id: '',
      granted: 0,
      credits: 0,
      refused: { reason: 'busy', message: LOCK_BUSY_MESSAGE },
    });
    // The wait, and the lock request's own round trip (50 ms, service-costs.ts).
    expect(clock.elapsed()).toBe(LOCK_WAIT_MS + 50);
    expect(ledgerSummary(store, TODAY).held).toBe(60);
  });

  it('never lets two executions together pass the cap, even when one tries mid-reservation', () => {
    const { deps, store } = setup();
    let second: Reservation | undefined;
    store.beforeNextWrite(() => {
      second = reserve(deps, TODAY, times(70, WEBSITE), CAP_100, 'formula');
    });
    const first = reserve(deps, TODAY, times(70, WEBSITE), CAP_100, 'formula');
    const retry = reserve(deps, TODAY, times(70, WEBSITE), CAP_100, 'formula');

    expect(second?.refused?.reason).toBe('busy');
    expect(first.granted + retry.granted).toBe(100);
    expect(first.credits + retry.credits).toBe(100);
  });

  it('would overspend without the lock (the race the lock prevents)', () => {
    const { store, clock } = setup();
    const unlocked: BudgetDeps = { store, lock: HELD_LOCK, clock };
    let second: Reservation | undefined;
    store.beforeNextWrite(() => {
      second = reserve(unlocked, TODAY, times(70, WEBSITE), CAP_100, 'formula');
    });
    const first = reserve(unlocked, TODAY, times(70, WEBSITE), CAP_100, 'formula');

    expect(first.credits + (second?.credits ?? 0)).toBe(140);
  });

  it('counts the open reservations of executions still calling the API', () => {
    const { deps, store } = setup();
    const a = reserve(deps, TODAY, times(7, EMAIL), CAP_100, 'formula');
    const b = reserve(deps, TODAY, times(7, EMAIL), CAP_100, 'formula');
    settle(deps, TODAY, a.id, times(a.granted, { type: EMAIL.type, credits: 7 }));
    settle(deps, TODAY, b.id, times(b.granted, { type: EMAIL.type, credits: 7 }));

    expect([a.granted, b.granted]).toEqual([7, 7]);
    const c = reserve(deps, TODAY, times(7, EMAIL), CAP_100, 'formula');
    expect(c.granted).toBe(0); // 98 spent, 7 more would pass 100
    expect(ledgerSummary(store, TODAY, CAP_100).today.total).toBe(98);
  });
});

describe('settling a reservation', () => {
  it('books what was charged and releases the rest', () => {
    const { deps, store } = setup();
    const reservation = reserve(deps, TODAY, times(10, EMAIL), CAP_100, 'formula');
    const charges = [
      ...times(6, { type: EMAIL.type, credits: 7 }), // found, or not found: a miss is charged
      ...times(4, { type: EMAIL.type, credits: 0 }), // failed calls the API did not charge
    ];

    expect(settle(deps, TODAY, reservation.id, charges)).toBe('recorded');
    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today.total).toBe(42);
    expect(summary.held).toBe(0);
    expect(summary.formulaCapLeftToday).toBe(58);
    expect(reserve(deps, TODAY, times(58, WEBSITE), CAP_100, 'formula').granted).toBe(58);
  });

  it('counts a reservation once however often it is settled', () => {
    const { deps, store } = setup();
    const reservation = reserve(deps, TODAY, [PHONE], CAP_100, 'formula');
    const charges = [{ type: PHONE.type, credits: 50 }];

    expect(settle(deps, TODAY, reservation.id, charges)).toBe('recorded');
    expect(settle(deps, TODAY, reservation.id, charges)).toBe('closed');
    expect(settle(deps, TODAY, reservation.id, charges)).toBe('closed');
    expect(ledgerSummary(store, TODAY).today.total).toBe(50);
  });

  it('does nothing for a reservation that granted nothing', () => {
    const { deps, store } = setup();
    const refused = reserve(deps, TODAY, [PHONE], { formulaDailyCap: 10 }, 'formula');
    expect(settle(deps, TODAY, refused.id, [{ type: PHONE.type, credits: 50 }])).toBe('closed');
    expect(ledgerSummary(store, TODAY).today.total).toBe(0);
  });

  it('books the charge on the day of the reservation when the settle comes after midnight', () => {
    const { deps, store } = setup();
    const reservation = reserve(deps, '2026-11-22', [EMAIL], CAP_100, 'formula');
    settle(deps, '2026-11-23', reservation.id, [{ type: EMAIL.type, credits: 7 }]);

    expect(ledgerSummary(store, '2026-11-22').today.total).toBe(7);
    expect(ledgerSummary(store, '2026-11-23').today.total).toBe(0);
  });

  it('keeps a pending employee list held until its job is settled with the real charge', () => {
    const { deps, store } = setup();
    // At most 100 employees at 0.5 each.
    const list: PlannedItem = { type: 'company_name_to_employees', estimate: 50 };
    const reservation = reserve(deps, TODAY, [list], CAP_100, 'formula');
    settle(deps, TODAY, reservation.id, [], [{ jobId: 'job_77', type: list.type, estimate: list.estimate }]);

    expect(ledgerSummary(store, TODAY, CAP_100)).toMatchObject({ held: 50, formulaCapLeftToday: 50 });
    expect(reserve(deps, TODAY, times(51, WEBSITE), CAP_100, 'formula').granted).toBe(50);

    const employeesCharge = 21.5; // 43 employees returned, at 0.5
    expect(settleJob(deps, TODAY, 'job_77', { type: list.type, credits: employeesCharge })).toBe('recorded');
    expect(settleJob(deps, TODAY, 'job_77', { type: list.type, credits: employeesCharge })).toBe('closed');
    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today.byOperation.company_name_to_employees).toBe(21.5);
    expect(summary.formulaCapLeftToday).toBe(28.5); // 100 - 21.5 - the 50 websites still held
  });

  it('counts a pending job nobody settles at its estimate, and books it at its charge once known', () => {
    const { deps, store, clock } = setup();
    const list: PlannedItem = { type: 'pronet_company_to_employees', estimate: 20, key: 'r1:k' }; // 40 employees at most
    const reservation = reserve(deps, TODAY, [list], CAP_100, 'formula');
    settle(deps, TODAY, reservation.id, [], [{ jobId: 'job_9', type: list.type, estimate: 20, key: 'r1:k' }]);
    clock.time += JOB_RESERVATION_LIFETIME_MS;
    recordSpend(deps, TODAY, 'bulk', []);
    const spending = () => ledgerSummary(store, TODAY, CAP_100, clock.now());

    // Its result expired uncollected: charged, at a price not known yet.
    expect(spending()).toMatchObject({ today: { total: 20 }, held: 0, formulaCapLeftToday: 80 });
    // The same list bought again (Retry): 6 employees, 3 credits; the expired one cost that too.
    const again = reserve(deps, TODAY, [list], CAP_100, 'retry');
    settle(deps, TODAY, again.id, [], [{ jobId: 'job_10', type: list.type, estimate: 20, key: 'r1:k' }]);
    const found = { type: list.type, credits: 3, key: 'r1:k', outcome: 'found' as const };
    expect(settleJob(deps, TODAY, 'job_10', found)).toBe('recorded');
    expect(spending()).toMatchObject({
      today: { total: 6, bySource: { formula: 3, bulk: 3 } },
      held: 0,
      formulaCapLeftToday: 97,
    });
  });

  it('books an expired job late settled at its charge, and one never learned at its estimate after a week', () => {
    const { deps, store, clock } = setup();
    const list: PlannedItem = { type: 'pronet_company_to_employees', estimate: 20 };
    for (const jobId of ['job_1', 'job_2']) {
      const reservation = reserve(deps, TODAY, [list], CAP_100, 'formula');
      settle(deps, TODAY, reservation.id, [], [{ jobId, type: list.type, estimate: 20 }]);
    }
    clock.time += JOB_RESERVATION_LIFETIME_MS;
    expect(expireJob(deps, TODAY, 'job_1')).toBe('recorded');
    expect(settleJob(deps, TODAY, 'job_1', { type: list.type, credits: 3 })).toBe('recorded');
    expect(ledgerSummary(store, TODAY).today.total).toBe(3);
    clock.time += EXPIRED_JOB_RESERVATION_MS;
    recordSpend(deps, TODAY, 'bulk', []);
    expect(ledgerSummary(store, TODAY)).toMatchObject({ today: { total: 23 }, held: 0 });
    expect(settleJob(deps, TODAY, 'job_2', { type: list.type, credits: 3 })).toBe('closed');
  });
});

describe('reservations never settled (the execution was killed)', () => {
  it('keep holding their credits until they expire', () => {
    const { deps, store, clock } = setup();
    reserve(deps, TODAY, times(3, PHONE), { formulaDailyCap: 150 }, 'formula');
    clock.time += RESERVATION_LIFETIME_MS.formula - 1;

    expect(reserve(deps, TODAY, [WEBSITE], { formulaDailyCap: 150 }, 'formula').granted).toBe(0);
    expect(ledgerSummary(store, TODAY)).toMatchObject({ held: 150, today: { total: 0 } });
  });

  it('count as spent at their estimate once expired, since their calls may have been charged', () => {
    const { deps, store, clock } = setup();
    const killed = reserve(deps, TODAY, times(3, EMAIL), CAP_100, 'formula');
    clock.time += RESERVATION_LIFETIME_MS.formula;

    const next = reserve(deps, TODAY, times(100, WEBSITE), CAP_100, 'formula');
    expect(next.granted).toBe(79);
    const summary = ledgerSummary(store, TODAY);
    expect(summary.today.byOperation.lead_full_name_to_email).toBe(21);
    expect(summary.held).toBe(79);

    expect(settle(deps, TODAY, killed.id, [{ type: EMAIL.type, credits: 0 }])).toBe('closed');
    expect(ledgerSummary(store, TODAY).today.byOperation.lead_full_name_to_email).toBe(21);
  });

  it('ignore a settle that arrives after the expiry even before anyone booked it', () => {
    const { deps, store, clock } = setup();
    const late = reserve(deps, TODAY, [PHONE], CAP_100, 'formula');
    clock.time += RESERVATION_LIFETIME_MS.formula + 5_000;

    expect(settle(deps, TODAY, late.id, [{ type: PHONE.type, credits: 0 }])).toBe('closed');
    expect(ledgerSummary(store, TODAY).today.total).toBe(50);
  });

  it('give a bulk slice its 6 minutes before counting it', () => {
    const { deps, store, clock } = setup();
    reserve(deps, TODAY, times(20, WEBSITE), CAP_100, 'bulk');
    clock.time += RESERVATION_LIFETIME_MS.formula;
    recordSpend(deps, TODAY, 'bulk', []);
    expect(ledgerSummary(store, TODAY)).toMatchObject({ held: 20, today: { total: 0 } });

    clock.time += RESERVATION_LIFETIME_MS.bulk;
    recordSpend(deps, TODAY, 'bulk', []);
    expect(ledgerSummary(store, TODAY)).toMatchObject({
      held: 0,
      today: { total: 20, bySource: { bulk: 20 } },
    });
  });

  // assumption: RT4 (the time limit may strike at any service call)
  it('are not booked twice when an execution dies between its write and its cleanup', () => {
    const { deps, store, clock } = setup();
    const reservation = reserve(deps, TODAY, [PHONE], CAP_100, 'formula');
    settle(deps, TODAY, reservation.id, [{ type: PHONE.type, credits: 50 }]);
    store.killDuringNextRemove();
    expect(() => recordSpend(deps, TODAY, 'bulk', [])).toThrow('Exceeded maximum execution time');
    clock.time += RESERVATION_LIFETIME_MS.bulk;
    recordSpend(deps, TODAY, 'bulk', []);

    expect(ledgerSummary(store, TODAY).today.total).toBe(50);
  });
});

// assumption: L3
describe('a busy lock', () => {
  function holdTheLock(lock: FakeDocumentLock, work: () => void) {
    lock.whileNextHeld(work);
    lock.withLock(1, () => undefined);
  }

  it('leaves an unsettled reservation to expire at its estimate', () => {
    const { deps, lock, store, clock } = setup();
    const reservation = reserve(deps, TODAY, [EMAIL], CAP_100, 'formula');
    let outcome = '';
    holdTheLock(lock, () => {
      outcome = settle(deps, TODAY, reservation.id, [{ type: EMAIL.type, credits: 0 }]);
    });
    expect(outcome).toBe('busy');

    clock.time += RESERVATION_LIFETIME_MS.formula;
    expect(reserve(deps, TODAY, [], CAP_100, 'formula').granted).toBe(0);
    expect(ledgerSummary(store, TODAY).today.total).toBe(7);
  });

  it('makes recordSpend throw so a bulk run can retry instead of losing the record', () => {
    const { deps, lock, store } = setup();
    let failure: unknown;
    holdTheLock(lock, () => {
      try {
        recordSpend(deps, TODAY, 'bulk', [{ type: 'company_name_to_phone', credits: 1 }]);
      } catch (error) {
        failure = error;
      }
    });
    expect(String(failure)).toContain('nothing was recorded');
    expect(ledgerSummary(store, TODAY).today.total).toBe(0);
  });

  it('is told apart from a storage failure inside the lock, which surfaces', () => {
    const { deps, store } = setup();
    store.data.set('someone-else', 'x'.repeat(STORE_LIMIT - 20));
    expect(() => reserve(deps, TODAY, [WEBSITE], CAP_100, 'formula')).toThrow('property storage quota');
  });
});

describe('fractional credits', () => {
  it('sums tenths and halves without drift', () => {
    const { deps, store } = setup();
    const tenth = { type: 'b2b_data_lookup' as const, credits: 0.1 };
    recordSpend(deps, TODAY, 'bulk', [tenth, tenth, tenth]);
    recordSpend(
      deps,
      TODAY,
      'bulk',
      times(7, { type: 'company_domain_to_employees' as const, credits: 0.5 }),
    );

    const today = ledgerSummary(store, TODAY).today;
    expect(today.byOperation.b2b_data_lookup).toBe(0.3);
    expect(today.byOperation.company_domain_to_employees).toBe(3.5);
    expect(today.total).toBe(3.8);
  });

  it('fits three 0.1-credit estimates under a cap of 0.3', () => {
    const { deps } = setup();
    const tenth = { type: 'b2b_data_lookup' as const, estimate: 0.1 };
    const reservation = reserve(deps, TODAY, times(4, tenth), { formulaDailyCap: 0.3 }, 'formula');

    expect(reservation.granted).toBe(3); // 0.1 + 0.1 + 0.1 > 0.3 in floating point
    expect(reservation.credits).toBe(0.3);
  });

  it('rejects estimates and charges that are not credits', () => {
    const { deps } = setup();
    expect(() =>
      reserve(deps, TODAY, [{ type: 'b2b_data_lookup', estimate: -1 }], CAP_100, 'formula'),
    ).toThrow(RangeError);
    expect(() =>
      recordSpend(deps, TODAY, 'bulk', [{ type: 'b2b_data_lookup', credits: Number.NaN }]),
    ).toThrow('charge of b2b_data_lookup');
    expect(() => reserve(deps, '22/11/2026', [WEBSITE], CAP_100, 'formula')).toThrow('YYYY-MM-DD');
  });
});

describe('the ledger summary', () => {
  it('shows today, this month, by operation and by source', () => {
    const { deps, store } = setup();
    formulaCell(deps, EMAIL, '2026-10-31');
    formulaCell(deps, PHONE, '2026-11-01');
    formulaCell(deps, EMAIL, TODAY);
    formulaCell(deps, WEBSITE, TODAY);
    recordSpend(deps, TODAY, 'bulk', [
      { type: 'company_name_to_website', credits: 1 },
      { type: 'company_name_to_website', credits: 1 },
    ]);

    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today).toEqual({
      total: 10,
      bySource: { formula: 8, bulk: 2, keyTest: 0, refresh: 0 },
      byOperation: { lead_full_name_to_email: 7, company_name_to_website: 3 },
      possiblyChargedTwice: { lookups: 0, credits: 0 },
    });
    expect(summary.month).toEqual({
      total: 60,
      bySource: { formula: 58, bulk: 2, keyTest: 0, refresh: 0 },
      byOperation: { pronet_profile_to_phone: 50, lead_full_name_to_email: 7, company_name_to_website: 3 },
      possiblyChargedTwice: { lookups: 0, credits: 0 },
    });
    expect(summary.formulaCapLeftToday).toBe(92);
    expect(ledgerSummary(store, TODAY).formulaCapLeftToday).toBeNull();
    expect(ledgerSummary(store, '2026-10-31').month.total).toBe(7);
  });
});

describe('lookups sent twice after a network failure', () => {
  const email = { type: 'lead_full_name_to_email', credits: 7 } as const;
  const website = { type: 'company_name_to_website', credits: 1 } as const;

  it('are booked apart as possibly charged twice, and count against the formula cap', () => {
    const { deps, store } = setup();
    const cells = reserve(deps, TODAY, times(3, EMAIL), CAP_100, 'formula');
    settle(deps, TODAY, cells.id, times(3, email), [], [email, email]);
    const run = reserve(deps, TODAY, [WEBSITE], CAP_100, 'bulk');
    settle(deps, TODAY, run.id, [website], [], [website]);

    const summary = ledgerSummary(store, TODAY, CAP_100);
    expect(summary.today.total).toBe(22);
    expect(summary.today.possiblyChargedTwice).toEqual({ lookups: 3, credits: 15 });
    expect(summary.month.possiblyChargedTwice).toEqual({ lookups: 3, credits: 15 });
    // 21 spent by formulas and 14 more they may have been charged: 65 of 100 left.
    expect(summary.formulaCapLeftToday).toBe(65);
  });

  it('stay in the month once its days are folded', () => {
    const { deps, store } = setup();
    const cells = reserve(deps, '2026-08-10', [EMAIL], CAP_100, 'formula');
    settle(deps, '2026-08-10', cells.id, [email], [], [email]);
    recordSpend(deps, TODAY, 'bulk', [website]);
    expect([...store.data.keys()].some((key) => key.includes('2026-08-10'))).toBe(false);
    expect(ledgerSummary(store, '2026-08-15').month.possiblyChargedTwice).toEqual({ lookups: 1, credits: 7 });
  });
});

describe('pruning', () => {
  const daysOf = (month: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);

  it('folds days before last month into month totals that still add up', () => {
    const { deps, store } = setup();
    const months = ['2026-08', '2026-09', '2026-10', '2026-11'];
    for (const month of months) {
      for (const day of daysOf(month, 30)) {
        recordSpend(deps, day, 'bulk', [{ type: 'company_name_to_phone', credits: 1 }]);
        recordSpend(deps, day, 'formula', [{ type: 'company_domain_to_employees', credits: 0.5 }]);
      }
    }

    const dayKeys = [...store.data.keys()].filter((key) => key.includes('day'));
    expect(dayKeys.length).toBeLessThanOrEqual(62);
    for (const month of months) {
      const summary = ledgerSummary(store, `${month}-15`);
      expect(summary.month).toEqual({
        total: 45,
        bySource: { formula: 15, bulk: 30, keyTest: 0, refresh: 0 },
        byOperation: { company_name_to_phone: 30, company_domain_to_employees: 15 },
        possiblyChargedTwice: { lookups: 0, credits: 0 },
      });
    }
    expect(ledgerSummary(store, '2026-08-15').today.total).toBe(0); // the day detail is gone
    expect(ledgerSummary(store, '2026-10-15').today.total).toBe(1.5); // last month keeps it
  });

  it('keeps month totals exact when an execution dies between writing a month and deleting its days', () => {
    const { deps, store } = setup();
    for (const day of daysOf('2026-08', 10))
      recordSpend(deps, day, 'bulk', [{ type: 'b2b_data_lookup', credits: 1 }]);
    store.killDuringNextRemove();
    expect(() => recordSpend(deps, '2026-10-01', 'bulk', [])).toThrow();
    recordSpend(deps, '2026-08-20', 'bulk', [{ type: 'b2b_data_lookup', credits: 2 }]);
    recordSpend(deps, '2026-10-02', 'bulk', []);

    expect(ledgerSummary(store, '2026-08-01').month.total).toBe(12);
    expect([...store.data.keys()].filter((key) => key.includes('2026-08-'))).toEqual([]);
  });

  it('stays small after two years of spending on all 19 operations every day', () => {
    const { deps, store } = setup();
    const everything = ['2025', '2026'].flatMap((year) =>
      Array.from({ length: 12 }, (_, m) => `${year}-${String(m + 1).padStart(2, '0')}`),
    );
    const allOperations = OPERATIONS.map((operation) => operation.type);
    for (const month of everything) {
      for (const day of daysOf(month, 28)) {
        recordSpend(
          deps,
          day,
          'formula',
          allOperations.map((type) => ({ type, credits: 3.5 })),
        );
      }
    }

    // The totals: an eighth of a store shared with the cache and jobs; the purchase rows waiting for
    // the hidden sheet (a formula-only spreadsheet whose sidebar never opens) keep to their budget.
    const bytes = (rows: boolean) =>
      [...store.data.entries()]
        .filter(([key]) => key.startsWith('spend:rows:') === rows)
        .reduce((sum, [key, value]) => sum + Buffer.byteLength(key + value), 0);
    expect(bytes(false)).toBeLessThan(64 * 1024);
    expect(bytes(true)).toBeLessThan(64_000 + 8_000);
    expect(ledgerSummary(store, '2026-12-28').month.total).toBe(28 * allOperations.length * 3.5);
    expect(ledgerSummary(store, '2025-06-01').month.total).toBe(0); // older than a year: dropped
    expect(ledgerSummary(store, '2026-01-01').month.total).toBe(28 * allOperations.length * 3.5);
  });
});

describe('capReachedMessage', () => {
  it('names the cap and where to change it', () => {
    expect(capReachedMessage(250)).toBe(
      'Daily formula budget of 250 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)',
    );
    expect(capReachedMessage(1)).toContain('budget of 1 credit reached');
  });
});

describe('who bought, in records stored before it had one name', () => {
  const stored = (fields: Record<string, unknown>) =>
    JSON.stringify({ d: TODAY, x: 1_000, o: { company_name_to_website: 100 }, ...fields });

  it('reads the buyer of a reservation from its purchase source, or from its budget when it has none', () => {
    expect(parseReservation(stored({ s: 'bulk', p: 'recipe' }))?.buyer).toBe('recipe');
    expect(parseReservation(stored({ s: 'bulk' }))?.buyer).toBe('bulk');
    expect(parseReservation(stored({ s: 'formula' }))?.buyer).toBe('formula');
    expect(parseReservation(stored({ s: 'formula', p: 'no such buyer' }))?.buyer).toBe('formula');
  });

  it('books an old run reservation that lapses on the runs’ count, as the recipe that made it', () => {
    const { deps, store, clock } = setup();
    store.data.set('spend:hold:r1', stored({ s: 'bulk', p: 'recipe' }));
    store.data.set('spend:seq', '1');
    clock.time += 2_000;
    recordSpend(deps, TODAY, 'bulk', []);
    const summary = ledgerSummary(store, TODAY);
    expect(summary.today.bySource).toEqual({ formula: 0, bulk: 1, keyTest: 0, refresh: 0 });
  });
});

describe("a formula's reservation settled in its own write (settlement.ts settledInPlace)", () => {
  const item: PlannedItem = { ...WEBSITE, key: 'r1:acme', input: 'Acme' };
  const paid = { type: WEBSITE.type, credits: 1, outcome: 'found' as const, key: 'r1:acme' };

  it('is booked once, at what was charged, by the next locked section', () => {
    const { clock, store, deps } = setup();
    const made = reserve(deps, TODAY, [item], CAP_100, 'formula');
    store.setMany(settledInPlace(store.getAll(), made.id, [paid], clock.now())!);
    // Spending reads it as booked at once; the next lookup's booking folds it into the day.
    expect(ledgerSummary(store, TODAY, CAP_100, clock.now()).today.total).toBe(1);
    reserve(deps, TODAY, [WEBSITE], CAP_100, 'formula');
    expect(ledgerSummary(store, TODAY).today.total).toBe(1);
    clock.time = clock.now() + RESERVATION_LIFETIME_MS.formula * 2;
    reserve(deps, TODAY, [WEBSITE], CAP_100, 'formula');
    // The first lookup once, the second booked at its estimate as it lapsed: 2, never 3.
    expect(ledgerSummary(store, TODAY).today.total).toBe(2);
  });

  it('is not done once the reservation may have lapsed: a late write would book it twice', () => {
    const { clock, store, deps } = setup();
    const made = reserve(deps, TODAY, [item], CAP_100, 'formula');
    clock.time = clock.now() + RESERVATION_LIFETIME_MS.formula;
    expect(settledInPlace(store.getAll(), made.id, [paid], clock.now())).toBeNull();
  });
});
