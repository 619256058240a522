import { assertProductionSecrets, SERVICE_SECRETS } from '@xaalis/service-kit';
import { accountingService } from './definition';

/** Starts the BullMQ worker of the service's queue; `node dist/worker.js` runs it. */
export const startWorker = accountingService.startWorker;

if (require.main === module) {
  assertProductionSecrets(SERVICE_SECRETS);
  accountingService.main('worker');
}
