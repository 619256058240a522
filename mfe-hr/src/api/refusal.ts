import { isApiError, serverMessage } from '@xaalis/web-kit';

// How a refused request reads in a dialog (declarations, absences, payments): shared by the features.

/** The messages of a 400's fields (`{message, issues: [{path, message}]}`). */
function issueMessages(error: unknown): string[] {
  const issues: unknown =
    isApiError(error) && error.data && typeof error.data === 'object' ? (error.data as { issues?: unknown }).issues : null;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { message?: unknown }) => (typeof issue.message === 'string' ? [issue.message] : []));
}

/** What a refused request says: the server's French message, then its fields' messages (400) when they add to it. */
export function refusalText(error: unknown, fallback: string): string {
  const message = serverMessage(error) ?? fallback;
  const extra = [...new Set(issueMessages(error))].filter((m) => m !== message);
  return extra.length ? `${message} : ${extra.join(' ; ')}` : message;
}

/** A 401: the base query already shows 'Non autorisé' and leaves for the sign-in page, the dialog says nothing. */
export const isSessionExpiry = (error: unknown): boolean => isApiError(error) && error.status === 401;
