// Treasury accounts (banks, mobile-money wallets, cash boxes, cheques) and transfers between them (issue 28).
export { treasuryAccountsApi } from './routes';
export { ensureDefaults, resolveTreasury, treasuryAccountsService, type TreasuryAccountsService } from './service';
export { rowsById } from './model';
