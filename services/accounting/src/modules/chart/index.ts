// Public face of the chart feature: SYSCOHADA reference data and chart generation.
export { chartApi } from './routes';
export { generateChartHandler } from './jobs';
export { generateChart } from './service';
export { chartFor, levelOfCode, referenceAccount } from './reference';
export { SECTOR_ACCOUNTS } from './sectors';
export { SYSCOHADA_ACCOUNTS, type ReferenceAccount } from './syscohada';
