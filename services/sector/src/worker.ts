import { sectorService } from './definition';

/** Starts the BullMQ worker of the service's queue; `node dist/worker.js` runs it. */
export const startWorker = sectorService.startWorker;

if (require.main === module) sectorService.main('worker');
