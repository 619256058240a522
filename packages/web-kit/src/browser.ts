/**
 * Full-page navigation, behind an object so tests can replace it
 * (`jest.spyOn(browser, 'assign')`): jsdom does not navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.href = url;
  },
};

/** Where the gateway starts a sign-in (it redirects to /auth). */
export const LOGIN_URL = '/api/login';
/** Delay before leaving for the sign-in page (specification §9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
