// Helpers for the sector remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
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
