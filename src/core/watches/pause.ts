// When the API refuses the key (401) or the account is out of credits (402), every watch of the
// spreadsheet pauses at once, with one notice: each would meet the same refusal. A successful key
// test resumes them, and so does the account having credits again: the next paid answer of any
// lookup here clears the API's out-of-credits flag (core/lookup/send.ts), and the hourly check asks
// the API a question that costs nothing whether the balance can pay again (jobs/short-list.ts).
import type { BackgroundCollection } from '../../shared/jobs-rpc';
import { WATCHES_ANSWERS } from '../text/catalogue/sidebar/watches-answers';
import { parseJsonObject } from '../text/json-text';

export interface AccountPause {
  /** 402: resumes when credits are back; otherwise (401) only on a key that works. */
  credits: boolean;
  /** What the API said, as the notice shows it. */
  message: string;
  at: number;
}

export function parsePause(text: string | null | undefined): AccountPause | null {
  const parsed = parseJsonObject(text) as Partial<AccountPause> | null;
  return typeof parsed?.message === 'string' && typeof parsed.at === 'number'
    ? { credits: parsed.credits === true, message: parsed.message, at: parsed.at }
    : null;
}

/** The run stopped by the API's refusal, as the slice said it: its reason without the run's advice. */
export function refusalOf(sliceMessage: string): string {
  return sliceMessage
    .replace(/ Resume once this is fixed\.$/, '')
    .replace(/, then Resume\.$/, '.')
    .replace(/ The run stopped at row \d+; nothing from there on was sent\./, '');
}

/** The one notice the sidebar shows while every watch is paused; `clock`: the clock check's schedule here. */
export function pauseNotice(pause: AccountPause, clock: BackgroundCollection): string {
  return WATCHES_ANSWERS.allPaused.say(pause.message, pause.credits, clock);
}
