// A storm of 429s a test makes (FakeApi.refuse): every POST refused for a while, or the next few,
// whatever the rate, with the Retry-After it says (a garbage one included, `99999`).
import { errorResponse, type FakeResponse, JSON_HEADERS } from './http';

export class Storm {
  #until = Number.NEGATIVE_INFINITY;
  #count = 0;
  #retryAfter = '1';

  /** From `now`, every POST for `forMs`, or the next `count`, is refused with `retryAfter`. */
  start(now: number, storm: { forMs?: number; count?: number; retryAfter: string }): void {
    this.#until = now + (storm.forMs ?? Number.POSITIVE_INFINITY);
    this.#count = storm.count ?? Number.POSITIVE_INFINITY;
    this.#retryAfter = storm.retryAfter;
  }

  /** The 429 a POST arriving `now` meets, or null once the storm is over. */
  refusal(now: number): FakeResponse | null {
    if (now >= this.#until || this.#count <= 0) return null;
    this.#count--;
    const response = errorResponse(429, 'Too many requests');
    return { ...response, headers: { ...JSON_HEADERS, 'retry-after': this.#retryAfter } };
  }
}
