// Public face of the module settings (other features import from here only).
export { moduleGate, modulesApi } from './routes';
export { companyModulesService, type CompanyModulesService } from './service';
