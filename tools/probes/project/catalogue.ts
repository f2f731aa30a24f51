// Every probe, in the order they run. The report lists them in this order too.

import type { Probe } from '../probe';
import { CACHE_PROBES } from './probes/cache';
import { COST_PROBES } from './probes/costs';
import { ERROR_PROBES } from './probes/errors';
import { EVENT_PROBES } from './probes/events';
import { RECALCULATION_PROBES } from './probes/recalculation';
import { SPREADSHEET_PROBES } from './probes/spreadsheet';
import { STORAGE_PROBES } from './probes/storage';
import { URLFETCH_PROBES } from './probes/urlfetch';
import { UTILITIES_PROBES } from './probes/utilities';

export const PROBES: readonly Probe[] = [
  ...CACHE_PROBES,
  ...STORAGE_PROBES,
  ...UTILITIES_PROBES,
  ...URLFETCH_PROBES,
  ...SPREADSHEET_PROBES,
  ...COST_PROBES,
  ...RECALCULATION_PROBES,
  ...ERROR_PROBES,
  ...EVENT_PROBES,
];
