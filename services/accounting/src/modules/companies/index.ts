// Public face of the companies feature (other features import from here only).
export { companiesApi, companiesInternal } from './routes';
export { companiesService, type CompaniesService } from './service';
