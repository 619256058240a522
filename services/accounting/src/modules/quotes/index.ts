// Public face of the quotes feature (other features import from here only).
export { EXPIRE_QUOTES_SCHEDULE, expireQuotesHandler, quotesApi } from './routes';
export { quotesService } from './service';
