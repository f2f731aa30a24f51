// A typed, promise-based google.script.run. The method names come from ServerApi (no index
// signature), so calling a server function that does not exist fails to compile. A refusal the
// server threw as a code is worded here (core/text/catalogue/sidebar/refusals.ts).
import { refusalWords } from '../core/text/catalogue/sidebar/refusals';
import type { ServerApi } from '../shared/rpc';
import { errorText } from './dom';

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
      .withFailureHandler((error) => reject(new Error(refusalWords(errorText(error)))));
    (runner[name] as (...a: unknown[]) => void)(...args);
  });
}
