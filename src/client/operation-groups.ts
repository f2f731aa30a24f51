// The operations table as the sidebar lists it (the Bulk run panel's choice, Credit settings'
// prices): by group, in the table's order, each group under its name.
import { OPERATIONS } from '../core/operations/table';
import type { Group, Operation } from '../core/operations/types';

const GROUP_NAMES: Record<Group, string> = { people: 'People', companies: 'Companies', social: 'Social' };

export function operationGroups(): { name: string; operations: Operation[] }[] {
  const groups = [...new Set(OPERATIONS.map((op) => op.group))];
  return groups.map((group) => ({
    name: GROUP_NAMES[group],
    operations: OPERATIONS.filter((op) => op.group === group),
  }));
}
