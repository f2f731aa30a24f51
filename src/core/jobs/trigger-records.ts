// Which drivers of the job collector follow the user in a document: an installable Edit trigger
// (every edit, the one that types a formula included) and an Open trigger. Recorded per account
// in document properties, so that a formula, which may not look at triggers, can tell the user
// the truth about when its job will be collected.

export const DRIVERS_PROPERTY = 'enrich.drivers';

export interface Drivers {
  edit: boolean;
  open: boolean;
}

const NONE: Drivers = { edit: false, open: false };

function parse(text: string | null | undefined): Record<string, Drivers> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, Drivers>)
      : {};
  } catch {
    return {};
  }
}

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
