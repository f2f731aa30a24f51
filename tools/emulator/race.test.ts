// The race window models executions running at once: unlocked reads see the state from before
// any of them wrote; reads under a lock see the live state.
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

const CODE = `
function bump() {
  var props = PropertiesService.getDocumentProperties();
  var n = Number(props.getProperty('n') || 0);
  props.setProperty('n', String(n + 1));
  return n + 1;
}
function bumpLocked() {
  var lock = LockService.getDocumentLock();
  lock.waitLock(1000);
  try { return bump(); } finally { lock.releaseLock(); }
}
function startedAt() {
  var started = Date.now();
  Utilities.sleep(1000);
  return started;
}
function holdLockAWhile() {
  var lock = LockService.getDocumentLock();
  lock.waitLock(1000);
  Utilities.sleep(5000);
  lock.releaseLock();
  return Date.now();
}
function lockedAt(waitMs) {
  var lock = LockService.getDocumentLock();
  if (!lock.tryLock(waitMs)) return 'busy at ' + Date.now();
  lock.releaseLock();
  return Date.now();
}
function bumpCached() {
  var cache = CacheService.getDocumentCache();
  var n = Number(cache.get('n') || 0);
  cache.put('n', String(n + 1), 600);
  return Number(cache.get('n'));
}
`;

afterAll(removeBundles);

function setUp() {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, headers: {}, body: '' }) });
  const bundle = emu.loadBundle(writeBundle(CODE));
  const run = (name: string, ...args: unknown[]) =>
    emu.runExecution(bundle, name, args, { context: 'sidebar' });
  return { emu, run };
}

describe('a race window (model: R1, R2)', () => {
  it('loses unlocked read-modify-write updates, as concurrent executions would', () => {
    const { emu, run } = setUp();
    const answers = emu.concurrently(() => [run('bump'), run('bump'), run('bump')]);
    expect(answers).toEqual([1, 1, 1]);
    expect(run('bump')).toBe(2); // after the window, reads are live again
  });

  it('keeps updates made under a lock, because a lock serializes', () => {
    const { emu, run } = setUp();
    const answers = emu.concurrently(() => [run('bumpLocked'), run('bumpLocked'), run('bumpLocked')]);
    expect(answers).toEqual([1, 2, 3]);
  });

  it('lets an execution read its own writes, in properties and in the cache', () => {
    const { emu, run } = setUp();
    const answers = emu.concurrently(() => [run('bumpCached'), run('bumpCached')]);
    expect(answers).toEqual([1, 1]);
  });

  it('starts every execution at the instant it opened, and closes at the latest time one reached', () => {
    const { emu, run } = setUp();
    const opened = emu.clock.now();
    const starts = emu.concurrently(() => [run('startedAt'), run('startedAt'), run('startedAt')]);
    expect(starts).toEqual([opened, opened, opened]);
    expect(emu.clock.now()).toBe(opened + 1000);
    expect(run('startedAt')).toBe(opened + 1000); // outside a window time goes on as usual
  });

  it('with atOnce, starts an execution when one of those running before it ends', () => {
    const { emu, run } = setUp();
    const opened = emu.clock.now();
    const starts = emu.concurrently(() => [run('startedAt'), run('startedAt'), run('startedAt')], {
      atOnce: 2,
    });
    // startedAt sleeps 1 s: the third starts when the first ends.
    expect(starts).toEqual([opened, opened, opened + 1000]);
    expect(emu.clock.now()).toBe(opened + 2000);
  });

  it('makes an execution wait for a lock another held at that time, though it ran first', () => {
    const { emu, run } = setUp();
    const opened = emu.clock.now();
    const [, tooShort, longEnough] = emu.concurrently(() => [
      run('holdLockAWhile'),
      run('lockedAt', 1000),
      run('lockedAt', 10_000),
    ]);
    // Getting the lock (2 ms) and asking for it (50 ms) are round trips of their own.
    expect(tooShort).toBe(`busy at ${opened + 1052}`);
    // The holder lets go at 5,072 (2 + 50 + 5,000 + its release, 20); this release takes 20 more.
    expect(longEnough).toBe(opened + 5092);
  });
});
