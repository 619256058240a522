// Public face of the ledger-integrity feature ('Vérifier l'intégrité', Paramètres → Exercices).
export { IntegrityPanel } from './IntegrityPanel';
export { ledgerIntegrityApi, useCheckLedgerIntegrityMutation } from './api';
