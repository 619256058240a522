// Public face of the report exports: the statements, the Balance and the Grand livre as PDF and XLSX files.
export { companyDetails, reportCompany, reportWarnings, type ReportCompany, type ReportHeader } from './header';
export { balanceSheetPdf, cashFlowPdf, generalLedgerPdf, incomeStatementPdf, trialBalancePdf } from './pdf';
export { balanceSheetXlsx, cashFlowXlsx, generalLedgerXlsx, incomeStatementXlsx, trialBalanceXlsx } from './xlsx';
