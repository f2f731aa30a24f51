// The add-on never buys its own words. A column a user filled by copying cells of the add-on (a
// queued range, a list delivered, an error, a watch's status) is the input of a bulk run: every one
// of those rows is refused for free, and only the real company is bought. Bulk runs, recipes and
// watches read their inputs through the same refusal as formulas (formulas/placeholders.ts, which
// reads the catalogue of texts, src/core/text/catalogue/); test/unit/text/own-texts.test.ts renders
// every maker of the catalogue.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../../src/shared/bulk-rpc';
import { createWorld, drive, sentInputs, sidebar, spent, typeValues } from './harness';

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

/** Texts the add-on writes in cells and status columns, as a user copies them. */
const OUR_TEXTS = [
  'Queued: 776 lookups will fill in within about 13 minutes.',
  'Processing… the result will appear here within a minute or two.',
  "42 employees -> sheet 'Employees - Acme (Sales)'",
  'Error: Not enough credits (HTTP 402). Top up the account, then run again.',
  'Waiting: this watch spent its daily cap of 3 credits; it goes on tomorrow, or when you raise the cap.',
  'Daily formula budget of 1,000 credits reached (Extensions > Enrich for Sheets > Open sidebar to change it)',
  'The API key was refused (HTTP 401). Set a valid key in the add-on settings.',
  'Found',
  'Not found',
];

describe("a bulk run over a column of the add-on's own texts", () => {
  it('refuses each for free and buys only the real company', () => {
    const world = createWorld({ credits: 100 });
    typeValues(world, 'A1:A11', [['Company'], ...OUR_TEXTS.map((text) => [text]), ['Company 42']]);

    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview).toMatchObject({ toLookUp: 1, estimatedCredits: 1 });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    expect(drive(world, started.runId).state).toBe('done');

    expect(sentInputs(world)).toEqual(['Company 42']);
    expect(spent(world)).toBe(1);
    const waiting = [
      '',
      'Invalid input: This is a lookup still waiting for its answer; Website from company name needs a company name.',
    ];
    const ours = [
      '',
      'Invalid input: This is a message of this add-on, not a value to look up; Website from company name needs a company name.',
    ];
    expect(world.emu.values('Sheet1', 'B2:C11')).toEqual([
      waiting,
      waiting,
      waiting,
      ours,
      waiting,
      ours,
      ours,
      ours,
      [
        '',
        'Invalid input: This is "Not found", the answer of a lookup that found nothing; Website from company name needs a company name.',
      ],
      ['42.com', 'Found'],
    ]);
  });

  it('refuses them as people copy them, and those of the sidebar, and buys real names alike', () => {
    const world = createWorld({ credits: 100 });
    const copied = [
      'QUEUED: 776 LOOKUPS WILL FILL IN WITHIN ABOUT 13 MINUTES.',
      'Row 7: Lookup lost: the API accepted it, then could not find its job.',
      'Too many requests (HTTP 430). Try again in a minute.',
      'Processing...',
      'Queued:',
      "Saved result, free. Bought in 'Leads Q3' on 2026-11-20 08:55 for 1 credit",
      'In the memory of all your spreadsheets, until you clear or refresh it (bought 41 days ago)',
      "1.0 a second, learned 5 minutes ago (at most 50, your plan's figure, as Most requests a second says).",
      'Total: 12 credits over 3 purchases (as Spending counts them)',
    ];
    const real = ['Processing Plant Ltd', 'Queue Systems Inc'];
    typeValues(world, 'A1:A12', [['Company'], ...[...copied, ...real].map((text) => [text])]);

    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview).toMatchObject({ toLookUp: 2, estimatedCredits: 2 });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    expect(drive(world, started.runId).state).toBe('done');

    expect(sentInputs(world)).toEqual(real);
    expect(spent(world)).toBe(2);
  });

  it("refuses ENRICH's unknown type and the sidebar's labels pasted whole, and buys names holding their words", () => {
    const world = createWorld({ credits: 100 });
    const copied = [
      'Unknown type "compny_website". Did you mean company_name_to_website?',
      'ROW 7: UNKNOWN TYPE "COMPNY_WEBSITE".',
      'Full profile',
      'PHOTONET PROFILE (copied)',
      'Row 7: Key saved.',
      '  estimated cost ',
    ];
    const real = ['Full Profile Media', 'Unknown Type Records'];
    typeValues(world, 'A1:A9', [['Company'], ...[...copied, ...real].map((text) => [text])]);

    const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
    expect(preview).toMatchObject({ toLookUp: 2, estimatedCredits: 2 });
    const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
    expect(drive(world, started.runId).state).toBe('done');

    expect(sentInputs(world)).toEqual(['Full Profile Media', 'Unknown Type Records']);
    expect(spent(world)).toBe(2);
  });
});
