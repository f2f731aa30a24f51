// The probe project's exports, and only that: tools/probes/build.ts writes a top-level function for
// each, which is what Apps Script calls (the menu, the triggers, the formulas).

export {
  PROBE_ARG,
  PROBE_COLUMN,
  PROBE_CONTEXT,
  PROBE_EDITOR_STORES,
  PROBE_OBJECT,
  PROBE_OVERTIME,
  PROBE_RUNS,
  PROBE_SPILL,
  PROBE_THROW,
  PROBE_TYPED,
  PROBE_USER_STORES,
} from './custom-functions';
export { onOpen, probeChanged, probeEdited, probeOpened, probeTick } from './handlers';
export { probeReport } from './report';
export { probeStep1, probeStep2, probeStep3 } from './runner';
