// Public face of the investments feature (route /investissements).
export { investmentsApi, useListInvestmentsQuery, useGetInvestmentQuery } from './api';
