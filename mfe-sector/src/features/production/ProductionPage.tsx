import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /transformation (exposed as './Production'). Placeholder until its issue delivers the page. */
export default function ProductionPage() {
  return <PlaceholderPage path="/transformation" />;
}
