// Logger and console, captured so tests can read what the add-on logged (and scan it for secrets).
// Objects are rendered in full (LG1 of docs/platform-assumptions.md), stricter for a secret scan.

import { format } from 'node:util';

export type LogSource = 'Logger' | 'console.log' | 'console.info' | 'console.warn' | 'console.error';

export interface LogEntry {
  readonly at: number;
  readonly source: LogSource;
  readonly text: string;
}

export class LogCapture {
  readonly entries: LogEntry[] = [];
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(source: LogSource, text: string): void {
    this.entries.push({ at: this.#now(), source, text });
  }

  /** Everything logged, one entry a line: the thing to scan for an API key. */
  text(): string {
    return this.entries.map((entry) => entry.text).join('\n');
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** Objects are logged in full (as JSON where possible), so a secret inside one is visible to a scan. */
function render(values: readonly unknown[]): string {
  return format(
    ...values.map((value) => (typeof value === 'object' && value !== null ? safeJson(value) : value)),
  );
}

function safeJson(value: object): string {
  if (value instanceof Error || Object.prototype.toString.call(value) === '[object Error]') {
    const error = value as Error;
    return `${error.name}: ${error.message}`;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export class FakeLogger {
  readonly #capture: LogCapture;
  readonly #own: string[] = [];

  constructor(capture: LogCapture) {
    this.#capture = capture;
  }

  /** log(data) or log(format, ...values) with %s placeholders. */
  log(data: unknown, ...values: unknown[]): FakeLogger {
    const text = render([data, ...values]);
    this.#own.push(text);
    this.#capture.add('Logger', text);
    return this;
  }

  getLog(): string {
    return this.#own.join('\n');
  }

  clear(): void {
    this.#own.length = 0;
  }
}

export interface FakeConsole {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
}

export function fakeConsole(capture: LogCapture): FakeConsole {
  const writer =
    (source: LogSource) =>
    (...values: unknown[]) =>
      capture.add(source, render(values));
  return {
    log: writer('console.log'),
    info: writer('console.info'),
    warn: writer('console.warn'),
    error: writer('console.error'),
  };
}
