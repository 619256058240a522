/** BullMQ queue names, one per service; payloads are typed here so producers and workers agree. */
export const QUEUES = {
  accounting: 'accounting',
  hr: 'hr',
  sector: 'sector',
} as const;

/** Job names, shared by producers and each service's worker. */
export const JOBS = {
  ping: 'ping',
  generateChart: 'generate-chart',
  /** Investments: one investment's depreciation plan (ComputeDepreciationPlanJob, investments.ts). */
  computeDepreciationPlan: 'compute-depreciation-plan',
  /** Investments: scheduled sweep recording the depreciation of ended fiscal years (RecordDepreciationsJob). */
  recordDepreciations: 'record-depreciations',
  /** Daily sweep: pending loan instalments past their due date become overdue (MarkOverdueJob, in loans.ts). */
  markOverdueLoanPayments: 'mark-overdue-loan-payments',
} as const;

/**
 * A no-op job used to check that a service's worker is alive. Each run is
 * recorded once per jobId in the service's `job_runs` table.
 * Note: BullMQ refuses custom job ids containing ':' (use '-' as separator).
 */
export interface PingJob {
  companyId: string;
  note?: string;
}

/**
 * `generate-chart`: adds the SYSCOHADA reference chart plus the sector's own
 * accounts to a company's chart (missing accounts only). Answers a ChartGenerationResult.
 */
export interface GenerateChartJob {
  companyId: string;
  /** A stored sector value (SECTORS); the company's own sector when the request gave none. */
  sector: string;
}
