// Public face of the dashboard feature (the treasury page reads the same figures).
export { dashboardApi, useGetDashboardQuery, useGetCashFlowQuery, useGetRevenueBreakdownQuery, type RevenueYear } from './api';
export { formatTrend, signedMoney, toAmount, compactAmount, dialogAmount, fiscalYearText } from './figures';
export { StatCard, Panel, Grid, listSx, listRowSx, visuallyHidden } from './parts';
export { urgencyLabel, paymentDefaultsFor, type Upcoming } from './upcoming';
