// Jobs (202 answers) are polled together, one `fetchAll` a round, never past the caller's deadline;
// a job still running then is handed back as pending, to be collected later, never re-posted.
import type { ClockPort } from '../platform/ports';
import { NO_ANSWER, readJobStatus } from './answers';
import type { ApiError, CallOutcome, ClientConfig, JobCheck } from './outcome';
import { keyRedactor } from './redaction';
import { statusRequest } from './requests';

const POLL_INTERVAL_MS = 2000;

/** One status round for all the jobs (one `fetchAll`), without sleeping. Answers in input order. */
export function checkJobs(cfg: ClientConfig, jobIds: readonly string[]): JobCheck[] {
  if (jobIds.length === 0) return [];
  const redact = keyRedactor(cfg.apiKey);
  const responses = cfg.http.fetchAll(jobIds.map((jobId) => statusRequest(cfg, jobId)));
  return jobIds.map((_, k) => readJobStatus(responses[k] ?? NO_ANSWER, redact));
}

/**
 * Polls the jobs every ~2 s from `firstPollAt`, all in one `fetchAll` a round, until each is done
 * or failed or the deadline comes; a job still running then (or whose status could not be read) is
 * `pending`. By default the first round goes out at once: such jobs were usually accepted a while ago.
 */
export function waitForJobs(
  cfg: ClientConfig,
  jobIds: readonly string[],
  deadline: number,
  firstPollAt = cfg.clock.now(),
): CallOutcome[] {
  const settled: (CallOutcome | undefined)[] = jobIds.map(() => undefined);
  const lastErrors = new Map<number, ApiError>();
  let pollAt = firstPollAt;
  for (;;) {
    const open = jobIds.map((_, index) => index).filter((index) => settled[index] === undefined);
    if (open.length === 0 || !sleepUntil(cfg.clock, pollAt, deadline)) break;
    const roundStartedAt = cfg.clock.now();
    const checks = checkJobs(
      cfg,
      open.map((index) => jobIds[index]!),
    );
    let fatal = false;
    open.forEach((index, k) => {
      const check = checks[k]!;
      if (check.kind === 'processing') lastErrors.delete(index);
      else if (check.kind === 'done') settled[index] = check.outcome;
      else if (check.kind === 'unavailable') {
        lastErrors.set(index, check.error);
        fatal ||= check.error.fatal;
      } else settled[index] = { kind: 'failed', error: check.error, jobId: jobIds[index]! };
    });
    // A refused key will not be accepted on the next round either; the jobs stay pending.
    if (fatal) break;
    pollAt = roundStartedAt + POLL_INTERVAL_MS;
  }
  return jobIds.map((jobId, index) => settled[index] ?? pending(jobId, lastErrors.get(index)));
}

export function pending(jobId: string, lastError?: ApiError): CallOutcome {
  return lastError ? { kind: 'pending', jobId, lastError } : { kind: 'pending', jobId };
}

/** Sleeps until `at` unless that is past the deadline; false means stop. */
export function sleepUntil(clock: ClockPort, at: number, deadline: number): boolean {
  const now = clock.now();
  if (Math.max(at, now) > deadline) return false;
  if (at > now) clock.sleep(at - now);
  return true;
}

/** When the first poll of jobs accepted at `acceptedAt` is due. */
export function firstPollAfter(acceptedAt: number): number {
  return acceptedAt + POLL_INTERVAL_MS;
}
