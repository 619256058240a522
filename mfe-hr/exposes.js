// The modules this remote exposes: one per page, tab or banner of APP_ROUTES owned by the 'hr'
// remote (packages/contracts/src/navigation.ts). A test checks both agree.
module.exports = {
  './Employees': './src/features/employees/EmployeesPage.tsx',
  './Payroll': './src/features/payroll/PayrollPage.tsx',
  './PayrollSettings': './src/features/payroll/PayrollSettingsTab.tsx',
};
