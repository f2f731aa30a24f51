// The Edit trigger's note: what waits for the add-on's triggers, kept in the document cache so that
// the Edit trigger, which runs on every edit of the spreadsheet, decides in one cache read whether
// an edit has anything to do. Each line is written by its own capability under a key of its own
// (CACHE_KEY.editNote): CacheService has no atomic read-modify-write, and one value written by
// several executions keeps only the last, so lines written apart never erase one another.
//   jobs       whether jobs or queued formula lookups wait for the collector (jobs/signal.ts)
//   collector  the collector's role, a lease, while one execution collects (jobs/signal.ts)
//   watches    the sheets and columns watches follow (watches/note.ts)
//   memory     a formula bought answers the owner's memory lacks; from when to give them (server/user-memory.ts)
// The cache may forget any line: a forgotten line is made again from what it stands for (the job
// registry, the watches), or, for the memory, waits for the next formula that cannot write it.
import type { TtlCachePort } from './ports';
import { CACHE_KEY } from './stored-keys';

export type EditNoteLine = keyof typeof CACHE_KEY.editNote;
/** The lines read, as stored; a line the cache does not hold is absent. */
export type EditNote = Partial<Record<EditNoteLine, string>>;

/** CacheService's longest life: a line outlives any job's 10 minutes and waits for an owner's trigger. */
const EDIT_NOTE_TTL_SECONDS = 21_600;
const EVERY_LINE = Object.keys(CACHE_KEY.editNote) as EditNoteLine[];

/** The note's `lines` (all of them by default), in one cache read. */
export function readEditNote(cache: TtlCachePort, lines: readonly EditNoteLine[] = EVERY_LINE): EditNote {
  const stored = cache.getMany(lines.map((line) => CACHE_KEY.editNote[line]));
  const note: EditNote = {};
  for (const line of lines) {
    const text = stored[CACHE_KEY.editNote[line]];
    if (text !== undefined) note[line] = text;
  }
  return note;
}

/** Writes these lines, in one cache call; the others are left as they are. */
export function writeEditNote(cache: TtlCachePort, lines: EditNote): void {
  const entries: Record<string, string> = {};
  for (const line of EVERY_LINE) {
    const text = lines[line];
    if (text !== undefined) entries[CACHE_KEY.editNote[line]] = text;
  }
  cache.putMany(entries, EDIT_NOTE_TTL_SECONDS);
}

/** Takes these lines off the note. */
export function eraseEditNote(cache: TtlCachePort, lines: readonly EditNoteLine[]): void {
  cache.removeMany(lines.map((line) => CACHE_KEY.editNote[line]));
}
