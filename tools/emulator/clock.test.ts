import { DEFAULT_START_MS, VirtualClock } from './clock';

describe('the virtual clock', () => {
  it('starts at a fixed time and only moves when told', () => {
    const clock = new VirtualClock();
    expect(clock.now()).toBe(DEFAULT_START_MS);
    clock.sleep(1500);
    expect(clock.now()).toBe(DEFAULT_START_MS + 1500);
  });

  it('runs scheduled callbacks at their own times, in order, while advancing', () => {
    const clock = new VirtualClock(0);
    const seen: string[] = [];
    clock.schedule(300, () => seen.push(`b@${clock.now()}`));
    clock.schedule(100, () => seen.push(`a@${clock.now()}`));
    clock.after(100, () => seen.push(`a2@${clock.now()}`));
    clock.advance(250);
    expect(seen).toEqual(['a@100', 'a2@100']);
    expect(clock.now()).toBe(250);
    clock.advance(100);
    expect(seen).toEqual(['a@100', 'a2@100', 'b@300']);
  });

  it('runUntil steps from event to event until a condition holds, within a limit', () => {
    const clock = new VirtualClock(0);
    let done = false;
    clock.schedule(60_000, () => {
      done = true;
    });
    expect(clock.runUntil(() => done, 120_000)).toBe(true);
    expect(clock.now()).toBe(60_000);
    expect(clock.runUntil(() => false, 5_000)).toBe(false);
    expect(clock.now()).toBe(65_000);
  });

  it('a cancelled callback never runs', () => {
    const clock = new VirtualClock(0);
    let ran = false;
    const id = clock.after(10, () => {
      ran = true;
    });
    clock.cancel(id);
    clock.advance(20);
    expect(ran).toBe(false);
  });

  it('stops at a deadline and throws the error the deadline gives', () => {
    const clock = new VirtualClock(0);
    clock.setDeadline({ at: 30_000, exceeded: () => new Error('Exceeded maximum execution time') });
    clock.advance(29_000);
    expect(() => clock.sleep(2_000)).toThrow('Exceeded maximum execution time');
    expect(clock.now()).toBe(30_000);
  });

  it('refuses to go backwards', () => {
    expect(() => new VirtualClock(0).advance(-1)).toThrow(RangeError);
  });
});
