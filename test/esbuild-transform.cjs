// Jest transformer: TypeScript 7 has no JavaScript compiler API, so tests are transpiled with esbuild.
// Type-checking is `npm run typecheck`'s job, not the test runner's.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: filename.endsWith('.ts') ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
    });
    return { code, map };
  },
};
