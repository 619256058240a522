// Public face of the payments feature (other features import from here only).
export { paymentsApi } from './routes';
export { paymentsService, type PaymentsService } from './service';
