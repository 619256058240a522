import { accountingService } from './definition';

/** Starts the HTTP API (tests call it with `{ port: 0 }`); `node dist/server.js` listens. */
export const start = accountingService.start;

if (require.main === module) accountingService.main('server');
