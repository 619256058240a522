// Public face of the treasury feature (other features import from here only).
export { treasuryApi } from './routes';
export { FORECAST_DAYS, METHOD_ACCOUNTS, treasuryService, type TreasuryService } from './service';
