// The one lease of work one execution at a time may do: a bulk run's slice, a watch's run, the
// job collector's role.
import {
  endWanted,
  heldByOther,
  releaseLease,
  takeLease,
  takeWanted,
} from '../../../src/core/platform/lease';

describe('a lease', () => {
  it('goes to one execution for its work and a margin, and lapses by itself after them', () => {
    const taken = takeLease(null, 1_000, 'a', 10_000, 5_000);
    expect(taken).toEqual({ kind: 'mine', lease: { token: 'a', until: 16_000 } });
    const lease = { token: 'a', until: 16_000 };
    expect(takeLease(lease, 15_999, 'b', 10_000, 5_000)).toEqual({ kind: 'busy' });
    expect(takeLease(lease, 16_000, 'b', 10_000, 5_000)).toEqual({
      kind: 'mine',
      lease: { token: 'b', until: 31_000 },
    });
    expect(heldByOther(lease, 15_999)).toBe(true);
    expect(heldByOther(lease, 15_999, 'a')).toBe(false);
  });

  it('is let go by its holder only', () => {
    const lease = { token: 'a', until: 9 };
    expect(releaseLease(lease, 'a')).toBeNull();
    expect(releaseLease(lease, 'b')).toBe(lease);
  });

  it('is wanted by a caller who found it held, and its holder hears so once when it keeps it', () => {
    const held = { lease: { token: 'a', until: 100 }, wanted: false, name: 'w' };
    const busy = takeWanted(held, 50, 'b', 10, 5);
    expect(busy).toEqual({ kind: 'busy', record: { ...held, wanted: true } });
    expect(endWanted(busy.record, 'b', true)).toEqual({ record: busy.record, wanted: false });
    expect(endWanted(busy.record, 'a', true)).toEqual({ record: { ...held, wanted: false }, wanted: true });
    expect(endWanted(busy.record, 'a', false)).toEqual({
      record: { ...held, lease: null, wanted: false },
      wanted: false,
    });
  });
});
