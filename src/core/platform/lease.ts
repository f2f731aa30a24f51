// Work that one execution at a time may do (a bulk run's next slice, a watch's run, the job
// collector's role) is guarded by a lease: a token and the time it lapses, saved with the work's
// record and taken under the document lock. The one who takes it keeps it while it works and lets
// it go when done; an execution killed mid-way never lets go, so every lease lapses by itself a
// margin after the work's own budget. A caller who finds it held by another may say it wanted the
// work (`wanted`), and the holder looks again before it lets go.

export interface Lease {
  /** Whose lease it is: one execution's token. */
  readonly token: string;
  /** When it lapses (clock ms): from then on, anyone may take it. */
  readonly until: number;
}

export type LeaseTaken = { kind: 'mine'; lease: Lease } | { kind: 'busy' };

/** Whether another execution than `token`'s holds `lease` at `now`; a lapsed lease holds nothing. */
export function heldByOther(
  lease: Lease | null | undefined,
  now: number,
  token: string | null = null,
): boolean {
  return lease != null && lease.until > now && lease.token !== token;
}

/** Takes the lease for `token`'s work of `workMs`, lapsing `marginMs` after it; busy when another holds it. */
export function takeLease(
  lease: Lease | null | undefined,
  now: number,
  token: string,
  workMs: number,
  marginMs: number,
): LeaseTaken {
  if (heldByOther(lease, now, token)) return { kind: 'busy' };
  return { kind: 'mine', lease: { token, until: now + workMs + marginMs } };
}

/** The lease once `token` let it go; another's lease is left as it is. */
export function releaseLease(lease: Lease | null, token: string): Lease | null {
  return lease?.token === token ? null : lease;
}

/** A record whose work is leased, and which a caller who found the lease held marks `wanted`. */
export interface Leased {
  readonly lease: Lease | null;
  /** A caller found the lease held: its holder looks again before it lets go. */
  readonly wanted: boolean;
}

/**
 * Takes `record`'s lease, as `takeLease`: when mine, the record holds it and wants nothing more;
 * when busy, the record is marked wanted. Either way the record is to be saved.
 */
export function takeWanted<T extends Leased>(
  record: T,
  now: number,
  token: string,
  workMs: number,
  marginMs: number,
): { kind: 'mine' | 'busy'; record: T } {
  const taken = takeLease(record.lease, now, token, workMs, marginMs);
  if (taken.kind === 'busy') return { kind: 'busy', record: { ...record, wanted: true } };
  return { kind: 'mine', record: { ...record, lease: taken.lease, wanted: false } };
}

/**
 * `record` as its holder `token` leaves it: the lease kept as it is (`keep`: the work goes on) or
 * let go, and what was wanted meanwhile answered and cleared. Another's record is left as it is.
 */
export function endWanted<T extends Leased>(
  record: T,
  token: string,
  keep: boolean,
): { record: T; wanted: boolean } {
  if (record.lease?.token !== token) return { record, wanted: false };
  const lease = keep ? record.lease : null;
  return { record: { ...record, lease, wanted: false }, wanted: keep && record.wanted };
}
