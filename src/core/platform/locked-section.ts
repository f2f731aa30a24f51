// Steps that share one section under the document lock. A whole read of document properties
// counts against a daily quota and, under the lock, keeps every other execution of the document
// waiting; so the steps of one section read the store once and write it once between them.
import type { BatchStorePort, LockPort } from './ports';

/** The lock the section already holds: a step inside it must neither wait for it nor release it. */
export const HELD_LOCK: LockPort = { withLock: (_timeoutMs, work) => work() };

export interface SectionStore extends BatchStorePort {
  /** Writes what the steps changed: one setMany, then one removeMany. */
  commit(): void;
}

/**
 * `store` as the steps of one locked section see it: read at most once, with their own changes
 * on top, and written by `commit`. Nothing is written before it: a kill inside the section leaves
 * the store as it was. Writes go before deletes, as everywhere else: a kill between the two
 * leaves only keys that the next read ignores.
 */
export function sectionStore(store: BatchStorePort): SectionStore {
  let read: Record<string, string> | undefined;
  // One view while the steps change nothing: they read it over and over, and a copy of a full
  // store costs a millisecond. Frozen: a step that wrote into it would change the others' reads.
  let view: Readonly<Record<string, string>> | undefined;
  const buffer = new WriteBuffer();
  return {
    getAll() {
      read ??= store.getAll();
      view ??= Object.freeze(buffer.over(read));
      return view;
    },
    setMany(entries) {
      for (const [key, value] of Object.entries(entries)) buffer.set(key, value);
      view = undefined;
    },
    removeMany(keys) {
      for (const key of keys) buffer.remove(key);
      view = undefined;
    },
    commit() {
      buffer.commit(store);
    },
  };
}

/**
 * Writes and deletes kept until `commit`, which makes them in at most one setMany and one
 * removeMany. Writes go before deletes: a kill between the two leaves only keys the next read
 * ignores, never a half-deleted record.
 */
export class WriteBuffer {
  private readonly writes: Record<string, string> = {};
  private readonly deletes = new Set<string>();

  set(key: string, value: string): void {
    this.deletes.delete(key);
    this.writes[key] = value;
  }

  remove(key: string): void {
    delete this.writes[key];
    this.deletes.add(key);
  }

  /** `read` with the buffered changes on top. */
  over(read: Record<string, string>): Record<string, string> {
    const seen = { ...read, ...this.writes };
    for (const key of this.deletes) delete seen[key];
    return seen;
  }

  commit(store: BatchStorePort): void {
    if (Object.keys(this.writes).length > 0) store.setMany(this.writes);
    if (this.deletes.size > 0) store.removeMany([...this.deletes]);
  }
}

/** What `tryWithLock` answers when the lock could not be had in time. */
export const BUSY: unique symbol = Symbol('lock busy');
export type Busy = typeof BUSY;

/**
 * Runs `work` under the lock, or answers BUSY when the lock stays taken for `timeoutMs`. Only a
 * failure to get the lock means busy: an error thrown by `work` (a storage error) surfaces, since
 * taking it for "busy" would hide a lost write.
 */
export function tryWithLock<T>(lock: LockPort, timeoutMs: number, work: () => T): T | Busy {
  let entered = false;
  try {
    return lock.withLock(timeoutMs, () => {
      entered = true;
      return work();
    });
  } catch (error) {
    if (entered) throw error;
    return BUSY;
  }
}
