// Every Apps Script service call costs its round trip on the virtual clock (service-costs.ts), and
// an execution is stopped at the instant it passes its limit: what it stored before stays, what it
// would have done after never happens.
import { removeBundles, writeBundle } from './bundle-fixture';
import { createEmulator } from './emulator';

const CODE = `
function timeOf(calls) {
  var started = Date.now();
  var props = PropertiesService.getDocumentProperties();
  var cache = CacheService.getDocumentCache();
  for (var i = 0; i < calls; i++) props.getProperty('k');
  return Date.now() - started;
}
function eachCall() {
  var t = [Date.now()];
  var props = PropertiesService.getDocumentProperties(); t.push(Date.now());
  props.getProperty('a'); t.push(Date.now());
  props.setProperty('a', '1'); t.push(Date.now());
  props.getProperties(); t.push(Date.now());
  props.setProperties({ b: '2' }); t.push(Date.now());
  props.deleteProperty('b'); t.push(Date.now());
  var cache = CacheService.getDocumentCache(); t.push(Date.now());
  cache.get('a'); t.push(Date.now());
  cache.getAll(['a']); t.push(Date.now());
  cache.put('a', '1', 60); t.push(Date.now());
  cache.putAll({ a: '1' }, 60); t.push(Date.now());
  cache.remove('a'); t.push(Date.now());
  var lock = LockService.getDocumentLock(); t.push(Date.now());
  lock.tryLock(1000); t.push(Date.now());
  lock.releaseLock(); t.push(Date.now());
  var range = SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1'); t.push(Date.now());
  range.getValues(); t.push(Date.now());
  range.setValues([['x']]); t.push(Date.now());
  SpreadsheetApp.flush(); t.push(Date.now());
  return t.slice(1).map(function (at, i) { return at - t[i]; });
}
function storeThenSpin(n) {
  PropertiesService.getDocumentProperties().setProperty('stored', 'before the kill');
  var props = PropertiesService.getDocumentProperties();
  for (var i = 0; i < n; i++) props.setProperty('last', String(i));
  return 'finished';
}
function READS(n) {
  var props = PropertiesService.getDocumentProperties();
  for (var i = 0; i < n; i++) props.getProperty('k');
  return Date.now();
}
`;

afterAll(removeBundles);

function setUp() {
  const emu = createEmulator({ fetchHandler: () => ({ status: 404, headers: {}, body: '' }) });
  const bundle = emu.loadBundle(writeBundle(CODE));
  const run = (name: string, ...args: unknown[]) =>
    emu.runExecution(bundle, name, args, { context: 'sidebar' });
  const props = () => emu.properties.snapshot({ documentId: emu.document.id });
  return { emu, bundle, run, props };
}

describe('service calls on the virtual clock', () => {
  it('each call costs its published average', () => {
    const { run } = setUp();
    // Handles 2 ms; properties get 32, set 62, get all 40, set many 70, delete 60; cache get 20,
    // getAll 25, put 60, putAll 70, remove 90; lock 50 and release 20; a sheet structure read 50
    // (getActiveSpreadsheet, getSheets, getRange: assumed), getValues 100, setValues 150, flush 600.
    expect(run('eachCall')).toEqual([
      2, 32, 62, 40, 70, 60, 2, 20, 25, 60, 70, 90, 2, 50, 20, 150, 100, 150, 600,
    ]);
  });

  it('a hundred property reads cost 3.2 s, nearly the whole 30 s of a formula at a thousand', () => {
    const { run } = setUp();
    expect(run('timeOf', 100)).toBe(2 + 2 + 100 * 32);
  });
});

describe('the time limits, at the instant', () => {
  it('kills an execution at 6 minutes, in the call that passes it; what it stored before stays', () => {
    const { emu, run, props } = setUp();
    const started = emu.clock.now();
    // Two handles (4 ms) and the first write (62) take 66 ms; then a write each 62 ms: the one
    // that would end past 360,000 ms is stopped, so i = 5,804 is the last written.
    expect(() => run('storeThenSpin', 10_000)).toThrow(/Exceeded maximum execution time/);
    expect(emu.clock.now() - started).toBe(6 * 60_000);
    const stored = props();
    expect(stored.stored).toBe('before the kill');
    expect(Number(stored.last)).toBe(5804);
  });

  it('kills a custom function at 30 s: #ERROR! and nothing after', () => {
    const { emu, bundle } = setUp();
    const cell = emu.edit(bundle, 'Sheet1', 'A1', '=READS(1000)');
    expect(cell.error?.message).toMatch(/Exceeded maximum execution time/);
    const fast = emu.edit(bundle, 'Sheet1', 'A2', '=READS(10)');
    expect(fast.error).toBeNull();
  });
});
