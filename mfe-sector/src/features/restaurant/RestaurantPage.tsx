import { PlaceholderPage } from '@xaalis/web-kit';

/** Route /restaurant (exposed as './Restaurant'). Placeholder until its issue delivers the page. */
export default function RestaurantPage() {
  return <PlaceholderPage path="/restaurant" />;
}
