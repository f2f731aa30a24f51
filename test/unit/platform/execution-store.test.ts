import { executionStore } from '../../../src/core/platform/execution-store';
import { FakeProperties } from '../helpers/platform';

describe("one execution's store, holding a read in hand", () => {
  it('hands the read it was built with to one step, with the writes made since, for no read', () => {
    const properties = new FakeProperties();
    properties.setMany({ a: '1', b: '2' });
    const opening = properties.getAll();
    const store = executionStore(properties, opening);
    store.setMany({ c: '3' });
    store.removeMany(['a']);
    const reads = properties.calls.getAll;
    expect(store.takeInHand()).toEqual({ b: '2', c: '3' });
    expect(properties.calls.getAll).toBe(reads);
    // Taken once: the next step reads the store itself.
    expect(store.takeInHand()).toBeUndefined();
    // The read it was built with is the caller's, and stays as it was.
    expect(opening).toEqual({ a: '1', b: '2' });
  });

  it('holds what a step read for the next one, and reads anew whenever asked to', () => {
    const properties = new FakeProperties();
    const store = executionStore(properties);
    expect(store.takeInHand()).toBeUndefined();
    properties.setMany({ theirs: 'another execution' });
    const seen = store.getAll();
    expect(seen).toEqual({ theirs: 'another execution' });
    // A read is held only when a step says so: getAll always reads.
    expect(store.takeInHand()).toBeUndefined();
    store.hold(seen);
    store.setMany({ mine: 'this execution' });
    properties.setMany({ later: 'another execution' });
    expect(store.takeInHand()).toEqual({ theirs: 'another execution', mine: 'this execution' });
    expect(store.getAll()).toEqual({
      theirs: 'another execution',
      mine: 'this execution',
      later: 'another execution',
    });
    expect(properties.calls.getAll).toBe(2);
  });
});
