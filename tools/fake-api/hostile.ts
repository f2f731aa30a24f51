// The fake API's hostile mode: answers a real API (or a proxy in front of it) can send and a client
// must survive. Turned on per operation with `FakeApi.setHostile(type, kind)`; every hostile answer
// is charged as the spec says ("Every call consumes credits": a flat price per call, 0.5 a returned
// employee for lists), because the call reached the API. README.md lists the kinds.
import { type FakeOperation, type OperationType, operationOf } from './catalog';
import { Random } from './random';

export type HostileKind =
  /** 200 with an HTML page (a proxy's maintenance page). */
  | 'html'
  /** 200 with plain text. */
  | 'text'
  /** 200 with an empty body. */
  | 'empty'
  /** 200 with JSON that is not a SuccessResponse (`{"data": ...}` without `status`). */
  | 'wrong-shape'
  /** 200 success whose result is a list of `items` reactions (default 10,000: over a megabyte). */
  | 'huge'
  /** 200 success whose result is nested `depth` levels deep (default 5,000). */
  | 'deep'
  /** 202 without a `job_id`. */
  | 'no-job-id'
  /** 202 whose `job_id` is a number, not a string. */
  | 'bad-job-id'
  /** 202 with a job that ends in `error` (charged: the call reached the API). */
  | 'job-error'
  /**
   * 202 with a job id the status endpoint never knows: 404 from the first poll, as if the API lost
   * the job (charged at once: the call reached the API).
   */
  | 'job-lost'
  /**
   * 202 whose `job_id` is LONG_JOB_ID_LENGTH characters (or `jobIdLength`): by default past what a
   * property value holds (9 KB) and what a URL may carry in UrlFetch (2 KB), so it can be neither
   * kept nor polled (charged at once: the call reached the API).
   */
  | 'long-job-id'
  /** 202 with a job that never finishes: `processing` at every poll, so never charged. */
  | 'job-stuck';

export const HOSTILE_KINDS: readonly HostileKind[] = [
  'html',
  'text',
  'empty',
  'wrong-shape',
  'huge',
  'deep',
  'no-job-id',
  'bad-job-id',
  'job-error',
  'job-lost',
  'long-job-id',
  'job-stuck',
];

export const LONG_JOB_ID_LENGTH = 10_000;

export interface HostileOptions {
  /** Only inputs containing this text (case-insensitive) get the hostile answer. */
  inputContains?: string;
  /** Items of a `huge` answer. */
  items?: number;
  /** Levels of a `deep` answer. */
  depth?: number;
  /** Characters of a `long-job-id` answer's id. */
  jobIdLength?: number;
}

export const DEFAULT_HUGE_ITEMS = 10_000;
export const DEFAULT_DEEP_LEVELS = 5_000;
export const HOSTILE_HTML =
  '<!doctype html><html><head><title>Maintenance</title></head><body><p>Back soon.</p></body></html>';
export const HOSTILE_TEXT = 'OK';
export const HOSTILE_JOB_ERROR = 'Lookup failed: the upstream provider returned garbage';

interface Setting {
  kind: HostileKind;
  options: HostileOptions;
}

/** Which operations (and inputs) answer with which hostile kind; the latest setting that matches wins. */
export class Hostility {
  private settings: (Setting & { type: OperationType | 'any' })[] = [];

  /** `kind` null turns off every setting of `type`. */
  set(type: OperationType | 'any', kind: HostileKind | null, options: HostileOptions = {}): void {
    if (type !== 'any' && operationOf(type) === undefined) throw new Error(`Unknown operation ${type}`);
    if (kind === null) this.settings = this.settings.filter((setting) => setting.type !== type);
    else if (!HOSTILE_KINDS.includes(kind)) throw new Error(`Unknown hostile kind ${kind}`);
    else this.settings.push({ type, kind, options });
  }

  of(type: OperationType, input: string): Setting | undefined {
    const wanted = input.toLowerCase();
    const matches = this.settings.filter(
      (setting) =>
        (setting.type === type || setting.type === 'any') &&
        wanted.includes((setting.options.inputContains ?? '').toLowerCase()),
    );
    return matches[matches.length - 1];
  }
}

/** The answer of a hostile POST: a status, a body, and what the call is charged. */
export interface HostilePost {
  status: number;
  contentType: string;
  body: string;
  /** The parsed result when the body is a success (for the per-employee price). */
  result?: unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Kinds answered by a real job (see FakeApi), not by `hostilePost`. */
export const isJobKind = (kind: HostileKind) => kind === 'job-error' || kind === 'job-stuck';

/** The POST answer for every kind but the job kinds (`isJobKind`). */
export function hostilePost(op: FakeOperation, input: string, setting: Setting): HostilePost {
  const json = (status: number, body: string, result?: unknown): HostilePost => ({
    status,
    contentType: JSON_TYPE,
    body,
    ...(result === undefined ? {} : { result }),
  });
  switch (setting.kind) {
    case 'html':
      return { status: 200, contentType: 'text/html; charset=utf-8', body: HOSTILE_HTML };
    case 'text':
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: HOSTILE_TEXT };
    case 'empty':
      return { status: 200, contentType: JSON_TYPE, body: '' };
    case 'wrong-shape':
      return json(200, JSON.stringify({ data: { type: op.type, input } }));
    case 'huge': {
      const result = hugeResult(input, setting.options.items ?? DEFAULT_HUGE_ITEMS);
      return json(200, JSON.stringify({ status: 'success', result }), result);
    }
    case 'deep': {
      const depth = setting.options.depth ?? DEFAULT_DEEP_LEVELS;
      // Written as text: JSON.stringify itself overflows the stack on such a tree.
      return json(200, `{"status":"success","result":${deepText(depth)}}`, deepMarker);
    }
    case 'no-job-id':
      return json(202, JSON.stringify({ status: 'processing', poll_url: '/status/' }));
    case 'bad-job-id':
      return json(202, JSON.stringify({ status: 'processing', job_id: 12345, poll_url: '/status/12345' }));
    case 'job-lost': {
      // Never a real job's id (those start `job_`), so polling it answers 404.
      const jobId = `lost_${new Random(`lost:${op.type}:${input}`).hex(12)}`;
      return json(202, JSON.stringify({ status: 'processing', job_id: jobId, poll_url: `/status/${jobId}` }));
    }
    case 'long-job-id': {
      const length = setting.options.jobIdLength ?? LONG_JOB_ID_LENGTH;
      const jobId = `long_${new Random(`long:${op.type}:${input}`).hex(12)}`.padEnd(length, 'x');
      return json(202, JSON.stringify({ status: 'processing', job_id: jobId, poll_url: `/status/${jobId}` }));
    }
    case 'job-error':
    case 'job-stuck':
      throw new Error(`${setting.kind} answers with a real job`);
  }
}

/** A non-array stands for a deep result when pricing: it holds no employees. */
const deepMarker = { deep: true };

/** `{"level":{"level":...{"level":"bottom"}}}`, `depth` objects deep. */
export function deepText(depth: number): string {
  return `${'{"level":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

/** A post's reactions, `items` of them, varied enough not to shrink to nothing when compressed. */
export function hugeResult(input: string, items: number): unknown {
  const random = new Random(`huge:${input}`);
  const reactions = Array.from({ length: items }, (_, i) => ({
    full_name: `Reactor ${i + 1}`,
    headline: `Engineer ${random.hex(12)}`,
    reaction: i % 3 === 0 ? 'LIKE' : i % 3 === 1 ? 'CELEBRATE' : 'INSIGHTFUL',
    pronet_url: `https://www.pronet.com/in/reactor-${random.hex(16)}`,
  }));
  return { total: items, reactions };
}

/**
 * Reads `kind` or `kind:operation_type`, comma-separated (`deep`, `html:company_name_to_website`):
 * the playground's `--hostile=` flag and its `ENRICH_FAKE_HOSTILE` variable. Throws on a word it
 * does not know, listing the kinds.
 */
export function parseHostileSpec(spec: string): { type: OperationType | 'any'; kind: HostileKind }[] {
  return spec
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [kind = '', type = 'any'] = part.split(':');
      if (!HOSTILE_KINDS.includes(kind as HostileKind))
        throw new Error(`Unknown hostile kind "${kind}": use one of ${HOSTILE_KINDS.join(', ')}`);
      if (type !== 'any' && operationOf(type) === undefined) throw new Error(`Unknown operation "${type}"`);
      return { type: type as OperationType | 'any', kind: kind as HostileKind };
    });
}
