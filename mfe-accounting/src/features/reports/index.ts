// Public face of the reports feature (the Rapports page is exposed on its own as './Reports').
export { reportsApi, reportUrl, useGetReportYearsQuery } from './api';
