// Public face of the treasury feature.
export {
  treasuryApi,
  useGetTreasuryQuery,
  useListTreasuryPaymentsQuery,
  useListTreasuryAccountsQuery,
  toPaymentsPage,
  type TreasuryPaymentsPage,
} from './api';
export { ForecastChart } from './ForecastChart';
