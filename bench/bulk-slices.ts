// Where a bulk run's time goes, slice by slice (the sidebar's server calls): the time before a
// slice's first POST, the sending, the time after its last answer, and the output writes. The
// README's gaps quote these, so they come from the run, not from a reading of the code.
import type { World } from '../test/bundle/harness';
import { SERVICE_COST_MS } from '../tools/emulator/service-costs';

export interface SliceFigures {
  /** Slices that sent POSTs; the typical one is the median by length. */
  sendingSlices: number;
  typical: {
    seconds: number;
    beforeSeconds: number;
    sendingSeconds: number;
    afterSeconds: number;
    posts: number;
    /** Output stretches written (one `setValues` each). */
    writes: number;
  };
  /** Slices with nothing to send (their rows all repeats or filled before), and their seconds. */
  quietSlices: number;
  quietSeconds: number;
  /** The whole run's output writes, and the seconds they took (`setValues` alone). */
  writes: number;
  writeSeconds: number;
}

const tenths = (ms: number) => Math.round(ms / 100) / 10;

/** The figures of the slices run since `since` (the runtime's executions and the fetch log's length). */
export function sliceFigures(
  w: World,
  since: { executions: number; fetches: number },
  latencyMs: number,
): SliceFigures {
  const slices = w.emu.runtime.finished
    .slice(since.executions)
    .filter((run) => /(start|continue)BulkRun/.test(run.label));
  const posts = w.emu.fetchLog
    .slice(since.fetches)
    .filter((fetch) => fetch.method.toUpperCase() === 'POST')
    .map((fetch) => fetch.at);
  const measured = slices.map((slice) => {
    const sent = posts.filter((at) => at >= slice.startedAt && at <= slice.endedAt);
    const writes = slice.calls.filter((call) => call === 'Range.setValues').length;
    const ms = slice.endedAt - slice.startedAt;
    if (sent.length === 0) return { ms, writes, sent: null };
    const first = sent[0]!;
    const lastAnswer = sent[sent.length - 1]! + latencyMs;
    return {
      ms,
      writes,
      sent: {
        before: first - slice.startedAt,
        sending: lastAnswer - first,
        after: slice.endedAt - lastAnswer,
        posts: sent.length,
      },
    };
  });
  const sending = measured.filter((slice) => slice.sent !== null).sort((a, b) => a.ms - b.ms);
  const quiet = measured.filter((slice) => slice.sent === null);
  const typical = sending[Math.floor((sending.length - 1) / 2)];
  const writes = measured.reduce((sum, slice) => sum + slice.writes, 0);
  return {
    sendingSlices: sending.length,
    typical: {
      seconds: tenths(typical?.ms ?? 0),
      beforeSeconds: tenths(typical?.sent?.before ?? 0),
      sendingSeconds: tenths(typical?.sent?.sending ?? 0),
      afterSeconds: tenths(typical?.sent?.after ?? 0),
      posts: typical?.sent?.posts ?? 0,
      writes: typical?.writes ?? 0,
    },
    quietSlices: quiet.length,
    quietSeconds: tenths(quiet.reduce((sum, slice) => sum + slice.ms, 0)),
    writes,
    writeSeconds: tenths(writes * SERVICE_COST_MS['Range.setValues']!),
  };
}
