// Inalterability of the ledger: the hash chain of validated entries (migration 0013) and 'Vérifier l'intégrité'.
export { ledgerIntegrityApi } from './routes';
export { integritySettings, ledgerIntegrityService, type LedgerIntegrityService } from './service';
