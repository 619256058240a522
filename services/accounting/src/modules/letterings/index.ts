// Public face of the lettering feature (other features import from here only).
export { letteringsApi } from './routes';
export { letterIn, letterInvoiceIn, letteringCode } from './lettering';
