import { MESSAGES_COMPANY } from '@xaalis/contracts';
import { isApiError, serverMessage } from '../api';
import { toast } from '../toast';

/**
 * A failed save: 'Erreur' with the server's message when it sent one, else the
 * specification's fixed text. A 401 is left alone: the base query already shows
 * 'Non autorisé' and leaves for /api/login (toasts show one at a time).
 */
export function toastSaveError(error: unknown, fallback: string): void {
  if (isApiError(error) && error.status === 401) return;
  toast({ title: 'Erreur', description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

/** A successful save. */
export function toastSuccess(title: string, description?: string): void {
  toast({ title, description, variant: 'success' });
}

/** The HTTP status of a failed request, if any. */
export function errorStatus(error: unknown): number | 'FETCH_ERROR' | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** A save attempted without a company: 'Erreur' with the specification's text. */
export function toastMissingCompany(): void {
  toast({ title: 'Erreur', description: MESSAGES_COMPANY.missingCompanyId, variant: 'destructive' });
}
