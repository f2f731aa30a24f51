// `npm test`: builds the add-on, then runs the check (lint, types, knip) beside every jest test, not
// before them: jest's workers leave a core idle while its browser suites wait, and the check fills
// it. The check's output is shown when it ends, so it never interleaves with jest's; a failed
// check stops jest at once. Arguments go to jest (`npm test -- test/unit`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Runs a command; resolves to its exit code, with its output kept when `quiet`. */
function run(command, args, quiet) {
  const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (quiet)
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output })));
  return { child, done };
}

/** The check's steps one after another (jest runs the architecture test itself). */
async function check() {
  for (const step of [
    ['run', 'lint'],
    ['run', 'typecheck'],
    ['exec', '--', 'knip'],
  ]) {
    const { code, output } = await run('npm', step, true).done;
    if (code !== 0) return { code, output: `npm ${step.join(' ')} failed:\n${output}` };
  }
  return { code: 0, output: '' };
}

if ((await run('node', ['build.mjs'], false).done).code !== 0) process.exit(1);
const jestBin = createRequire(import.meta.url).resolve('jest/bin/jest');
const jest = run(process.execPath, [jestBin, ...process.argv.slice(2)], false);
const checked = check().then((result) => {
  if (result.code !== 0) jest.child.kill('SIGTERM');
  return result;
});
const [checkResult, jestResult] = await Promise.all([checked, jest.done]);
if (checkResult.code !== 0) process.stderr.write(`\n${checkResult.output}\n`);
process.exit(checkResult.code || jestResult.code);
