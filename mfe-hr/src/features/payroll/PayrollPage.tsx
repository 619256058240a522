import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /paie (exposed as './Payroll'). Placeholder until its issue delivers the page. */
export default function PayrollPage() {
  return <PlaceholderPage path="/paie" />;
}
