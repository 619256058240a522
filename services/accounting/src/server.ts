import { assertProductionSecrets, SERVICE_SECRETS } from '@xaalis/service-kit';
import { accountingService } from './definition';

/** Starts the HTTP API (tests call it with `{ port: 0 }`); `node dist/server.js` listens. */
export const start = accountingService.start;

if (require.main === module) {
  assertProductionSecrets(SERVICE_SECRETS);
  accountingService.main('server');
}
