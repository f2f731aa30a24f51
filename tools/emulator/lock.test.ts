import { VirtualClock } from './clock';
import { FakeLockService, LOCK_TIMEOUT_MESSAGE } from './lock';
import { EXECUTION_BUDGET_MS, type ExecutionSpec, Runtime } from './runtime';

const SPEC: ExecutionSpec = {
  label: 'test',
  authMode: 'FULL',
  budgetMs: EXECUTION_BUDGET_MS,
  hasUi: true,
  documentId: 'doc-1',
  hasActiveSpreadsheet: true,
  user: 'ann@example.com',
  hasActiveUser: true,
};

function setup() {
  const clock = new VirtualClock(0);
  const runtime = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-1' });
  return { clock, runtime, locks: new FakeLockService(runtime) };
}

describe('LockService', () => {
  it('a free lock is taken at once and hasLock says so until released', () => {
    const { clock, locks } = setup();
    const lock = locks.getScriptLock();
    expect(lock.hasLock()).toBe(false);
    expect(lock.tryLock(5000)).toBe(true);
    expect(lock.hasLock()).toBe(true);
    expect(clock.now()).toBe(0);
    lock.releaseLock();
    expect(lock.hasLock()).toBe(false);
  });

  it('waitLock waits out its timeout on the virtual clock, then throws the platform message', () => {
    const { clock, locks } = setup();
    locks.holdElsewhere('script', 60_000);
    expect(() => locks.getScriptLock().waitLock(10_000)).toThrow(LOCK_TIMEOUT_MESSAGE);
    expect(clock.now()).toBe(10_000);
  });

  it('tryLock gets the lock the moment the other holder lets go (L3)', () => {
    const { clock, locks } = setup();
    locks.holdElsewhere('script', 3_000);
    expect(locks.getScriptLock().tryLock(10_000)).toBe(true);
    expect(clock.now()).toBe(3_000);
  });

  it('tryLock answers false after its timeout when the lock stays held', () => {
    const { clock, locks } = setup();
    locks.holdElsewhere('user', 60_000);
    expect(locks.getUserLock().tryLock(2_000)).toBe(false);
    expect(clock.now()).toBe(2_000);
  });

  it("one user's lock spans that user's documents; a document's lock does not (L4)", () => {
    const clock = new VirtualClock(0);
    const ids = { next: 1 };
    const q3 = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-1' }, ids);
    const q4 = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-2' }, ids);
    const inQ3 = new FakeLockService(q3);
    const inQ4 = new FakeLockService(q4, inQ3.backing);
    inQ3.holdElsewhere('user', 60_000);
    inQ3.holdElsewhere('document', 60_000);
    q4.run({ ...SPEC, documentId: 'doc-2' }, () => {
      expect(inQ4.getDocumentLock()!.tryLock(0)).toBe(true);
      expect(inQ4.getUserLock().tryLock(1_000)).toBe(false);
    });
  });

  it('releases a lock the script forgot when its execution ends', () => {
    const { runtime, locks } = setup();
    runtime.run(SPEC, () => {
      expect(locks.getScriptLock().tryLock(0)).toBe(true);
    });
    runtime.run(SPEC, () => {
      expect(locks.getScriptLock().tryLock(0)).toBe(true);
    });
  });

  it('another execution cannot take a lock this one holds', () => {
    const { runtime, locks } = setup();
    const held = locks.getDocumentLock()!;
    expect(held.tryLock(0)).toBe(true);
    runtime.run(SPEC, () => {
      expect(locks.getDocumentLock()!.tryLock(1_000)).toBe(false);
    });
  });

  it('answers hasLock per Lock object: a second object of the same lock waits like another claimant (L1, L2)', () => {
    const { clock, runtime, locks } = setup();
    runtime.run(SPEC, () => {
      const first = locks.getDocumentLock()!;
      expect(first.tryLock(0)).toBe(true);
      expect(first.tryLock(0)).toBe(true); // L1: the holder asking again
      const second = locks.getDocumentLock()!;
      expect(second.hasLock()).toBe(false);
      const before = clock.now();
      expect(second.tryLock(500)).toBe(false); // L2: no re-entry through another object
      expect(clock.now()).toBe(before + 50 + 500); // the request's round trip, then the wait
      second.releaseLock(); // without the lock: nothing happens
      expect(first.hasLock()).toBe(true);
      first.releaseLock();
      expect(second.tryLock(0)).toBe(true);
    });
  });

  it('releaseElsewhere ends a simulated other hold early', () => {
    const { clock, locks } = setup();
    locks.holdElsewhere('document', 60_000);
    locks.releaseElsewhere('document');
    expect(locks.getDocumentLock()!.tryLock(0)).toBe(true);
    expect(clock.now()).toBe(0);
  });

  it('a document lock does not exist without a document', () => {
    const { runtime, locks } = setup();
    runtime.setOutsideIdentity({ user: 'ann@example.com', documentId: null });
    expect(locks.getDocumentLock()).toBeNull();
  });
});
