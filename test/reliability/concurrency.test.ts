// Many formula executions at once (Sheets runs a filled-down column's cells concurrently), in the
// emulator's race window: every read made without a lock sees the state from before any of them
// wrote. Each lookup must still be bought once, and the daily budget must still hold.
import { createWorld, enterFormula, postsSent, saveSettings, spent, typeValues } from '../bundle/harness';

describe('200 formula executions started at once', () => {
  it('buy each of 50 distinct inputs once, and every cell shows its answer on recalculation', () => {
    const world = createWorld({ credits: 10_000 });
    saveSettings(world, { formulaDailyCap: 10_000 });
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent Company ${i + 1}`);
    typeValues(
      world,
      'A1:A200',
      Array.from({ length: 200 }, (_, i) => [names[i % 50]]),
    );
    const first = world.emu.concurrently(() =>
      Array.from({ length: 200 }, (_, i) => enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`)),
    );
    expect(first.every((cell) => cell.error === null)).toBe(true);
    expect(spent(world)).toBe(50);
    expect(postsSent(world)).toBe(50);
    const again = Array.from({ length: 200 }, (_, i) =>
      enterFormula(world, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`),
    );
    expect(again.every((cell) => /\./.test(String(cell.values[0]![0])))).toBe(true);
    expect(spent(world)).toBe(50);
  });

  it('never spend past the daily formula budget together', () => {
    const world = createWorld({ credits: 10_000 });
    const urls = Array.from({ length: 200 }, (_, i) => [`https://www.pronet.com/in/person-${i + 1}`]);
    typeValues(world, 'A1:A200', urls);
    const cells = world.emu.concurrently(() =>
      Array.from({ length: 200 }, (_, i) => enterFormula(world, `B${i + 1}`, `=PRONET_EMAIL(A${i + 1})`)),
    );
    expect(spent(world)).toBe(100);
    const refused = cells.filter((cell) =>
      /Daily formula budget of 100 credits reached/.test(cell.error?.message ?? ''),
    );
    expect(refused).toHaveLength(190);
  });
});
