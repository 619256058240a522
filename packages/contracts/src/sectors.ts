import { z } from 'zod';
import { normalizeSector, SECTORS } from './sector-values';

// The values and labels live in a module without zod (./sign-in.ts); re-exported here.
export * from './sector-values';

export const sectorSchema = (message: string) => z.preprocess(normalizeSector, z.enum(SECTORS, { error: message }));
