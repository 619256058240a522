// Helpers for the sector remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { COMPANY_ID as TEST_COMPANY_ID } from '@xaalis/web-kit/src/testing/app';

export { heldAnswer, mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export {
  callsTo,
  company,
  COMPANY_ID,
  LocationProbe,
  renderWithApp,
  TEST_USER,
  testUuid,
  type RenderOptions,
} from '@xaalis/web-kit/src/testing/app';

/** The test company's API prefix. */
export const BASE = `/api/companies/${TEST_COMPANY_ID}`;

export type User = ReturnType<typeof userEvent.setup>;

/** Replaces the text of the field labelled `label` inside `scope` (an empty `text` leaves it empty). */
export async function typeIn(user: User, scope: HTMLElement, label: string | RegExp, text: string) {
  const input = within(scope).getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
}

/** The values a card shows under their labels: for each entry, the element labelled `label` inside `scope` has the text. */
export function expectLabelledValues(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, text] of Object.entries(values)) expect(within(scope).getByLabelText(label)).toHaveTextContent(text);
}

/** A list's answer as the sector service sends it: one page holding `items`, and the list's own fields (`extra`). */
export const paged = <T,>(items: readonly T[], extra: object = {}) => ({
  items,
  page: 1,
  pageSize: 25,
  totalItems: items.length,
  ...extra,
});
