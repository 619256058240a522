import { isApiError, serverMessage } from '../api';
import { toast } from '../toast';

/**
 * A failed save: 'Erreur' with the specification's text, followed by the server's
 * own message when it sent one ("Erreur lors de l'enregistrement du paiement : Le
 * montant dépasse le solde restant dû"). A 401 is left to the base query, which
 * already shows 'Non autorisé' / 'Vous êtes déconnecté. Reconnexion...'.
 */
export function toastFailure(error: unknown, text: string): void {
  if (isApiError(error) && error.status === 401) return;
  const detail = serverMessage(error);
  toast({ title: 'Erreur', description: detail && detail !== text ? `${text} : ${detail}` : text, variant: 'destructive' });
}
