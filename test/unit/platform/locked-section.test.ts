import { sectionStore } from '../../../src/core/platform/locked-section';
import { FakeProperties } from '../helpers/platform';

describe('a store shared by the steps of one locked section', () => {
  it('is read once, shows the steps their own changes, and writes nothing before commit', () => {
    const properties = new FakeProperties();
    properties.setMany({ a: '1', b: '2' });
    const writesBefore = properties.calls.setMany;
    const store = sectionStore(properties);
    store.setMany({ c: '3' });
    store.removeMany(['a']);
    expect(store.getAll()).toEqual({ b: '2', c: '3' });
    store.setMany({ a: 'back' });
    store.removeMany(['c']);
    expect(store.getAll()).toEqual({ a: 'back', b: '2' });
    expect(properties.calls.getAll).toBe(1);
    expect(properties.calls.setMany).toBe(writesBefore);
    expect(properties.getAll()).toEqual({ a: '1', b: '2' });

    store.commit();
    expect(properties.getAll()).toEqual({ a: 'back', b: '2' });
    expect(properties.calls.setMany).toBe(writesBefore + 1);
    expect(properties.calls.removeMany).toBe(1);
  });

  it('commits nothing when the steps changed nothing', () => {
    const properties = new FakeProperties();
    const store = sectionStore(properties);
    store.getAll();
    store.commit();
    expect(properties.calls).toMatchObject({ setMany: 0, removeMany: 0 });
  });
});
