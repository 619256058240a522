// Public face of the report exports: the statements, the Balance and the Grand livre as PDF and XLSX files.
export { companyDetails, reportCompany, reportWarnings, type ReportCompany, type ReportHeader } from './header';
export { balanceSheetPdf, cashFlowPdf, dsfPackPdf, generalLedgerPdf, incomeStatementPdf, trialBalancePdf, type DsfNote } from './pdf';
export { balanceSheetXlsx, cashFlowXlsx, generalLedgerXlsx, incomeStatementXlsx, trialBalanceXlsx } from './xlsx';
