// Paid answers kept batch by batch: the API charges a lookup when it answers, and an execution may
// be stopped at any instant after that (a formula's 30 s, an execution's 6 minutes, the day's
// trigger-time quota). The found and not-found answers go into the cache's properties while the
// client waits for its next turn at the pace, in the first wait long enough for the save: saving
// costs no sending time and never makes a batch late for its turn (a late batch crowds the next
// one into the API's window). At 1 request a second each batch is kept before the next one goes
// out; at a fast pace, within a window of the pace. A stop loses only what came since.
import { readPostAnswer } from '../api/answers';
import type { ClientConfig } from '../api/outcome';
import { keyRedactor } from '../api/redaction';
import { creditsFor } from '../billing/charges';
import type { PaidEntry } from '../cache/entries';
import type { HttpRequest, HttpResponse } from '../platform/ports';
import type { LookupDeps, LookupItem } from './items';

/** A save's time until one is measured: a read and a write of the properties. */
const FIRST_SAVE_MS = 150;

export interface BatchKeeper {
  /** The client to send with: its fetches and waits keep what the last batch bought. */
  client: ClientConfig;
  /** Keys whose answers are in the cache already. */
  kept: ReadonlySet<string>;
}

/** A client that keeps the answers of `items` as they come back. `view`: the store as booked. */
export function keepEachBatch(
  deps: LookupDeps,
  items: readonly LookupItem[],
  view: Record<string, string> | undefined,
): BatchKeeper {
  const base = deps.client;
  if (items.length === 0) return { client: base, kept: new Set() };
  const redact = keyRedactor(base.apiKey);
  const byPayload = new Map(items.map((item) => [JSON.stringify(item.request), item]));
  const kept = new Set<string>();
  let unkept: PaidEntry[] = [];
  let storeView = view;
  /** What a save takes, as last measured: a wait shorter than that does not take one. */
  let saveMs = FIRST_SAVE_MS;
  const keep = () => {
    if (unkept.length === 0) return;
    const entries = unkept;
    unkept = [];
    try {
      deps.cache.keepMany(entries, storeView);
      for (const entry of entries) kept.add(entry.key);
    } catch {
      // Not kept: the pass's own save at its end tries again, and says what failed.
    }
    // The store changed: the next save reads it again.
    storeView = undefined;
  };
  const collect = (posts: readonly HttpRequest[], responses: readonly HttpResponse[]) => {
    posts.forEach((post, k) => {
      const item = typeof post.payload === 'string' ? byPayload.get(post.payload) : undefined;
      const response = responses[k];
      if (!item || !response || post.method !== 'post') return;
      const answer = readPostAnswer(response, redact);
      if (answer.kind !== 'outcome') return;
      const { outcome } = answer;
      if (outcome.kind === 'found' || outcome.kind === 'miss')
        unkept.push({ key: item.key, outcome, credits: creditsFor(item.op, outcome) });
    });
  };
  const client: ClientConfig = {
    ...base,
    http: {
      fetchAll(posts) {
        const responses = base.http.fetchAll(posts);
        collect(posts, responses);
        return responses;
      },
    },
    clock: {
      now: () => base.clock.now(),
      sleep(ms) {
        const start = base.clock.now();
        const until = start + ms;
        if (unkept.length > 0 && ms >= saveMs) {
          keep();
          saveMs = Math.max(1, base.clock.now() - start);
        }
        const left = until - base.clock.now();
        if (left > 0) base.clock.sleep(left);
      },
    },
  };
  return { client, kept };
}
