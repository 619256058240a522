import { assertProductionSecrets, SERVICE_SECRETS } from '@xaalis/service-kit';
import { sectorService } from './definition';

/** Starts the HTTP API (tests call it with `{ port: 0 }`); `node dist/server.js` listens. */
export const start = sectorService.start;

if (require.main === module) {
  assertProductionSecrets(SERVICE_SECRETS);
  sectorService.main('server');
}
