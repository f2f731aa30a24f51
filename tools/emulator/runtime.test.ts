import { VirtualClock } from './clock';
import { FakeLockService } from './lock';
import { EXECUTION_BUDGET_MS, type ExecutionSpec, Runtime } from './runtime';

const spec = (label: string): ExecutionSpec => ({
  label,
  authMode: 'FULL',
  budgetMs: EXECUTION_BUDGET_MS,
  hasUi: true,
  documentId: 'doc-1',
  hasActiveSpreadsheet: true,
  user: 'ann@example.com',
  hasActiveUser: true,
});

describe('a sidebar call made while another runs (H3)', () => {
  it('runs to its end meanwhile; the first goes on with its own deadline and locks', () => {
    const clock = new VirtualClock(0);
    const runtime = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-1' });
    const locks = new FakeLockService(runtime);
    let innerDeadline = 0;
    let innerStart = 0;
    const outerCall = () =>
      runtime.run(spec('sidebar continueBulkRun'), (outer) => {
        const lock = locks.getDocumentLock()!;
        expect(lock.tryLock(0)).toBe(true);
        clock.advance(60_000);
        innerStart = clock.now();
        innerDeadline = runtime.run(spec('sidebar getBulkRun'), (execution) => {
          // Its own execution: the document lock is the other's, not its own.
          expect(execution.id).not.toBe(outer.id);
          expect(locks.getDocumentLock()!.tryLock(0)).toBe(false);
          return execution.deadline;
        });
        expect(runtime.current?.id).toBe(outer.id);
        expect(lock.hasLock()).toBe(true);
        // The first call's 6 minutes still end it, counted from its own start.
        clock.advance(EXECUTION_BUDGET_MS - 60_000 + 1);
      });
    expect(outerCall).toThrow('Exceeded maximum execution time');
    expect(clock.now()).toBe(EXECUTION_BUDGET_MS);
    expect(innerDeadline).toBe(innerStart + EXECUTION_BUDGET_MS);
  });

  it('no other kind of execution starts inside another', () => {
    const runtime = new Runtime(new VirtualClock(0), { user: 'ann@example.com', documentId: 'doc-1' });
    expect(() =>
      runtime.run(spec('time-trigger runJobPump'), () => runtime.run(spec('sidebar getBulkRun'), () => 1)),
    ).toThrow('Emulator: sidebar getBulkRun cannot start inside time-trigger runJobPump');
  });
});
