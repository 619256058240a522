import { ENTRY_IMPORT_ACCEPT, ENTRY_IMPORT_MAX_BYTES, MESSAGES_ENTRY_IMPORT, XLSX_CONTENT_TYPE } from '@xaalis/contracts';

/** UI texts of the import dialog that the server never sends. */
export const IMPORT_UI = {
  button: MESSAGES_ENTRY_IMPORT.title,
  kind: "Type d'import",
  fileInput: 'Fichier à importer',
  chooseFile: 'Choisir un fichier',
  noFile: 'Aucun fichier choisi',
  fileMissing: 'Choisissez un fichier CSV ou Excel (.xlsx) à importer',
  columns: 'Colonnes attendues (ligne d’en-tête, dans n’importe quel ordre) :',
  amounts: 'Montants au format français ou international : 1 234 567,50 ou 1234567.50.',
  openingDate: 'Date des À-nouveaux',
  openingDateHint: 'Utilisée si le fichier n’a pas de colonne Date (par défaut : début de l’exercice en cours)',
  analyse: 'Analyser le fichier',
  analysing: 'Analyse du fichier...',
  otherFile: 'Choisir un autre fichier',
  afterImport: "Après l'import",
  validate: 'Valider les écritures',
  draft: 'Garder en brouillon',
  import: 'Importer',
  importing: 'Import...',
  blocked: 'Import impossible : corrigez dans le fichier les erreurs signalées, puis déposez-le de nouveau.',
  progress: 'Lignes importées',
  close: 'Fermer',
} as const;

/** The extensions the input accepts (from ENTRY_IMPORT_ACCEPT: `.csv,.txt,.xlsx,…`). */
const EXTENSIONS = ENTRY_IMPORT_ACCEPT.split(',').filter((part) => part.startsWith('.'));

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The French reason a file cannot be sent, checked before any upload; null when it can. */
export function checkImportFile(file: File | null | undefined): string | null {
  if (!file) return IMPORT_UI.fileMissing;
  if (!EXTENSIONS.includes(extensionOf(file.name))) return MESSAGES_ENTRY_IMPORT.notCsvOrXlsx;
  if (file.size > ENTRY_IMPORT_MAX_BYTES) return MESSAGES_ENTRY_IMPORT.tooLarge;
  if (file.size === 0) return MESSAGES_ENTRY_IMPORT.empty;
  return null;
}

/**
 * The Content-Type sent with the file, from its extension: browsers label a CSV
 * inconsistently (Windows says application/vnd.ms-excel, some say nothing).
 */
export function contentTypeOf(file: File): string {
  const ext = extensionOf(file.name);
  if (ext === '.xlsx') return XLSX_CONTENT_TYPE;
  if (ext === '.csv' || ext === '.txt') return 'text/csv';
  return file.type || 'application/octet-stream';
}

/** `2,5 Mo`, `830 Ko`: a file size for the picker. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;
}
