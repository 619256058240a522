// Public face of the withholdings feature (BRS): the bordereaux de retenue à la source.
export { withholdingsApi } from './routes';
