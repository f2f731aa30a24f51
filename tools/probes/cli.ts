// Entry of `npm run probes` (scripts/probes.mjs runs it from the repository): see command.ts.

import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { probesCommand } from './command';

const root = process.cwd();

probesCommand({
  argv: process.argv.slice(2),
  root,
  workDir: root,
  // npm runs scripts from the repository; INIT_CWD is where the person typed the command.
  cwd: process.env.INIT_CWD ?? root,
  home: homedir(),
  log: (line) => console.log(line),
  run: (command, args) => spawnSync(command, [...args], { cwd: root, stdio: 'inherit' }).status ?? 1,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
