// Public face of the production feature (other features import from here only).
export { productionApi } from './routes';
export { productionService, formatOrderNumber, type ProductionService } from './service';
