// The fake API's accounts, by API key: the only place keys are kept. Everything else (the ledger,
// jobs) knows an account by its id.
import { Random } from './random';
import type { RateState } from './rate-limit';

export const STARTING_CREDITS = 25;

export interface Account extends RateState {
  readonly id: string;
  credits: number;
}

export class Accounts {
  readonly #byKey = new Map<string, Account>();
  /** Seeds generated keys. */
  readonly #seed: number;

  constructor(seed: number) {
    this.#seed = seed;
  }

  /** Opens an account and returns its API key (generated unless given). */
  open(options: { credits?: number; key?: string }, rate: RateState): string {
    const key = options.key ?? `fk_test_${new Random(`key:${this.#seed}:${this.#byKey.size}`).hex(32)}`;
    if (!/^\S+$/.test(key)) throw new Error('An API key must be non-empty and without spaces');
    if (this.#byKey.has(key)) throw new Error('An account with this key already exists');
    this.#byKey.set(key, {
      id: `acct_${this.#byKey.size + 1}`,
      credits: options.credits ?? STARTING_CREDITS,
      ...rate,
    });
    return key;
  }

  /** The account of a key a test holds; an unknown key is the test's mistake. */
  get(key: string): Account {
    const account = this.#byKey.get(key);
    if (account === undefined) throw new Error('Unknown account');
    return account;
  }

  /** The account an Authorization header names, or why the request has none. */
  authenticate(header: string | undefined): { account?: Account; error?: string } {
    if (header === undefined || header.trim() === '') return { error: 'Missing API key' };
    const key = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
    const account = key === undefined ? undefined : this.#byKey.get(key);
    return account === undefined ? { error: 'Invalid API key' } : { account };
  }
}
