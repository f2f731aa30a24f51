// What a cache entry holds: a paid outcome, when it was paid and, when known, what it cost.
import type { CallOutcome } from '../api/outcome';

const ENTRY_VERSION = 1;

/** The two outcomes that cost credits and are final. Pending and failed calls are never cached. */
export type PaidOutcome = Extract<CallOutcome, { kind: 'found' | 'miss' }>;

/** A paid outcome and when it was paid (clock ms), with its cost when the caller knew it. */
export type CachedAnswer = PaidOutcome & { at: number; credits?: number };

export interface PaidEntry {
  key: string;
  outcome: PaidOutcome;
  credits?: number;
  /** When it was paid; defaults to now. */
  at?: number;
}

// Stored as {"v":1,"k":"f"|"m","t":paidAt,"c":credits?,"r":result?}: short names, because every
// byte counts against the store's 500 KB.
export function encodeEntry(answer: CachedAnswer): string {
  const kind = answer.kind as string;
  if (kind !== 'found' && kind !== 'miss') throw new TypeError(`A ${kind} outcome is not a paid answer.`);
  const entry: Record<string, unknown> = { v: ENTRY_VERSION, k: kind === 'found' ? 'f' : 'm', t: answer.at };
  if (answer.credits !== undefined) entry.c = answer.credits;
  if (answer.kind === 'found') entry.r = answer.result;
  return JSON.stringify(entry);
}

/** The answer in a stored text; null for anything else (garbage, another version), never a throw. */
export function decodeEntry(text: string): CachedAnswer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { v, k, t, c } = parsed as Record<string, unknown>;
  if (v !== ENTRY_VERSION || typeof t !== 'number' || !Number.isFinite(t)) return null;
  if (c !== undefined && (typeof c !== 'number' || !Number.isFinite(c) || c < 0)) return null;
  const paid = c === undefined ? { at: t } : { at: t, credits: c };
  if (k === 'm') return { kind: 'miss', ...paid };
  if (k === 'f' && 'r' in parsed) return { kind: 'found', result: (parsed as { r: unknown }).r, ...paid };
  return null;
}

/** An entry of the batch being saved, encoded. */
export interface Payload {
  payload: string;
  at: number;
}

/** What a row takes in the sheet: cells hold characters, whatever their UTF-8 size. */
export function sheetChars(key: string, value: string): number {
  return key.length + value.length;
}
