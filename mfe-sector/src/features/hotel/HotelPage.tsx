import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /hotel (exposed as './Hotel'). Placeholder until its issue delivers the page. */
export default function HotelPage() {
  return <PlaceholderPage path="/hotel" />;
}
