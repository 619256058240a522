// Bank and mobile-money statements of a treasury account (issue 28): import (CSV, OFX, camt.053) with preview and confirmation, lines typed in by hand.
export { bankStatementsApi } from './routes';
export { bankStatementsService, suggestedAccount, treasuryAccountOf, treasuryAccountParam } from './service';
export { LINE_COLUMNS, LINE_FROM, toLine, type StatementLineRow } from './model';
