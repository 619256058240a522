import { join } from 'node:path';
import { describeRemoteExposes } from '@xaalis/web-kit/src/testing/remoteExposes';

describeRemoteExposes('sector', join(__dirname, '..'));
