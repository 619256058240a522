import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /employes (exposed as './Employees'). Placeholder until its issue delivers the page. */
export default function EmployeesPage() {
  return <PlaceholderPage path="/employes" />;
}
