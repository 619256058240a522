import { UploadRefusedError } from '../errors';

/** The reason `fn` is refused for ('accepted' when it is not): what the guard tests compare. */
export const refusalReason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return err instanceof UploadRefusedError ? err.reason : `not a refusal: ${String(err)}`;
  }
  return 'accepted';
};
