// The records the add-on keeps of its triggers in document properties, as text: which drivers of
// the job collector follow the user (an installable Edit trigger, on every edit, the one that
// types a formula included, and an Open trigger), per account, so that a formula, which may not
// look at triggers, can tell the user the truth about when its job will be collected; and the ids
// of this document's clock triggers with how often each runs, which the platform cannot tell.
import { parseJson, parseJsonObject } from '../text/json-text';

export interface Drivers {
  edit: boolean;
  open: boolean;
}

const NONE: Drivers = { edit: false, open: false };

const parse = (text: string | null | undefined) =>
  (parseJsonObject(text) ?? {}) as Record<string, Drivers | undefined>;

/** The drivers installed for the account `scope`, from the property's text. */
export function driversOf(text: string | null | undefined, scope: string): Drivers {
  const found = parse(text)[scope];
  return found ? { edit: found.edit === true, open: found.open === true } : NONE;
}

/** The property's text with `scope`'s drivers set; null when no account has any left. */
export function withDrivers(text: string | null | undefined, scope: string, drivers: Drivers): string | null {
  const all = parse(text);
  if (drivers.edit || drivers.open) all[scope] = drivers;
  else delete all[scope];
  return Object.keys(all).length > 0 ? JSON.stringify(all) : null;
}

/** Whether the next edit or opening of the file will collect this account's jobs. */
export function followsTheUser(drivers: Drivers): boolean {
  return drivers.edit || drivers.open;
}

/** A clock trigger of the collector, as remembered: its id and how often it runs. */
export interface ClockTrigger {
  id: string;
  every: 'minute' | 'hour';
}

/** Ids kept at most: an id of a trigger deleted elsewhere only lingers until it falls off. */
const MAX_CLOCK_TRIGGERS = 20;

/** The clock triggers remembered in the property's text; none when it is absent or not ours. */
export function clockTriggersOf(text: string | null | undefined): ClockTrigger[] {
  const parsed = parseJson(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (item): item is ClockTrigger =>
      typeof item?.id === 'string' && (item.every === 'minute' || item.every === 'hour'),
  );
}

/** The property's text for `list`, the latest kept; null when there is none to remember. */
export function clockTriggersText(list: readonly ClockTrigger[]): string | null {
  return list.length === 0 ? null : JSON.stringify(list.slice(-MAX_CLOCK_TRIGGERS));
}
