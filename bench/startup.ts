// Every formula execution loads the whole bundle into a fresh V8 context: its size and load time
// are paid per cell. Measured in real time (the only real-time figure of the benchmark).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

export interface StartupFigures {
  bundleKB: number;
  gzipKB: number;
  /** Compiled and run cold, from a distinct source each time. */
  loadMsMedian: number;
  loadMsWorst: number;
  runs: number;
}

export function measureStartup(codeFile: string, runs = 50): StartupFigures {
  const code = readFileSync(codeFile, 'utf8');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A distinct source each run, so V8's compile cache cannot serve it: Apps Script loads the
    // script cold in every execution.
    const source = `${code}\n//# run ${i} ${Math.random()}`;
    const start = performance.now();
    const context = vm.createContext({});
    new vm.Script(source).runInContext(context);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    bundleKB: kb(Buffer.byteLength(code)),
    gzipKB: kb(gzipSync(code).length),
    loadMsMedian: Math.round(times[Math.floor(runs / 2)]! * 100) / 100,
    loadMsWorst: Math.round(times[runs - 1]! * 100) / 100,
    runs,
  };
}
