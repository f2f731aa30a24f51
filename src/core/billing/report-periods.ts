// The periods the spend report covers, each ending today: one list for the sidebar's choice and the
// report's own title.
import type { ReportPeriod } from '../../shared/receipt-rpc';
import { SPENDING_ANSWERS } from '../text/catalogue/sidebar/spending-answers';

export const REPORT_PERIODS: readonly { id: ReportPeriod; label: string }[] = [
  { id: 'today', label: SPENDING_ANSWERS.periods.today.text },
  { id: 'week', label: SPENDING_ANSWERS.periods.week.text },
  { id: 'month', label: SPENDING_ANSWERS.periods.month.text },
  { id: 'days30', label: SPENDING_ANSWERS.periods.days30.text },
  { id: 'days90', label: SPENDING_ANSWERS.periods.days90.text },
];
