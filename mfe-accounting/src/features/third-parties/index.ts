// Public face of the third-parties feature (clients and suppliers), used by settings and entries.
export { thirdPartiesApi, useListThirdPartiesQuery, useCreateThirdPartyMutation, type ThirdPartyListFilter } from './api';
export { ThirdPartyField, thirdPartyLabel } from './ThirdPartyField';
export { ThirdPartiesTab } from './ThirdPartiesTab';
export { ThirdPartyDialog } from './ThirdPartyDialog';
