// A virtual clock and a scripted HTTP port for client tests. The clock is a view over the
// emulator's VirtualClock (tools/emulator/clock.ts), the one clock every emulated service runs on:
// sleeping only advances it, so a test can count what was sent in each second and check every wait.
import type { ClockPort, HttpPort, HttpRequest, HttpResponse } from '../../../src/core/platform/ports';
import { VirtualClock } from '../../../tools/emulator/clock';

export const START = 1_700_000_000_000;

export class FakeClock implements ClockPort {
  readonly sleeps: number[] = [];
  /** The emulator's clock this view drives; the platform views of ./platform.ts run on it too. */
  readonly virtual: VirtualClock;

  constructor(start = START) {
    this.virtual = new VirtualClock(start);
  }

  /** Milliseconds since the epoch; setting it moves the clock there, forward or back. */
  get time(): number {
    return this.virtual.now();
  }

  set time(ms: number) {
    if (ms >= this.virtual.now()) this.virtual.advanceTo(ms);
    else this.virtual.rewindTo(ms);
  }

  now(): number {
    return this.virtual.now();
  }

  /** Stricter than Utilities.sleep, which takes 0: a sleep of nothing would be a bug in the core. */
  sleep(ms: number): void {
    if (!(ms > 0)) throw new Error(`sleep(${ms}): a real Utilities.sleep of that would be a bug`);
    this.sleeps.push(ms);
    this.virtual.sleep(ms);
  }

  /** Milliseconds since the test started. */
  elapsed(): number {
    return this.time - START;
  }
}

export interface SentRequest extends HttpRequest {
  /** Milliseconds since START when the batch went out. */
  at: number;
  /** Parsed JSON payload of a POST. */
  body?: unknown;
}

/** Answers one request; `n` counts earlier requests to the same URL and body (0 for the first). */
export type Responder = (request: SentRequest, n: number) => HttpResponse;

export class FakeHttp implements HttpPort {
  readonly sent: SentRequest[] = [];
  readonly batches: SentRequest[][] = [];
  private readonly seen = new Map<string, number>();

  /** `latencyMs`: clock time one `fetchAll` takes (its requests run concurrently). */
  constructor(
    private readonly clock: FakeClock,
    private readonly respond: Responder,
    private readonly latencyMs = 0,
  ) {}

  fetchAll(requests: readonly HttpRequest[]): HttpResponse[] {
    const at = this.clock.elapsed();
    const batch = requests.map((request) => ({
      ...request,
      at,
      ...(request.payload === undefined ? {} : { body: JSON.parse(request.payload) as unknown }),
    }));
    this.batches.push(batch);
    this.sent.push(...batch);
    const answers = batch.map((request) => {
      const key = `${request.method} ${request.url} ${request.payload ?? ''}`;
      const n = this.seen.get(key) ?? 0;
      this.seen.set(key, n + 1);
      return this.respond(request, n);
    });
    this.clock.time += this.latencyMs;
    return answers;
  }

  posts(): SentRequest[] {
    return this.sent.filter((request) => request.method === 'post');
  }

  gets(): SentRequest[] {
    return this.sent.filter((request) => request.method === 'get');
  }
}

export function json(status: number, body: unknown): HttpResponse {
  return { status, body: JSON.stringify(body) };
}

export function text(status: number, body: string): HttpResponse {
  return { status, body };
}

/** The `input_data` of a recorded POST. */
export function inputOf(request: SentRequest): string {
  return (request.body as { input_data: string }).input_data;
}
