import { ensureToaster } from '../toasts/toasts';
import { loadValidation } from './lazyValidation';

let started = false;

/**
 * First input in a sign-in form: the schemas (zod) and the toasts (notistack) the
 * submit needs, loaded in the background; the page itself never waits for them.
 */
export function prefetchForSubmit(): void {
  if (started) return;
  started = true;
  void loadValidation();
  void ensureToaster();
}
