// The memory of paid answers across a user's spreadsheets (core/cache/user-memory.ts), over the
// emulator's user properties: 9 KB a value, 500 KB a store (P1, P5).
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { encodeEntry } from '../../../src/core/cache/entries';
import { MEMORY_PAGE_BYTES, UserMemory } from '../../../src/core/cache/user-memory';
import type { ZipPort } from '../../../src/core/platform/ports';
import { batchStorePort } from '../../../src/server/adapters/apps-script';
import { createEmulator } from '../../../tools/emulator/emulator';

const DAY = 86_400_000;
const SCOPE = 'a1b2c3d4e5f60718';

/** Utilities.gzip and base64, as the add-on's gzipPort makes them. */
const zip: ZipPort = {
  zip: (text) => gzipSync(Buffer.from(text, 'utf8')).toString('base64'),
  unzip: (packed) => gunzipSync(Buffer.from(packed, 'base64')).toString('utf8'),
};

const keyOf = (i: number, scope = SCOPE) =>
  `r1:${scope}:${createHash('sha256').update(String(i)).digest('hex').slice(0, 32)}`;

function setUp(budgetBytes?: number, compacts = false) {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, body: '' }) });
  const properties = emu.properties.getUserProperties();
  let here = { id: 'sheet-q3', name: 'Leads Q3' };
  const memory = new UserMemory(
    {
      store: batchStorePort(properties as unknown as GoogleAppsScript.Properties.Properties),
      zip,
      here: () => here,
      compacts,
    },
    budgetBytes,
  );
  const remember = (from: number, to: number, credits = 10) => {
    const payloads = new Map<string, { payload: string; at: number }>();
    for (let i = from; i < to; i++) {
      const at = emu.clock.now();
      const answer = { kind: 'found' as const, result: `person${i}@company${i}.com`, at, credits };
      payloads.set(keyOf(i), { payload: encodeEntry(answer), at });
    }
    return memory.remember(payloads);
  };
  const moveTo = (spreadsheet: { id: string; name: string }) => {
    here = spreadsheet;
  };
  return { emu, properties, memory, remember, moveTo };
}

describe('the memory across spreadsheets', () => {
  it('finds what was bought, saying where and for what, and only for the same account scope', () => {
    const { memory, remember } = setUp();
    expect(remember(0, 2)).toBe(2);

    const found = memory.find([keyOf(0), keyOf(1, 'ffffffffffffffff'), keyOf(5)]);

    expect([...found.keys()]).toEqual([keyOf(0)]);
    expect(found.get(keyOf(0))).toMatchObject({
      boughtIn: 'Leads Q3',
      spreadsheetId: 'sheet-q3',
      answer: { kind: 'found', result: 'person0@company0.com', credits: 10 },
    });
  });

  it('keeps answering whatever the age of an answer', () => {
    const { emu, memory, remember } = setUp();
    remember(0, 1);
    emu.clock.advance(200 * DAY);
    expect(memory.find([keyOf(0)]).size).toBe(1);
  });

  it('keeps every page under 9 KB and the whole under its budget, evicting the oldest first', () => {
    const { memory, remember, properties, emu } = setUp(100_000);
    for (let batch = 0; batch < 40; batch++) {
      remember(batch * 100, (batch + 1) * 100);
      emu.clock.advance(60_000);
    }
    const pages = Object.entries(properties.getProperties()).filter(([name]) => name.startsWith('memory:'));
    const bytes = pages.reduce((sum, [name, value]) => sum + name.length + value.length, 0);

    expect(Math.max(...pages.map(([, value]) => value.length))).toBeLessThanOrEqual(MEMORY_PAGE_BYTES);
    expect(bytes).toBeLessThanOrEqual(100_000);
    // The newest answers are all there; the oldest went first.
    expect(memory.find(Array.from({ length: 100 }, (_, i) => keyOf(3900 + i))).size).toBe(100);
    expect(memory.find([keyOf(0)]).size).toBe(0);
  });

  it('notes what eviction lets go, by the spreadsheet that bought it, until the user read it', () => {
    const { memory, remember, emu, moveTo } = setUp(20_000);
    remember(0, 100);
    emu.clock.advance(60_000);
    moveTo({ id: 'sheet-q4', name: 'Leads Q4' });
    expect(memory.evicted()).toEqual([]);
    for (let batch = 1; batch < 10; batch++) {
      remember(batch * 100, (batch + 1) * 100, 1);
      emu.clock.advance(60_000);
    }
    const found = memory.find([...Array(1000).keys()].map((i) => keyOf(i)));
    const gone = [...Array(1000).keys()].filter((i) => !found.has(keyOf(i)));
    const inQ3 = gone.filter((i) => i < 100).length;
    expect(inQ3).toBeGreaterThan(0);
    expect(memory.evicted()).toEqual([
      { boughtIn: 'Leads Q3', entries: inQ3, credits: 10 * inQ3 },
      ...(gone.length > inQ3
        ? [{ boughtIn: 'Leads Q4', entries: gone.length - inQ3, credits: gone.length - inQ3 }]
        : []),
    ]);
    memory.forgetEvicted();
    expect(memory.evicted()).toEqual([]);
  });

  it("forgets one spreadsheet's purchases and keeps the others'", () => {
    const { memory, remember, moveTo } = setUp();
    remember(0, 3);
    moveTo({ id: 'sheet-q4', name: 'Leads Q4' });
    remember(3, 5);

    expect(memory.forget((line) => line.spreadsheetId === 'sheet-q3')).toBe(3);

    expect([...memory.find([0, 1, 2, 3, 4].map((i) => keyOf(i))).values()].map((e) => e.boughtIn)).toEqual([
      'Leads Q4',
      'Leads Q4',
    ]);
  });

  it('reads past a page that is not its own format, and writes on', () => {
    const { memory, remember, properties } = setUp();
    properties.setProperty('memory:1', 'not a page');
    expect(remember(0, 1)).toBe(1);
    expect(memory.find([keyOf(0)]).size).toBe(1);
  });
  it('keeps what two executions remember at the same moment: neither writes over the other', () => {
    const { memory, remember, properties, emu } = setUp();
    const store = batchStorePort(properties as unknown as GoogleAppsScript.Properties.Properties);
    // A second execution (another formula of a filled-down column) read the store before the
    // first one wrote, and writes after it.
    const before = store.getAll();
    const other = new UserMemory({
      store: { ...store, getAll: () => before },
      zip,
      here: () => ({ id: 'sheet-q3', name: 'Leads Q3' }),
    });
    remember(0, 1);
    const at = emu.clock.now();
    const answer = { kind: 'found' as const, result: 'person1@company1.com', at, credits: 10 };
    other.remember(new Map([[keyOf(1), { payload: encodeEntry(answer), at }]]));

    expect(memory.find([keyOf(0), keyOf(1)]).size).toBe(2);
  });

  it('merges many small pages outside formulas, losing no answer', () => {
    const { memory, remember, properties, emu } = setUp(undefined, true);
    for (let i = 0; i < 60; i++) {
      remember(i, i + 1);
      emu.clock.advance(1_000);
    }
    const pages = Object.keys(properties.getProperties()).filter((name) => name.startsWith('memory:'));
    expect(pages.length).toBeLessThan(48);
    expect(memory.find(Array.from({ length: 60 }, (_, i) => keyOf(i))).size).toBe(60);
  });
});
