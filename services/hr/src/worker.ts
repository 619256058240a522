import { hrService } from './definition';

/** Starts the BullMQ worker of the service's queue; `node dist/worker.js` runs it. */
export const startWorker = hrService.startWorker;

if (require.main === module) hrService.main('worker');
