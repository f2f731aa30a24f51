// The periods the spend report covers, each ending today: one list for the sidebar's choice and the
// report's own title.
import type { ReportPeriod } from '../../shared/receipt-rpc';

export const REPORT_PERIODS: readonly { id: ReportPeriod; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'The last 7 days' },
  { id: 'month', label: 'This month' },
  { id: 'days30', label: 'The last 30 days' },
  { id: 'days90', label: 'The last 90 days' },
];
