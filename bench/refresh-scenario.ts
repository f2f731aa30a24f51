// The refresh scenario (issue 41): a column of 1,000 company names, bought by a bulk run 100 rows a
// day over ten days from the bottom up (so the oldest answers are the last rows, not the first),
// left 90 days while the API's data changed, then refreshed with a budget of 200 credits, oldest
// first. One name in ten matches nobody (not found then and now). What it spends against its
// budget, whether the rows bought again are exactly the 200 oldest, and what it found.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../src/shared/bulk-rpc';
import { saveSettings, spent, typeValues, type World } from '../test/bundle/harness';
import { onPlan } from './pace-ways';

const ROWS = 1_000;
const BLOCK = 100;
const BUDGET = 200;
const AGE_DAYS = 90;
const DAY = 86_400_000;

export interface RefreshFigures {
  rows: number;
  ageDays: number;
  budget: number;
  /** Credits the refresh spent: its budget, exactly. */
  credits: number;
  /** Rows it bought again, and whether they are the `budget` rows with the oldest answers. */
  rowsBought: number;
  exactlyTheOldest: boolean;
  /** What its progress said once done. */
  summary: string;
  /** Rows whose output cell got a "was … until …" note. */
  notedCells: number;
  simulatedSeconds: number;
}

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

const call = <T>(w: World, name: string, ...args: unknown[]) =>
  w.emu.runExecution(w.bundle, name, args, { context: 'sidebar' }) as T;

function drive(w: World, first: BulkProgress): BulkProgress {
  let progress = first;
  while (progress.state === 'running') {
    if (progress.nextCallInMs) w.clock.advance(progress.nextCallInMs);
    progress = call<BulkProgress>(w, 'continueBulkRun', progress.runId);
  }
  return progress;
}

const posts = (w: World) => w.api.callsFor(w.key).filter((call) => call.method.toUpperCase() === 'POST');

const company = (row: number) => (row % 10 === 0 ? `Nobody Company ${row}` : `Company ${row}`);

/** Rows 2..1,001, the bottom block typed and bought first, a day before the next one up. */
function agedColumn(distDir: string, latencyMs: number): World {
  const w = onPlan({ distDir, credits: 1_000_000, emulator: { latencyMs } });
  saveSettings(w, { confirmAbove: 1_000_000 });
  typeValues(w, 'A1:B1', [['Company', 'Website']]);
  for (let top = ROWS + 2 - BLOCK; top >= 2; top -= BLOCK) {
    const rows = Array.from({ length: BLOCK }, (_, i) => [company(top + i)]);
    typeValues(w, `A${top}:A${top + BLOCK - 1}`, rows);
    drive(w, call<BulkProgress>(w, 'startBulkRun', config, 1_000_000));
    w.clock.advance(DAY);
  }
  w.clock.advance(AGE_DAYS * DAY);
  w.api.reviseData('company_name_to_website');
  return w;
}

export function measureRefresh(distDir: string, latencyMs: number): RefreshFigures {
  const w = agedColumn(distDir, latencyMs);
  const before = spent(w);
  const callsBefore = posts(w).length;
  const asked: BulkRunConfig = { ...config, refreshOlderThanDays: 0, refreshBudget: BUDGET };
  const preview = call<BulkPreview>(w, 'previewBulkRun', asked);
  const started = w.clock.now();
  const done = drive(w, call<BulkProgress>(w, 'startBulkRun', asked, preview.estimatedCredits));
  const seconds = (w.clock.now() - started) / 1000;
  const notes = w.emu.spreadsheet.getSheetByName('Sheet1')!.getRange(2, 2, ROWS, 1).getNotes();
  // The oldest answers are the last BUDGET rows' (bought first): the inputs sent must be theirs.
  const sent = posts(w)
    .slice(callsBefore)
    .map((call) => call.input);
  const oldest = Array.from({ length: BUDGET }, (_, i) => company(ROWS + 2 - BUDGET + i));
  const boughtRows = [...new Set(sent)];
  return {
    rows: ROWS,
    ageDays: AGE_DAYS,
    budget: BUDGET,
    credits: spent(w) - before,
    rowsBought: boughtRows.length,
    exactlyTheOldest:
      sent.length === BUDGET && JSON.stringify(boughtRows.sort()) === JSON.stringify(oldest.sort()),
    summary: done.refreshSummary ?? '',
    notedCells: notes.filter((row) => row[0] !== '').length,
    simulatedSeconds: Math.round(seconds),
  };
}
