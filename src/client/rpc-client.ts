// A typed, promise-based google.script.run. The method names come from ServerApi (no index
// signature), so calling a server function that does not exist fails to compile.
import type { ServerApi } from '../shared/rpc';

interface ScriptRunner {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: Error) => void): ScriptRunner;
  [name: string]: unknown;
}

declare const google: { script: { run: ScriptRunner } };

export function call<K extends keyof ServerApi>(
  name: K,
  ...args: Parameters<ServerApi[K]>
): Promise<ReturnType<ServerApi[K]>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ReturnType<ServerApi[K]>))
      .withFailureHandler(reject);
    (runner[name] as (...a: unknown[]) => void)(...args);
  });
}
