// `@xaalis/contracts/sign-in`: what the signed-out pages (/, /auth) need before the form
// is touched, without zod and without the rest of the contracts (the whole package is
// ~50 KiB gzipped). The schemas are in `@xaalis/contracts/auth`, loaded on first input.
export { MESSAGES_AUTH, REGISTER_LIMITS } from './auth-messages';
export { SECTORS, SECTOR_LABELS, type Sector } from './sector-values';
export type { LoginInput, RegisterInput, User } from './auth';
