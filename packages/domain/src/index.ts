export * from './money';
export * from './dates';
export * from './payroll';
export * from './depreciation';
export * from './loans';
export * from './recipe-costing';
export * from './iban';
