// Public face of the third-parties feature (other features import from here only).
export { thirdPartiesApi } from './routes';
export { thirdPartiesService, type ThirdPartiesService } from './service';
export { thirdPartiesInternal, internalCompanyOf, parseInternalIds, resolveClient, thirdPartiesByIds } from './internal';
