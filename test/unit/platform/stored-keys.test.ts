// The names the add-on stores data under are its storage format: after an update, users' keys,
// settings, paid answers, jobs and spending are found again only by them. Each is pinned here as
// a literal, so that a rename (which would orphan every user's stored data) fails this test; a
// new name fails it too, until it is added below. The handlers users' triggers name are pinned
// for the same reason: a renamed function leaves every installed trigger calling nothing.
import * as stored from '../../../src/core/platform/stored-keys';

describe('the names of stored data', () => {
  it('are exactly the ones users already have data under', () => {
    expect({ ...stored }).toEqual({
      PROPERTY: {
        apiKey: 'enrich.apiKey',
        settings: 'enrich.settings',
        bulkRun: 'enrich.bulk.run',
        pastBulkRuns: 'enrich.bulk.pastRuns',
        customRecipes: 'enrich.recipes',
        drivers: 'enrich.drivers',
        clockTriggers: 'enrich.jobTriggers',
        reauthorize: 'enrich.reauthorize',
        outOfCredits: 'enrich.outOfCredits',
        spendSequence: 'spend:seq',
        watchesPaused: 'enrich.watches.paused',
        cacheSheet: 'enrich.sheet.cache',
        spreadsheet: 'enrich.spreadsheet',
        ledgerSheet: 'enrich.sheet.ledger',
        triggerRuntime: 'enrich.triggerRuntime',
        memoryEvicted: 'enrich.memory.evicted',
      },
      PROPERTY_PREFIX: {
        job: 'job:',
        queuedFormula: 'fq:',
        claims: 'inflight:',
        spendDay: 'spend:day:',
        spendMonth: 'spend:month:',
        spendReservation: 'spend:hold:',
        spendJobReservation: 'spend:job:',
        spendRows: 'spend:rows:',
        stashNote: 'stash:',
        pace: 'pace:',
        watch: 'watch:',
        memoryPage: 'memory:',
      },
      RESULT_KEY_VERSION: 'r1',
      KEY_SUFFIX: { chunk: '#', stashPiece: '#s' },
      CACHE_KEY: {
        editNote: {
          jobs: 'enrich.jobs.signal',
          collector: 'enrich.jobs.collector',
          watches: 'enrich.watches.note',
          memory: 'enrich.memory.behind',
        },
      },
      CACHE_PREFIX: { heldFailure: 'held-failure:' },
      SHEET_NAME: {
        resultCache: '_enrich_cache',
        ledger: '_enrich_ledger',
        spendReport: 'Enrich spend report',
      },
      TRIGGER_HANDLER: {
        clock: 'runJobPump',
        edit: 'collectOnEdit',
        open: 'collectOnOpen',
        change: 'watchOnChange',
        formSubmit: 'watchOnFormSubmit',
      },
    });
  });
});
