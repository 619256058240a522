// The modules this remote exposes: one per page, tab or banner of APP_ROUTES owned by the 'accounting' remote
// (packages/contracts/src/navigation.ts). A test checks both agree.
module.exports = {
  './Dashboard': './src/features/dashboard/DashboardPage.tsx',
  './Invoices': './src/features/invoices/InvoicesPage.tsx',
  './Inventory': './src/features/inventory/InventoryPage.tsx',
  './Treasury': './src/features/treasury/TreasuryPage.tsx',
  './Investments': './src/features/investments/InvestmentsPage.tsx',
  './Loans': './src/features/loans/LoansPage.tsx',
  './Reports': './src/features/reports/ReportsPage.tsx',
  './TaxReturns': './src/features/tax-returns/TaxReturnsPage.tsx',
  './Entries': './src/features/entries/EntriesPage.tsx',
  // Paramètres (composed by the shell): accounting's tabs and the onboarding guide above them.
  './CompanySettings': './src/features/settings/CompanySettings.tsx',
  './AccountsSettings': './src/features/settings/AccountsSettings.tsx',
  './ThirdPartiesSettings': './src/features/settings/ThirdPartiesSettings.tsx',
  './FiscalYearsSettings': './src/features/settings/FiscalYearsSettings.tsx',
  './TaxSettings': './src/features/settings/TaxSettings.tsx',
  './SettingsGuide': './src/features/settings/SettingsGuide.tsx',
};
