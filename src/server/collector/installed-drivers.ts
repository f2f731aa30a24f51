// Which drivers follow the user in this document (the Edit and Open triggers), as recorded for
// each account in document properties when they are installed or removed. A formula reads it to
// say when its job will be collected: it may not look at triggers itself.

import { type Drivers, driversOf, withDrivers } from '../../core/jobs/trigger-records';
import { PROPERTY } from '../../core/platform/stored-keys';
import { documentProperty, requireDocumentProperties, writeProperty } from '../platform/properties';

/** What the document properties say of `scope`'s drivers. */
export const currentDrivers = (scope: string) => driversOf(documentProperty(PROPERTY.drivers), scope);

export function recordDrivers(scope: string, drivers: Drivers): void {
  const properties = requireDocumentProperties();
  const before = properties.getProperty(PROPERTY.drivers);
  const after = withDrivers(before, scope, drivers);
  if (after !== before) writeProperty(properties, PROPERTY.drivers, after);
}
