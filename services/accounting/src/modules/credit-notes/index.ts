// Public face of the credit notes feature (other features import from here only).
export { creditNotesApi } from './routes';
export { creditNotesService, type CreditNotesService } from './service';
