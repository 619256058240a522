import { HttpError, isUniqueViolation } from './errors';

/**
 * Runs a write; a unique violation (a duplicate number, code, reference...)
 * becomes a 409 with `message`, the French text of that duplicate.
 */
export async function refusingDuplicates<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, message);
    throw err;
  }
}
