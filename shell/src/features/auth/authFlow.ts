/** Delays of the specification (§9). */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const REGISTER_REDIRECT_DELAY_MS = 1500;
export const REGISTER_TOAST_DURATION_MS = 4000;
/** Where a new account lands: the company settings, with a welcome. */
export const AFTER_REGISTER_PATH = '/parametres?tab=company&welcome=true';

export interface AuthFlowProps {
  /** Called before the request: the page must not redirect when the user appears. */
  onAuthStart: () => void;
  /** Called when the request failed. */
  onAuthEnd: () => void;
}
