import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /investissements (exposed as './Investments'). Placeholder until its issue delivers the page. */
export default function InvestmentsPage() {
  return <PlaceholderPage path="/investissements" />;
}
