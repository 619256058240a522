// Public face of the tax returns feature (the Déclarations page is exposed on its own as './TaxReturns').
export { taxReturnsApi } from './api';
