// Public face of the investments feature (immobilisations and depreciation plans).
export { investmentsApi } from './routes';
export { RECORD_DEPRECIATIONS_SCHEDULE, computeDepreciationPlanHandler, recordDepreciationsHandler } from './jobs';
export { investmentsService, planJobId, type InvestmentsService } from './service';
