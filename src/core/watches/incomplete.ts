// People fill rows cell by cell, so a row whose step reads several columns (a name and its
// company) waits while one of them is blank (due.ts waitsForInputs): a run that people's edits
// started leaves it for the edit that completes it. The hourly check takes such a row only when
// its previous look found it so, with the same inputs: the row was left that way, not typed a
// moment before the check (a name 40 s before it, its company a minute after, is bought once,
// with its company). The watch keeps what its last hourly check found, a short key a row.
import type { BulkRunConfig } from '../../shared/bulk-rpc';
import { rowSignature, type SheetTable } from '../bulk/plan';
import { waitsForInputs } from './due';
import type { RunCause } from './runtime';

/** Keys kept, at most: about 150 rows; the rest are remembered by a later check. */
const MAX_REMEMBERED_CHARS = 2_000;

/** FNV-1a over the text, in base 36: enough to tell a row's inputs changed. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function parseIncomplete(text: string | undefined): Set<string> {
  return new Set((text ?? '').split(' ').filter((key) => key !== ''));
}

/** The rows one look holds back for the rest of their inputs, and those it remembers. */
export class IncompleteRows {
  private readonly seen = new Set<string>();

  /**
   * `earlier`: the rows the last hourly check found incomplete. Edits and inserted rows hold every
   * incomplete row and remember none; a form response comes whole, and holds none.
   */
  constructor(
    private readonly cause: RunCause,
    private readonly earlier: ReadonlySet<string>,
  ) {}

  /** Whether a due row waits: it reads several columns and one is blank. */
  holds(config: BulkRunConfig, table: SheetTable, row: number): boolean {
    if (this.cause === 'form' || !waitsForInputs(config, table, row)) return false;
    if (this.cause !== 'clock') return true;
    const key = `${row}.${shortHash(rowSignature(config, table, row))}`;
    this.seen.add(key);
    return !this.earlier.has(key);
  }

  /**
   * What the watch keeps for its next hourly check; undefined when this look keeps what it had
   * (not an hourly check). `stopped`: the look ended before its last row, so the rows found
   * earlier are kept too.
   */
  remembered(stopped: boolean): string | undefined {
    if (this.cause !== 'clock') return undefined;
    const keys = stopped ? new Set([...this.seen, ...this.earlier]) : this.seen;
    let text = '';
    for (const key of keys) {
      if (text.length + key.length + 1 > MAX_REMEMBERED_CHARS) break;
      text = text === '' ? key : `${text} ${key}`;
    }
    return text;
  }
}
