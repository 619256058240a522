/** Body of every error response: a French message and, for validation, the issues. */
export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

export const MESSAGES_HTTP = {
  validation: 'Données invalides',
  notFound: 'Ressource introuvable',
  internal: 'Erreur interne du serveur',
  /** The database refused a number too large for its column (SQLSTATE 22003), behind the contracts' bounds. */
  numericOverflow: 'Valeur trop élevée (montant maximum 9 999 999 999 999,99, quantité maximum 9 999 999,999)',
  /** The database refused a text (a NUL byte, an invalid character: SQLSTATE 22021, 22P05). */
  invalidText: 'Texte invalide : caractère non autorisé (octet nul)',
  /** A text longer than its column (SQLSTATE 22001). */
  textTooLong: 'Texte trop long',
  forbiddenInternal: 'Accès interne refusé',
  missingTenant: 'Entreprise non identifiée',
  sessionUnavailable: 'Service de session indisponible, réessayez dans un instant',
  csrf: 'Requête refusée (origine non autorisée)',
  pageNotFound: 'Page Not Found',
  /** A service could not enqueue a background job (Redis unreachable). */
  queueUnavailable: 'Traitement en arrière-plan indisponible, réessayez dans un instant',
  /** The database is unreachable (restarting, connection lost): 503, the request can be made again. */
  databaseUnavailable: 'Base de données momentanément indisponible, réessayez dans un instant',
  /** The gateway serves the front end but its build is missing. */
  /** A document (PDF, workbook) took its worker thread longer than allowed: 503. */
  documentTimeout: 'Le document a pris trop de temps à produire : réduisez la période ou réessayez plus tard',
  /** A document's worker thread ran out of memory or stopped: 503. */
  documentFailed: "Le document n'a pas pu être produit : réduisez la période ou réessayez dans un instant",
  /** Too many documents waiting for a worker thread, or the service is stopping: 503. */
  documentsBusy: 'Trop de documents en cours de production, réessayez dans un instant',
  uiNotBuilt: "L'interface n'est pas encore construite : lancez « npm run build » puis rechargez la page.",
} as const;
