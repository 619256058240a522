import { hrService } from './definition';

/** Starts the HTTP API (tests call it with `{ port: 0 }`); `node dist/server.js` listens. */
export const start = hrService.start;

if (require.main === module) hrService.main('server');
