// Public face of the third-parties feature (clients and suppliers), used by settings and entries.
export { thirdPartiesApi, useListThirdPartiesQuery, useCreateThirdPartyMutation } from './api';
export { ThirdPartiesTab } from './ThirdPartiesTab';
export { ThirdPartyDialog } from './ThirdPartyDialog';
