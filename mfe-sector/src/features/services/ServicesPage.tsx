import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /services (exposed as './Services'). Placeholder until its issue delivers the page. */
export default function ServicesPage() {
  return <PlaceholderPage path="/services" />;
}
