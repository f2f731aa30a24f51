// The document properties as one execution sees them: every read of the whole store is a service
// call that counts against a daily quota, so a read the execution made a moment ago is held in hand
// for the next step that may do with it, and kept true by the execution's own writes. Only two
// reads are held: a formula's, which found its key and settings (its lookup starts from it), and
// the lookup's locked booking's (the answers' save plans its room on it). Each serves one step:
// the step that takes it lets go of it, since another execution may write in the meantime. What
// must see other executions' writes (a locked section, a wait for their answers) reads anew.
import type { BatchStorePort } from './ports';

/** `store` with a read held in hand (ports.ts `takeInHand`); `opening`, one made already. */
export function executionStore(
  store: BatchStorePort,
  opening?: Record<string, string>,
): Required<BatchStorePort> {
  let held = opening;
  // Whether `held` is this store's own copy, which its writes change in place. Copied at the
  // first write it must follow, not when held: a copy of a full store costs a millisecond, and
  // most reads are taken before any write. In place after that: a copy at every write cost a
  // formula's execution more than its lookup.
  let own = false;
  /** `read`, the read held, as the copy this store's writes change. */
  const ownHeld = (read: Record<string, string>) => {
    const copy = own ? read : { ...read };
    held = copy;
    own = true;
    return copy;
  };
  let riders: Record<string, string> = {};
  return {
    getAll: () => store.getAll(),
    setMany(entries) {
      const all = { ...riders, ...entries };
      riders = {};
      store.setMany(all);
      if (held) Object.assign(ownHeld(held), all);
    },
    alongside(entries) {
      riders = { ...riders, ...entries };
    },
    removeMany(keys) {
      store.removeMany(keys);
      if (!held) return;
      const mine = ownHeld(held);
      for (const key of keys) delete mine[key];
    },
    takeInHand() {
      const inHand = held;
      held = undefined;
      own = false;
      return inHand;
    },
    hold(all) {
      held = all;
      own = false;
    },
  };
}
