// The modules this remote exposes: one per route of APP_ROUTES owned by the 'accounting' remote
// (packages/contracts/src/navigation.ts). A test checks both agree.
module.exports = {
  './Dashboard': './src/features/dashboard/DashboardPage.tsx',
  './Invoices': './src/features/invoices/InvoicesPage.tsx',
  './Inventory': './src/features/inventory/InventoryPage.tsx',
  './Treasury': './src/features/treasury/TreasuryPage.tsx',
  './Investments': './src/features/investments/InvestmentsPage.tsx',
  './Loans': './src/features/loans/LoansPage.tsx',
  './Reports': './src/features/reports/ReportsPage.tsx',
  './Entries': './src/features/entries/EntriesPage.tsx',
  './Portfolio': './src/features/portfolio/PortfolioPage.tsx',
  './Settings': './src/features/settings/SettingsPage.tsx',
};
