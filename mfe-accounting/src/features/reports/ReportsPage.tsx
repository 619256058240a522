import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /rapports (exposed as './Reports'). Placeholder until its issue delivers the page. */
export default function ReportsPage() {
  return <PlaceholderPage path="/rapports" />;
}
