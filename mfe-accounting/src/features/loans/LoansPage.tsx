import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /emprunts (exposed as './Loans'). Placeholder until its issue delivers the page. */
export default function LoansPage() {
  return <PlaceholderPage path="/emprunts" />;
}
