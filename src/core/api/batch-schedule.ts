// How many POSTs go in one `fetchAll`, and when. A network failure loses every answer of its batch,
// charged ones included, so batches hold no more than the pace needs.

/**
 * The fewest POSTs a batch may hold and still keep the asked pace: the rate shared among the
 * round trips that fit in the rate's one-second window. Larger batches go no faster under the
 * rate limit, and a network failure loses every answer of its batch. (Just what one round trip
 * lasts would leave the window's last round trip with the remainder: 3 + 3 + 3 + 1 a 1.2 s.)
 */
export function batchLimit(rate: number, roundTripMs: number): number {
  const tripsPerWindow = Math.max(1, Math.floor(1000 / Math.max(1, roundTripMs)));
  return Math.max(1, Math.ceil(rate / tripsPerWindow));
}

/**
 * POSTs fall due evenly at the asked rate, plus one batch's head start. A batch sends what is due,
 * so a slow round trip (a resend, a wait for the lock) is made up by the next batches; sending a
 * fixed size instead can lock into a rhythm the one-second window keeps below the rate (4, 4, 1, 1
 * every 1.2 s). Falling further behind than two batches (another execution's burst, a 429 pause)
 * starts the schedule afresh rather than bursting.
 */
export class EvenSchedule {
  private startedAt: number;
  private count = 0;

  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.startedAt = now;
  }

  due(now: number, batch: number): number {
    const owed = Math.floor((this.rate * (now - this.startedAt)) / 1000) + batch - this.count;
    if (owed <= 2 * batch) return Math.max(1, owed);
    this.startedAt = now;
    this.count = 0;
    return batch;
  }

  sent(count: number): void {
    this.count += count;
  }
}
