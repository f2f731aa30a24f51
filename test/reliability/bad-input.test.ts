// A sweep of hostile and odd cell values over every function: each gets a clear message or a
// correct call, never an exception trace, and nothing invalid reaches the API.
import { GENERIC_FUNCTION, OPERATIONS } from '../../src/core/operations/table';
import { callFunction, createWorld } from '../bundle/harness';

const BAD_VALUES: [string, unknown][] = [
  ['an empty cell', ''],
  ['whitespace only', ' \t\n '],
  ['100 KB of text', 'x'.repeat(100 * 1024)],
  ['Unicode', 'Ærøskøbing Δ 東京 🚀 Zoë'],
  ['a number', 42],
  ['zero', 0],
  ['a date', new Date(Date.UTC(2024, 0, 5))],
  ['TRUE', true],
  ['an error value', '#N/A'],
  ['a person profile URL', 'https://www.pronet.com/in/ada-lovelace'],
  ['a company page URL', 'https://www.pronet.com/company/acme'],
  ['a post URL', 'https://www.pronet.com/posts/ada_x-activity-1'],
  ['Last, First', 'Lovelace, Ada'],
  ['a formula injection', '=IMPORTXML("http://x","//a")'],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['SQL-looking text', "Robert'); DROP TABLE leads;--"],
  ['a path', '../../etc/passwd'],
  ['control characters', 'Acme\u0000\u0007Corp'],
];

const TRACE = /\bat .+\(|TypeError|ReferenceError|undefined is not|Cannot read prop/;

describe.each(OPERATIONS.map((op) => [op.functionName] as const))('%s', (name) => {
  it('answers every odd input with a value or a clear message, and sends nothing invalid', () => {
    const world = createWorld({ credits: 100_000 });
    for (const [label, value] of BAD_VALUES) {
      let shown: string;
      try {
        shown = JSON.stringify(callFunction(world, name, value));
      } catch (error) {
        shown = (error as Error).message;
        expect(shown.length).toBeGreaterThan(5);
      }
      expect({ label, shown: shown.length > 300 ? `${shown.slice(0, 300)}…` : shown }).not.toEqual({
        label,
        shown: expect.stringMatching(TRACE),
      });
      expect(shown.length).toBeLessThan(2000);
    }
    const rejected = world.api.calls.filter((call) => call.status === 422);
    expect(rejected).toEqual([]);
    for (const call of world.api.calls) expect(String(call.input ?? '').length).toBeLessThanOrEqual(2000);
  });
});

describe(GENERIC_FUNCTION.functionName, () => {
  it('explains odd types without calling the API', () => {
    const world = createWorld();
    for (const type of ['', 'drop table', 42, true, '=1+1', 'x'.repeat(10_000)]) {
      expect(() => callFunction(world, 'ENRICH', type, 'Acme')).toThrow(/type|operation/i);
    }
    expect(world.api.calls).toHaveLength(0);
  });
});
