import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~70 ms on a small 2-core machine,
// where the library default (64 MiB, 3 passes, 4 lanes) takes ~250 ms per login.
// verify() reads the parameters from each hash, so they can be raised later.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummy: Promise<string> | null = null;
/** A real argon2id hash of a random secret: unknown usernames cost the same time as wrong passwords. */
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // malformed hash
  }
}
