import { VirtualClock } from './clock';
import { FakePropertiesService, PROPERTY_QUOTA_MESSAGE } from './properties';
import { Runtime } from './runtime';

function setup(dailyOperations?: number) {
  const clock = new VirtualClock(0);
  const runtime = new Runtime(clock, { user: 'ann@example.com', documentId: 'doc-1' });
  return { clock, runtime, service: new FakePropertiesService(runtime, dailyOperations) };
}

describe('PropertiesService', () => {
  it('answers null for a missing key and strings for what was stored', () => {
    const props = setup().service.getScriptProperties();
    expect(props.getProperty('nope')).toBeNull();
    props.setProperty('count', 3 as unknown as string);
    expect(props.getProperty('count')).toBe('3');
  });

  it('refuses a value over 9 KB with the storage quota message and keeps the old value', () => {
    const props = setup().service.getUserProperties();
    props.setProperty('key', 'old');
    expect(() => props.setProperty('key', 'x'.repeat(9 * 1024 + 1))).toThrow(PROPERTY_QUOTA_MESSAGE);
    expect(props.getProperty('key')).toBe('old');
    expect(() => props.setProperty('key', 'x'.repeat(9 * 1024))).not.toThrow();
  });

  it('refuses to grow a store past 500 KB, counting keys too (assumption P1)', () => {
    const props = setup().service.getScriptProperties();
    const value = 'v'.repeat(9000);
    let stored = 0;
    expect(() => {
      for (;;) {
        props.setProperty(`key-${stored}`, value);
        stored++;
      }
    }).toThrow(PROPERTY_QUOTA_MESSAGE);
    // 56 values of ~9 KB fit in 500 KB (512,000 bytes); the 57th does not.
    expect(stored).toBe(56);
    // Replacing a value counts its new size, not both.
    expect(() => props.setProperty('key-0', 'small')).not.toThrow();
    expect(() => props.setProperty('another', value)).not.toThrow();
  });

  it('setProperties is all or nothing, and can delete all others (assumption P3)', () => {
    const props = setup().service.getDocumentProperties()!;
    props.setProperties({ a: '1', b: '2' });
    expect(() => props.setProperties({ c: '3', d: 'x'.repeat(10_000) })).toThrow(PROPERTY_QUOTA_MESSAGE);
    expect(props.getKeys().sort()).toEqual(['a', 'b']);
    props.setProperties({ z: '26' }, true);
    expect(props.getProperties()).toEqual({ z: '26' });
  });

  it('answers keys in key order, not in the order written (assumption P4)', () => {
    const props = setup().service.getScriptProperties();
    props.setProperty('b', '2');
    props.setProperty('c', '3');
    props.setProperty('a', '1');
    expect(props.getKeys()).toEqual(['a', 'b', 'c']);
    expect(Object.keys(props.getProperties())).toEqual(['a', 'b', 'c']);
  });

  it('getProperties returns a copy, not a live view', () => {
    const props = setup().service.getScriptProperties();
    props.setProperty('a', '1');
    const copy = props.getProperties();
    copy.a = 'changed';
    expect(props.getProperty('a')).toBe('1');
  });

  it('getProperties answers any key as an own property of a plain object, __proto__ too', () => {
    const props = setup().service.getScriptProperties();
    props.setProperties({ ['__proto__']: 'p', constructor: 'c', 7: 'seven' });
    const copy = props.getProperties();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.entries(copy)).toEqual([
      ['7', 'seven'],
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
  });

  it('keeps user properties per user and document properties per document', () => {
    const { runtime, service } = setup();
    service.getUserProperties().setProperty('apiKey', 'ann-key');
    service.getDocumentProperties()!.setProperty('jobs', '[]');
    runtime.setOutsideIdentity({ user: 'bob@example.com', documentId: 'doc-2' });
    expect(service.getUserProperties().getProperty('apiKey')).toBeNull();
    expect(service.getDocumentProperties()!.getProperty('jobs')).toBeNull();
    expect(service.snapshot({ user: 'ann@example.com' })).toEqual({ apiKey: 'ann-key' });
  });

  it('stops after the daily number of reads and writes, and starts again a day later (P2)', () => {
    const { clock, service } = setup(3);
    const props = service.getScriptProperties();
    props.setProperty('a', '1');
    props.getProperty('a');
    props.getProperty('a');
    expect(() => props.getProperty('a')).toThrow('Service invoked too many times for one day: properties.');
    clock.advance(24 * 3_600_000);
    expect(props.getProperty('a')).toBe('1');
  });
});
