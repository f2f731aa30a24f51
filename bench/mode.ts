// `npm run bench -- --quick`: every scenario of the full bench, the largest at a fifth of their
// size (bulk runs and the recipe over 2,000 rows, the big range over 1,000, formulas over 400
// cells, the blips over 2,000 lookups, the watch's day of form responses one every 5 minutes), so
// that a run takes minutes, not a quarter of an hour on a loaded machine. The results say their
// mode, and so do the benchmark page's tables.
export const QUICK = process.argv.includes('--quick');

export type BenchMode = 'full' | 'quick';
export const MODE: BenchMode = QUICK ? 'quick' : 'full';

/** A scenario's size: the full one, or the quick mode's. */
export const sized = (full: number, quick: number): number => (QUICK ? quick : full);
