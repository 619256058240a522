// Public face of the portfolio feature (route /portefeuille: all the user's companies).
export { attentionReasons, columnTotal, overdueCountTotal, STALE_LEDGER_DAYS } from './figures';
