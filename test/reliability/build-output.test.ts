// What `npm run build` writes: one script whose custom functions Sheets can find and explain.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERIC_FUNCTION, OPERATIONS } from '../../src/core/operations/table';

const code = readFileSync(join(__dirname, '../../dist/Code.js'), 'utf8');

describe('dist/Code.js', () => {
  it.each(OPERATIONS.map((op) => [op.functionName, [op.inputParam, ...op.extraParams]] as const))(
    'declares %s at the top level with its parameters and @customfunction JSDoc',
    (name, params) => {
      const declaration = new RegExp(
        `/\\*\\*\\n((?: \\*.*\\n)+) \\*/\\nfunction ${name}\\(${params.join(', ')}\\) \\{`,
      );
      const doc = declaration.exec(code)?.[1] ?? '';
      expect(doc).toContain('@customfunction');
      for (const param of params) expect(doc).toMatch(new RegExp(`@param \\{[^}]+\\} ${param} \\S`));
    },
  );

  it('declares ENRICH(type, input, field) the same way', () => {
    expect(code).toMatch(/@customfunction\n \*\/\nfunction ENRICH\(type, input, field\) \{/);
    expect(GENERIC_FUNCTION.params).toEqual(['type', 'input', 'field']);
  });

  it('leaves the help page to dist/Help.html, which lists every function with its price', () => {
    const help = readFileSync(join(__dirname, '../../dist/Help.html'), 'utf8');
    for (const op of OPERATIONS) expect(help).toContain(`<code>${op.functionName}(${op.inputParam}`);
    expect(help).toContain(`<code>${GENERIC_FUNCTION.functionName}(type, input, [field])</code>`);
    expect(code).not.toContain('<table>');
  });

  it('is one bundle: a single global, no module loader, no require', () => {
    expect(code.match(/\bvar EnrichForSheets=/g)).toHaveLength(1);
    expect(code).not.toMatch(/\brequire\(/);
  });
});

describe('a dist/ older than src/', () => {
  it('is refused by the bundle and browser tests, with what to do', () => {
    const { mkdtempSync, writeFileSync, utimesSync } = require('node:fs') as typeof import('node:fs');
    const { tmpdir } = require('node:os') as typeof import('node:os');
    const stale = mkdtempSync(join(tmpdir(), 'stale-dist-'));
    writeFileSync(join(stale, 'Code.js'), '// built long ago');
    utimesSync(join(stale, 'Code.js'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    jest.isolateModules(() => {
      const { assertDistIsFresh } = require('../dist-freshness') as typeof import('../dist-freshness');
      expect(() => assertDistIsFresh(stale)).toThrow(/is older than src\/: run `npm run build`/);
    });
  });
});

describe('the field argument in the wrappers', () => {
  it('suggests a field each function really returns (photonet: followers; B2B: type)', () => {
    const docOf = (name: string) =>
      code
        .slice(0, code.indexOf(`function ${name}(`))
        .split('/**')
        .pop() ?? '';
    expect(docOf('PHOTONET_PROFILE')).toContain('one field to return, e.g. "followers"');
    expect(docOf('B2B_LOOKUP')).toContain('one field to return, e.g. "type"');
    expect(docOf('PRONET_PROFILE')).toContain('one field to return, e.g. "headline"');
  });
});
